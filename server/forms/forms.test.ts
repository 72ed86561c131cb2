/**
 * Form submissions in-process (Fastify inject, fresh demo store): the key, the save and validate APIs with
 * every status and message, the captcha, and the plain HTML post with its re-rendered page and success state.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { FORM_MESSAGES } from '../../commerce/form-validation.js';
import { changeSiteSettings, demoApp, TEST_COOKIES, TEST_CRUMB, withCrumb, writeBeside } from '../test-support.js';
import { captchaConfigOf, TEST_CAPTCHA_TOKEN } from './captcha.js';

let app: FastifyInstance;

const FULL_FORM = 'full-form';
const FULL_FIELDS = [
  { id: 'intro', kind: 'section', title: 'About you' },
  { id: 'who', kind: 'name', title: 'Name', required: true },
  { id: 'email', kind: 'email', title: 'Email', required: true },
  { id: 'phone', kind: 'phone', title: 'Phone' },
  { id: 'size', kind: 'select', title: 'Size', required: true, options: ['S', 'M'] },
  { id: 'colour', kind: 'radio', title: 'Colour', options: ['Red', 'Blue'] },
  { id: 'extras', kind: 'checkbox', title: 'Extras', options: ['Gift wrap', 'Card'] },
  { id: 'mood', kind: 'likert', title: 'Mood', questions: ['Happy?'] },
  { id: 'source', kind: 'hidden', title: 'Source', value: 'preset' },
  { id: 'note', kind: 'textarea', title: 'Note', maxLength: 10 },
];

const setSettings = (patch: Record<string, unknown>) => changeSiteSettings(app, (settings) => ({ ...settings, ...patch }));

/** A form's row changed beside the app (either database); `change` gets the stored row. */
const changeForm = (id: string, change: (row: { fields: string }) => Record<string, unknown>) =>
  writeBeside(app, async ({ db, t }) => {
    const [row] = await db.select().from(t.forms).where(eq(t.forms.id, id));
    await db.update(t.forms).set(change(row!)).where(eq(t.forms.id, id));
  });

const post = (url: string, payload?: unknown) => app.inject(withCrumb({ method: 'POST', url, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) }));

async function key(): Promise<string> {
  const res = await post('/api/form/FormSubmissionKey');
  expect(res.statusCode).toBe(200);
  return res.json().key as string;
}

const save = async (formId: string, values: unknown, extra: Record<string, unknown> = {}) =>
  post('/api/form/SaveFormSubmission', { key: await key(), formId, form: JSON.stringify(values), ...extra });

const formPost = (url: string, fields: Record<string, string | string[]>) => {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) for (const one of Array.isArray(v) ? v : [v]) body.append(k, one);
  body.append('crumb', TEST_CRUMB);
  return app.inject({ method: 'POST', url, cookies: TEST_COOKIES, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: body.toString() });
};

const submissions = (formId: string) => {
  const { db, t } = app.reads;
  return db.select().from(t.formSubmissions).where(eq(t.formSubmissions.formId, formId));
};

beforeAll(async () => {
  ({ app } = await demoApp({ guards: { rateLimits: { visitor: { burst: 10_000, perMinute: 10_000 } } } }));
  await writeBeside(app, async ({ db, t }) => {
    await db.insert(t.forms).values({ id: FULL_FORM, websiteId: 'demo', name: 'Everything', fields: JSON.stringify(FULL_FIELDS), submissionMessage: 'Got it.' });
  });
});
afterAll(() => app.close());
beforeEach(() => setSettings({ captchaSettings: {} }));

describe('POST /api/form/FormSubmissionKey', () => {
  it('answers a fresh key, stored only as its hash, with an empty body even as JSON', async () => {
    const a = await key();
    const b = await key();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
    const { db, t } = app.reads;
    expect((await db.select().from(t.formSubmissionKeys)).some((k) => k.keyHash === a)).toBe(false);
    const json = await app.inject(withCrumb({ method: 'POST', url: '/api/form/FormSubmissionKey', headers: { 'content-type': 'application/json' }, payload: '' }));
    expect(json.statusCode).toBe(200);
  });
  it('needs the crumb', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/form/FormSubmissionKey' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ crumbFail: true });
  });
});

describe('POST /api/form/SaveFormSubmission', () => {
  it('stores a valid submission with the sanitised values and the page fields; 200 { success: true }', async () => {
    const res = await save('contact-form', { name: ' Ada ', email: 'ada@example.com', message: 'Hello' }, { pageId: 'contact', collectionId: 'contact' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    const row = (await submissions('contact-form')).at(-1)!;
    expect(JSON.parse(row.data)).toEqual({ name: 'Ada', email: 'ada@example.com', message: 'Hello' });
    expect(JSON.parse(row.meta)).toEqual({ pageId: 'contact', collectionId: 'contact' });
  });

  it('400 with data.errors per field, nothing stored', async () => {
    const before = (await submissions('contact-form')).length;
    const res = await save('contact-form', { name: '', email: 'nope', message: 'x'.repeat(2001) });
    expect(res.statusCode).toBe(400);
    expect(res.json().data).toEqual({ errors: { name: 'Required', email: FORM_MESSAGES.invalidEmail, message: 'You have exceeded the character limit.' } });
    expect((await submissions('contact-form')).length).toBe(before);
  });

  it('shapes every kind: phone parts, likert map, checkbox list, sections skipped', async () => {
    const res = await save(FULL_FORM, {
      intro: 'ignored',
      who: ['Ada', 'Lovelace'],
      email: 'ada@example.com',
      phone: ['555', '123', '4567'],
      size: 'M',
      colour: 'Green',
      extras: ['Card'],
      mood: { 'Happy?': '2' },
      source: 'newsletter',
      note: 'short',
    });
    expect(res.statusCode).toBe(200);
    expect(JSON.parse((await submissions(FULL_FORM)).at(-1)!.data)).toEqual({
      who: ['Ada', 'Lovelace'],
      email: 'ada@example.com',
      phone: ['', '555', '123', '4567'],
      size: 'M',
      colour: '',
      extras: ['Card'],
      mood: { 'Happy?': '2' },
      source: 'newsletter',
      note: 'short',
    });
  });

  it('404 for an unknown form', async () => {
    const res = await save('no-such-form', {});
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'This form has not been configured yet.', data: { error: 'This form has not been configured yet.' } });
  });

  it('a bad, used or expired key is refused with the reload message', async () => {
    const values = JSON.stringify({ name: 'A', email: 'a@b.co', message: 'm' });
    const bad = await post('/api/form/SaveFormSubmission', { key: 'made-up', formId: 'contact-form', form: values });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data).toEqual({ error: 'Error processing form submission. Please reload and try again.' });
    const k = await key();
    expect((await post('/api/form/SaveFormSubmission', { key: k, formId: 'contact-form', form: values })).statusCode).toBe(200);
    const again = await post('/api/form/SaveFormSubmission', { key: k, formId: 'contact-form', form: values });
    expect(again.statusCode).toBe(400);
    expect(again.json().data.error).toBe(FORM_MESSAGES.processing);
    const old = await app.stores.forms.issueKey(Date.now() - 31 * 60_000);
    expect((await post('/api/form/SaveFormSubmission', { key: old, formId: 'contact-form', form: values })).json().data.error).toBe(FORM_MESSAGES.processing);
  });

  it('a key refused for invalid fields can be used again', async () => {
    const k = await key();
    const invalid = await post('/api/form/SaveFormSubmission', { key: k, formId: 'contact-form', form: JSON.stringify({}) });
    expect(invalid.statusCode).toBe(400);
    const ok = await post('/api/form/SaveFormSubmission', { key: k, formId: 'contact-form', form: JSON.stringify({ name: 'A', email: 'a@b.co', message: 'm' }) });
    expect(ok.statusCode).toBe(200);
  });

  it('unparsable form JSON → the parse message', async () => {
    for (const form of ['{not json', '[1,2]', '"text"']) {
      const res = await post('/api/form/SaveFormSubmission', { key: await key(), formId: 'contact-form', form });
      expect(res.statusCode).toBe(400);
      expect(res.json().data).toEqual({ error: 'Could not parse the form fields, please check your entries.' });
    }
  });

  it('schema failures keep the { data: { error } } shape', async () => {
    const res = await post('/api/form/SaveFormSubmission', { formId: 'contact-form', form: '{}' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'key is required.', data: { error: 'key is required.' } });
    const nested = await post('/api/form/SaveFormSubmission', { key: 'k', formId: 'contact-form', form: '{}', page: { a: 1 } });
    expect(nested.statusCode).toBe(400);
    expect(nested.json().data.error).toEqual(expect.any(String));
  });

  it('429 over the visitor write limit', async () => {
    const { app: tight } = await demoApp({ guards: { rateLimits: { visitor: { burst: 2, perMinute: 1 } } } });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 3; i++) codes.push((await tight.inject(withCrumb({ method: 'POST', url: '/api/form/FormSubmissionKey' }))).statusCode);
      expect(codes).toEqual([200, 200, 429]);
    } finally {
      await tight.close();
    }
  });
});

describe('captcha', () => {
  beforeEach(() => changeForm('contact-form', () => ({ captchaEnabled: true })));
  afterAll(() => changeForm('contact-form', () => ({ captchaEnabled: false })));
  const values = { name: 'A', email: 'a@b.co', message: 'm' };

  it('no site key → no captcha asked', async () => {
    expect((await save('contact-form', values)).statusCode).toBe(200);
  });

  it('with a site key and the test provider: missing or wrong token refused, the test token (either route) accepted', async () => {
    await setSettings({ captchaSettings: { siteKey: 'site-key-1', provider: 'test' } });
    const missing = await save('contact-form', values);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().data).toEqual({ error: 'Complete CAPTCHA before submitting.' });
    expect((await save('contact-form', values, { captchaKey: 'wrong' })).statusCode).toBe(400);
    expect((await save('contact-form', values, { captchaKey: TEST_CAPTCHA_TOKEN })).statusCode).toBe(200);
    expect((await save('contact-form', values, { recaptchaEnterpriseV3Token: TEST_CAPTCHA_TOKEN })).statusCode).toBe(200);
  });

  it('a site key without a provider fails closed (no network call)', async () => {
    await setSettings({ captchaSettings: { siteKey: 'site-key-1' } });
    expect((await save('contact-form', values, { captchaKey: TEST_CAPTCHA_TOKEN })).statusCode).toBe(400);
  });

  it('TESSERA_CAPTCHA=test selects the test provider', async () => {
    await setSettings({ captchaSettings: { siteKey: 'k' } });
    const { db, t } = app.reads;
    const stored = JSON.parse((await db.select().from(t.websites).limit(1))[0]!.settings)['captchaSettings'];
    expect(captchaConfigOf(stored, {}).provider.name).toBe('unavailable');
    vi.stubEnv('TESSERA_CAPTCHA', 'test');
    try {
      expect(captchaConfigOf(stored).provider.name).toBe('test');
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('the page carries the captcha view (site key, theme, alignment, checkbox or v3)', async () => {
    await setSettings({ captchaSettings: { siteKey: 'site-key-1', provider: 'test', enterpriseV3: true } });
    const form = (await app.inject({ method: 'GET', url: '/contact?format=json' })).json().form;
    expect(form.captcha).toMatchObject({ siteKey: 'site-key-1', theme: 'light', alignment: 'left', checkbox: false, enterpriseV3: true });
  });

  it('a plain post without the token re-renders with the captcha message', async () => {
    await setSettings({ captchaSettings: { siteKey: 'site-key-1', provider: 'test' } });
    const res = await formPost('/forms/contact-form?format=json', values);
    expect(res.statusCode).toBe(400);
    expect(res.json().form.errorSummary.items).toEqual([{ fieldId: 'captcha', label: 'CAPTCHA', message: 'Complete CAPTCHA before submitting.', href: '#contact-form-captcha' }]);
    const ok = await formPost('/forms/contact-form', { ...values, 'g-recaptcha-response': TEST_CAPTCHA_TOKEN });
    expect(ok.statusCode).toBe(303);
  });
});

describe('POST /api/rest/forms/validate/{formId}', () => {
  it('200 { valid: true } or 400 { valid: false, errors, message }', async () => {
    const ok = await post('/api/rest/forms/validate/contact-form', { name: 'A', email: 'a@b.co', message: 'm' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ valid: true });
    const bad = await post('/api/rest/forms/validate/contact-form', { email: 'bad' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ valid: false, errors: { name: 'Required', email: FORM_MESSAGES.invalidEmail, message: 'Required' }, message: FORM_MESSAGES.summary });
    expect((await post('/api/rest/forms/validate/nope', {})).statusCode).toBe(404);
    const before = (await submissions('contact-form')).length;
    await post('/api/rest/forms/validate/contact-form', { name: 'A', email: 'a@b.co', message: 'm' });
    expect((await submissions('contact-form')).length).toBe(before);
  });
});

describe('the form view model and the plain HTML post', () => {
  it('the page JSON carries the view model; hidden values come from the query', async () => {
    await changeForm('contact-form', (row) => ({ fields: JSON.stringify([...JSON.parse(row.fields), { id: 'source', kind: 'hidden', value: 'preset' }]) }));
    try {
      const form = (await app.inject({ method: 'GET', url: '/contact?format=json&source=ad' })).json().form;
      expect(form).toMatchObject({ id: 'contact-form', action: '/forms/contact-form', method: 'post', hasErrors: false, submitted: false });
      expect(form.fields.map((f: { id: string }) => f.id)).toEqual(['name', 'email', 'message', 'source']);
      expect(form.fields[0]).toMatchObject({ kind: 'text', type: 'text', label: 'Name', name: 'name', inputId: 'contact-form-name', required: true, value: '' });
      expect(form.fields[2]).toMatchObject({ kind: 'textarea', maxLength: 2000, counter: { text: '0 / 2000', over: false } });
      expect(form.fields[3]).toMatchObject({ kind: 'hidden', isHidden: true, value: 'ad' });
    } finally {
      await changeForm('contact-form', (row) => ({ fields: JSON.stringify(JSON.parse(row.fields).slice(0, 3)) }));
    }
  });

  it('invalid → 400, the page again (HTML, never JSON) with what was typed, errors and the summary', async () => {
    const before = (await submissions('contact-form')).length;
    const res = await formPost('/forms/contact-form', { name: 'Ada <b>', email: 'nope', message: '' });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<form class="content-form" id="form-contact-form"');
    expect((await submissions('contact-form')).length).toBe(before);
    const json = await formPost('/forms/contact-form?format=json', { name: 'Ada', email: 'nope', message: '' });
    const form = json.json().form;
    expect(form.hasErrors).toBe(true);
    expect(form.scrollMessage).toBe('Your form has encountered a problem. Please scroll down to review.');
    expect(form.errorSummary).toEqual({
      title: 'One or more fields is invalid, please check your entries.',
      items: [
        { fieldId: 'email', label: 'Email', message: FORM_MESSAGES.invalidEmail, href: '#contact-form-email' },
        { fieldId: 'message', label: 'Message', message: 'Required', href: '#contact-form-message' },
      ],
    });
    expect(form.fields[0]).toMatchObject({ value: 'Ada', hasError: false });
    expect(form.fields[1]).toMatchObject({ value: 'nope', error: FORM_MESSAGES.invalidEmail, errorId: 'contact-form-email-error' });
  });

  it('valid → stored, 303 to the page with ?submitted= whose view model shows the submission message', async () => {
    const before = (await submissions('contact-form')).length;
    const res = await formPost('/forms/contact-form', { name: 'Ada', email: 'ada@example.com', message: 'Hi' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/contact?submitted=contact-form#form-contact-form');
    expect((await submissions('contact-form')).length).toBe(before + 1);
    const form = (await app.inject({ method: 'GET', url: '/contact?submitted=contact-form&format=json' })).json().form;
    expect(form).toMatchObject({ submitted: true, submissionMessage: 'Thank you! We will be in touch soon.' });
  });

  it('valid with a success redirect → 303 there (site paths and http(s) only)', async () => {
    await changeForm(FULL_FORM, () => ({ successRedirect: '/thanks' }));
    const fields = { 'who-fname': 'Ada', 'who-lname': 'L', email: 'a@b.co', size: 'S', extras: ['Gift wrap', 'Card'], 'mood-0': '1', source: 'x' };
    const res = await formPost(`/forms/${FULL_FORM}`, fields);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/thanks');
    expect(JSON.parse((await submissions(FULL_FORM)).at(-1)!.data)).toMatchObject({ who: ['Ada', 'L'], extras: ['Gift wrap', 'Card'], mood: { 'Happy?': '1' }, phone: ['', '', '', ''] });
    await changeForm(FULL_FORM, () => ({ successRedirect: '//evil.example' }));
    const unsafe = await formPost(`/forms/${FULL_FORM}`, fields);
    expect(unsafe.headers.location).toBe('/?submitted=full-form#form-full-form');
  });

  it('a form on no page re-renders a bare page; multi-part errors link to the first part', async () => {
    const res = await formPost(`/forms/${FULL_FORM}?format=json`, { size: 'XL' });
    expect(res.statusCode).toBe(400);
    const form = res.json().form;
    expect(form.errorSummary.items.map((i: { href: string }) => i.href)).toEqual(['#full-form-who-fname', '#full-form-email', '#full-form-size']);
    const who = form.fields.find((f: { id: string }) => f.id === 'who');
    expect(who.parts.map((p: { name: string }) => p.name)).toEqual(['who-fname', 'who-lname']);
    const mood = form.fields.find((f: { id: string }) => f.id === 'mood');
    expect(mood.questions[0]).toMatchObject({ question: 'Happy?', name: 'mood-0' });
    expect(mood.questions[0].options.map((o: { label: string }) => o.label)).toEqual(['Strongly Disagree', 'Disagree', 'Neutral', 'Agree', 'Strongly Agree']);
  });

  it('unknown form → the 404 page; no crumb → 403 page; both HTML', async () => {
    const missing = await formPost('/forms/nope', { a: 'b' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toContain('text/html');
    const noCrumb = await app.inject({ method: 'POST', url: '/forms/contact-form', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'name=a' });
    expect(noCrumb.statusCode).toBe(403);
    expect(noCrumb.headers['content-type']).toContain('text/html');
  });
});

describe('a page naming a form that does not exist', () => {
  it('shows an error text in place of the form', async () => {
    const { app: other } = await demoApp();
    await writeBeside(other, async ({ db, t }) => {
      const [page] = await db.select().from(t.collections).where(eq(t.collections.urlId, 'contact'));
      await db.update(t.collections).set({ settings: JSON.stringify({ ...JSON.parse(page!.settings), formId: 'no-such-form' }) }).where(eq(t.collections.id, page!.id));
    });
    const page = await other.inject('/contact');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<p class="content-form form-missing" role="alert">${FORM_MESSAGES.notConfigured}</p>`);
    expect(page.body).not.toContain('<form class="content-form"');
    await other.close();
  });
});
