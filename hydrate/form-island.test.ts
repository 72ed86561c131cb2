// @vitest-environment happy-dom
/**
 * The form island over the theme's own form block (templates/blocks/form.block rendered from the server's view
 * model, as a page shows it): the spec's submit flow (§4 "Generic form"), the client rules and their messages
 * (§5), the payload (§3, §7) and every failure's wording (§8), and the captcha's reset.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { FORM_MESSAGES, type FormField, type FieldKind } from '../commerce/form-validation.js';
import { compile, createPluginTable, DEFAULT_PLUGINS, render } from '../engine/index.js';
import { textFormatter } from '../commerce/messages/text-formatter.js';
import { type CaptchaConfig, testCaptchaProvider, TEST_CAPTCHA_TOKEN, unavailableCaptchaProvider } from '../server/forms/captcha.js';
import type { FormRow } from '../server/forms/service.js';
import { formView } from '../server/forms/view-model.js';
import { flush, fetchMock, offline, pending, respond, sentRequest, useIslandTestPage } from './dom-testing.js';
import { CAPTCHA_COMPACT_BELOW_PX } from './captcha-widget.js';
import { enhanceForm, SUBMITTING_LABEL } from './islands/form.js';

useIslandTestPage({ cookies: { crumb: 'abc' } });

// the theme's plugins: the engine's and the catalog's words (`t`)
const PLUGINS = createPluginTable({ formatters: [...DEFAULT_PLUGINS.formatters.values()], predicates: [...DEFAULT_PLUGINS.predicates.values()] }, { formatters: [textFormatter] });
const BLOCK = compile(readFileSync(join(dirname(fileURLToPath(import.meta.url)), '..', 'templates', 'blocks', 'form.block'), 'utf8'), {}, PLUGINS).template;

const field = (id: string, kind: FieldKind, over: Partial<FormField> = {}): FormField => ({ id, kind, title: id.toUpperCase(), required: false, ...over });

const FIELDS: FormField[] = [
  field('name', 'name', { required: true, description: 'As on your card' }),
  field('email', 'email', { required: true }),
  field('phone', 'phone'),
  field('topic', 'select', { options: ['Orders', 'Workshops'], required: true }),
  field('likes', 'checkbox', { options: ['Mugs', 'Linen'] }),
  field('mood', 'likert', { questions: ['Service'] }),
  field('intro', 'section'),
  field('source', 'hidden', { value: 'preset' }),
  field('message', 'textarea', { maxLength: 10 }),
];

function row(over: Partial<FormRow> = {}): FormRow {
  return {
    id: 'f1',
    websiteId: 'w',
    name: 'Contact',
    fields: JSON.stringify(FIELDS),
    submissionMessage: 'Thanks!',
    submissionHtml: '',
    successRedirect: null,
    disclaimerMessage: '',
    captchaEnabled: false,
    captchaTheme: 'light',
    captchaAlignment: 'left',
    ...over,
  };
}

const NO_CAPTCHA: CaptchaConfig = { siteKey: null, enterpriseV3: false, provider: unavailableCaptchaProvider };
const TEST_CAPTCHA: CaptchaConfig = { siteKey: 'site-key', enterpriseV3: false, provider: testCaptchaProvider };

function page(over: Partial<FormRow> = {}, captcha = NO_CAPTCHA): HTMLElement {
  const view = formView({ row: row(over), fields: FIELDS }, captcha);
  const { html: output, errors } = render(BLOCK, { ...(view as object), crumb: 'abc' }, {}, PLUGINS);
  expect(errors.filter((e) => e.severity === 'error')).toEqual([]);
  document.body.innerHTML = output;
  const element = document.querySelector<HTMLElement>('[data-island="form"]')!;
  enhanceForm(element);
  return element;
}

const $ = <T extends Element = HTMLInputElement>(el: HTMLElement, selector: string) => el.querySelector<T>(selector)!;
const button = (el: HTMLElement) => $<HTMLButtonElement>(el, 'button[type=submit]');
const note = (el: HTMLElement) => $<HTMLElement>(el, '.form-submit-message');
const submit = (el: HTMLElement) => $<HTMLFormElement>(el, 'form').requestSubmit();

function fill(el: HTMLElement, values: Record<string, string>): void {
  for (const [id, value] of Object.entries(values)) $(el, `#${id}`).value = value;
}

/** A valid form sent, the key given and the save accepted. */
async function submitAccepted(el: HTMLElement): Promise<void> {
  fillValid(el);
  respond(200, { key: 'k' });
  respond(200, { success: true });
  submit(el);
  await flush();
}

function fillValid(el: HTMLElement): void {
  fill(el, { 'f1-name-fname': 'Ada', 'f1-name-lname': 'Keys', 'f1-email': 'ada@example.com', 'f1-phone-areacode': '555', 'f1-phone-prefix': '123', 'f1-phone-line': '4567' });
  $<HTMLSelectElement>(el, '#f1-topic').value = 'Workshops';
  $(el, '#f1-likes-1').checked = true;
  $(el, '#f1-mood-0-4').checked = true;
}

describe('form island', () => {
  it('refuses in place without a request: each field its message, the linked summary focused, the scroll-up note', async () => {
    const el = page();
    submit(el);
    await flush();
    expect(fetchMock).not.toHaveBeenCalled();
    const summary = $<HTMLElement>(el, '.form-error-summary');
    expect(summary.querySelector('h2')?.textContent).toBe(FORM_MESSAGES.summary);
    expect(document.activeElement).toBe(summary);
    expect([...summary.querySelectorAll('a')].map((a) => [a.getAttribute('href'), a.textContent])).toEqual([
      ['#f1-name-fname', 'NAME: Required'],
      ['#f1-email', 'EMAIL: Required'],
      ['#f1-topic', 'TOPIC: Required'],
    ]);
    expect($(el, '#f1-email-error').textContent).toBe('Required');
    expect($(el, '#f1-email').getAttribute('aria-invalid')).toBe('true');
    expect($(el, '#f1-email').getAttribute('aria-describedby')).toContain('f1-email-error');
    expect(note(el).textContent).toBe(FORM_MESSAGES.scrollUp);
    expect(note(el).hidden).toBe(false);
    expect(button(el).disabled).toBe(false);

    // a second try clears what is now right
    fill(el, { 'f1-email': 'ada@' });
    submit(el);
    await flush();
    expect($(el, '#f1-email-error').textContent).toBe(FORM_MESSAGES.invalidEmail);
    expect(el.querySelectorAll('.form-error-summary')).toHaveLength(1);
  });

  it('the textarea limit: a live counter, and the message over it', async () => {
    const el = page();
    fillValid(el);
    const textarea = $<HTMLTextAreaElement>(el, '#f1-message');
    textarea.value = 'twelve chars';
    textarea.dispatchEvent(new Event('input'));
    expect($(el, '.form-field-counter').textContent).toBe('12 / 10');
    submit(el);
    await flush();
    expect($(el, '#f1-message-error').textContent).toBe(FORM_MESSAGES.tooLong);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a valid form: Submitting… while it goes, a key, then the save with the payload of §3', async () => {
    window.history.replaceState(null, '', '/contact?source=newsletter');
    const el = page();
    fillValid(el);
    respond(200, { key: 'k1' });
    const release = pending(200, { success: true });
    submit(el);
    expect(button(el).textContent).toBe(SUBMITTING_LABEL);
    expect(button(el).disabled).toBe(true);
    submit(el); // a second press while busy sends nothing more
    await flush();
    expect(sentRequest(0).path).toBe('/api/form/FormSubmissionKey');
    const save = sentRequest(1);
    expect(save.path).toBe('/api/form/SaveFormSubmission');
    expect(save.headers['x-csrf-token']).toBe('abc');
    const body = save.body as Record<string, unknown>;
    expect(body['key']).toBe('k1');
    expect(body['formId']).toBe('f1');
    expect(body['pagePath']).toBe('/contact');
    expect('captchaKey' in body).toBe(false);
    expect(JSON.parse(String(body['form']))).toEqual({
      name: ['Ada', 'Keys'],
      email: 'ada@example.com',
      phone: ['', '555', '123', '4567'],
      topic: 'Workshops',
      likes: ['Linen'],
      mood: { Service: '2' },
      source: 'newsletter',
      message: '',
    });
    await release();
    expect($<HTMLFormElement>(el, 'form').hidden).toBe(true);
    expect($<HTMLElement>(el, '.form-submitted').textContent).toBe('Thanks!');
    expect(document.activeElement).toBe($(el, '.form-submitted'));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    window.history.replaceState(null, '', '/');
  });

  it('success with post-submit HTML shows it and runs its scripts', async () => {
    const el = page({ submissionHtml: '<p class="custom">Done</p><script>window.__ran = true</script>' });
    await submitAccepted(el);
    expect($(el, '.form-submitted .custom').textContent).toBe('Done');
    expect($<HTMLScriptElement>(el, '.form-submitted script').text).toContain('__ran');
  });

  const failures: [string, () => void, string][] = [
    ['no key', () => respond(500, {}), FORM_MESSAGES.noKey],
    ['the key refused over the limit', () => respond(429, {}), FORM_MESSAGES.rateLimited],
    ['400 with the parse error', () => (respond(200, { key: 'k' }), respond(400, { message: 'm', data: { error: FORM_MESSAGES.unparsable } })), FORM_MESSAGES.unparsable],
    ['the key call offline', () => offline(), FORM_MESSAGES.noKey],
    ['401', () => (respond(200, { key: 'k' }), respond(401, {})), FORM_MESSAGES.unauthorized],
    ['404', () => (respond(200, { key: 'k' }), respond(404, { message: 'x' })), FORM_MESSAGES.notConfigured],
    ['429', () => (respond(200, { key: 'k' }), respond(429, {})), FORM_MESSAGES.rateLimited],
    ['500', () => (respond(200, { key: 'k' }), respond(500, {})), FORM_MESSAGES.sendFailed],
    ['400 with data.error', () => (respond(200, { key: 'k' }), respond(400, { message: 'm', data: { error: FORM_MESSAGES.processing } })), FORM_MESSAGES.processing],
    ['400 with nothing', () => (respond(200, { key: 'k' }), respond(400, {})), FORM_MESSAGES.unknown],
    ['the save offline', () => (respond(200, { key: 'k' }), offline()), FORM_MESSAGES.unknown],
  ];
  for (const [name, answer, message] of failures) {
    it(`a failure (${name}) unlocks and says: ${message}`, async () => {
      const el = page();
      fillValid(el);
      answer();
      submit(el);
      await flush();
      expect(note(el).textContent).toBe(message);
      expect(button(el).disabled).toBe(false);
      expect(button(el).textContent).toBe('Send');
      expect($<HTMLFormElement>(el, 'form').hidden).toBe(false);
    });
  }

  it('success with a redirect goes there (the form is left as it was)', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const el = page({ successRedirect: '/thanks' });
    await submitAccepted(el);
    expect(assign).toHaveBeenCalledWith('/thanks');
    expect(el.querySelector('.form-submitted')).toBeNull();
  });

  it('a success redirect the URL rule refuses is not followed: the form says it was sent instead (issue 30)', async () => {
    for (const successRedirect of ['javascript:alert(document.domain)', 'java\tscript:alert(1)', 'data:text/html,x', '/\t/example.com']) {
      const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
      const el = page({ successRedirect });
      await submitAccepted(el);
      expect(assign, successRedirect).not.toHaveBeenCalled();
      expect(el.querySelector('.form-submitted'), successRedirect).not.toBeNull();
      assign.mockRestore();
      el.remove();
    }
  });

  it('a group (multi-part, choices) is described by its error as a whole, and loses only the error once right', async () => {
    const el = page();
    const name = $<HTMLFieldSetElement>(el, '[data-field-id="name"] fieldset');
    expect(name.getAttribute('aria-describedby')).toBe('f1-name-description');
    submit(el);
    await flush();
    expect(name.getAttribute('aria-describedby')).toBe('f1-name-description f1-name-error');
    expect($(el, '#f1-name-fname').getAttribute('aria-invalid')).toBe('true');
    expect($(el, '#f1-name-error').textContent).toBe('Required');
    fillValid(el);
    fill(el, { 'f1-email': '' });
    submit(el);
    await flush();
    expect(name.getAttribute('aria-describedby')).toBe('f1-name-description');
    expect($(el, '#f1-name-fname').hasAttribute('aria-invalid')).toBe(false);
    expect(el.querySelector('#f1-name-error')).toBeNull();
  });

  it("a 400 with data.errors puts the server's messages on their fields", async () => {
    const el = page();
    fillValid(el);
    respond(200, { key: 'k' });
    respond(400, { message: FORM_MESSAGES.summary, data: { errors: { email: 'Taken' } } });
    submit(el);
    await flush();
    expect($(el, '#f1-email-error').textContent).toBe('Taken');
    expect($(el, '.form-error-summary h2').textContent).toBe(FORM_MESSAGES.summary);
  });

  describe('with a captcha (the test provider)', () => {
    it('asks for it first, sends its token as captchaKey, and after a failure resets it and keeps the button waiting', async () => {
      const el = page({ captchaEnabled: true }, TEST_CAPTCHA);
      fillValid(el);
      submit(el);
      await flush();
      expect($(el, '#f1-captcha-error').textContent).toBe(FORM_MESSAGES.captcha);
      expect(fetchMock).not.toHaveBeenCalled();

      const box = $(el, '#f1-captcha');
      box.checked = true;
      box.dispatchEvent(new Event('change'));
      respond(200, { key: 'k' });
      respond(400, { message: FORM_MESSAGES.captcha, data: { error: FORM_MESSAGES.captcha } });
      submit(el);
      await flush();
      expect((sentRequest(1).body as Record<string, unknown>)['captchaKey']).toBe(TEST_CAPTCHA_TOKEN);
      expect(note(el).textContent).toBe(FORM_MESSAGES.captcha);
      expect(box.checked).toBe(false);
      expect(button(el).disabled).toBe(true);
      box.checked = true;
      box.dispatchEvent(new Event('change'));
      expect(button(el).disabled).toBe(false);
    });

    it('is compact in a container narrower than 320 px (happy-dom lays nothing out: width 0)', () => {
      const el = page({ captchaEnabled: true }, TEST_CAPTCHA);
      expect(CAPTCHA_COMPACT_BELOW_PX).toBe(320);
      expect($<HTMLElement>(el, '.form-captcha').dataset['size']).toBe('compact');
    });

    it('keeps the normal size in a container 320 px wide or more', () => {
      vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, 0, CAPTCHA_COMPACT_BELOW_PX, 80));
      const el = page({ captchaEnabled: true }, TEST_CAPTCHA);
      expect($<HTMLElement>(el, '.form-captcha').dataset['size']).toBeUndefined();
    });

    it('the Enterprise v3 route shows no checkbox and sends its token as recaptchaEnterpriseV3Token', async () => {
      const el = page({ captchaEnabled: true }, { ...TEST_CAPTCHA, enterpriseV3: true });
      expect(el.querySelector('#f1-captcha')).toBeNull();
      await submitAccepted(el);
      const body = sentRequest(1).body as Record<string, unknown>;
      expect(body['recaptchaEnterpriseV3Token']).toBe(TEST_CAPTCHA_TOKEN);
      expect('captchaKey' in body).toBe(false);
    });
  });
});

describe('the form block without JavaScript (every field kind, after a refused post)', () => {
  const KINDS: FieldKind[] = ['address', 'checkbox', 'date', 'hidden', 'likert', 'name', 'phone', 'radio', 'select', 'time', 'text', 'textarea', 'email', 'number', 'website', 'currency', 'section'];
  const ALL = KINDS.map((kind) =>
    field(kind, kind, {
      required: kind !== 'likert',
      description: `About ${kind}`,
      ...(kind === 'checkbox' || kind === 'radio' || kind === 'select' ? { options: ['A', 'B'] } : {}),
      ...(kind === 'likert' ? { questions: ['Q1', 'Q2'] } : {}),
      ...(kind === 'textarea' ? { maxLength: 5 } : {}),
    }),
  );
  const GROUPS = ['address', 'checkbox', 'date', 'likert', 'name', 'phone', 'radio', 'time'];
  const SINGLES = ['select', 'text', 'textarea', 'email', 'number', 'website', 'currency'];

  function refusedPage(): HTMLElement {
    const errors = Object.fromEntries(KINDS.filter((k) => k !== 'hidden' && k !== 'section').map((k) => [k, FORM_MESSAGES.required]));
    const view = formView({ row: row({ fields: JSON.stringify(ALL), disclaimerMessage: 'We keep your data.', captchaEnabled: true }), fields: ALL }, TEST_CAPTCHA, {
      errors,
      captchaError: FORM_MESSAGES.captcha,
      values: { textarea: 'too long' },
    });
    const { html: output } = render(BLOCK, { ...(view as object), crumb: 'abc' }, {}, PLUGINS);
    document.body.innerHTML = output;
    return document.querySelector<HTMLElement>('[data-island="form"]')!;
  }

  it('groups are fieldsets with a legend, described by their description and error', () => {
    const el = refusedPage();
    for (const kind of GROUPS) {
      const fieldset = $<HTMLFieldSetElement>(el, `[data-field-id="${kind}"] > fieldset`);
      expect(fieldset.querySelector(':scope > legend')?.textContent, kind).toContain(kind.toUpperCase());
      expect(fieldset.getAttribute('aria-describedby'), kind).toBe(`f1-${kind}-description f1-${kind}-error`);
      for (const id of fieldset.getAttribute('aria-describedby')!.split(' ')) expect(document.getElementById(id), id).not.toBeNull();
      for (const input of fieldset.querySelectorAll('input')) expect(el.querySelector(`label[for="${input.id}"]`), input.id).not.toBeNull();
    }
    expect(el.querySelectorAll('[data-field-id="likert"] fieldset.form-likert')).toHaveLength(2);
  });

  it('single controls have a label, aria-invalid and aria-describedby, and the input type of their kind', () => {
    const el = refusedPage();
    for (const kind of SINGLES) {
      const control = $<HTMLElement>(el, `#f1-${kind}`);
      expect(el.querySelector(`label[for="f1-${kind}"]`), kind).not.toBeNull();
      expect(control.getAttribute('aria-invalid'), kind).toBe('true');
      expect(control.getAttribute('aria-describedby'), kind).toBe(`f1-${kind}-description f1-${kind}-error`);
    }
    expect(['email', 'number', 'website', 'currency', 'text'].map((id) => $(el, `#f1-${id}`).type)).toEqual(['email', 'number', 'url', 'text', 'text']);
    expect($(el, '#f1-currency').getAttribute('inputmode')).toBe('decimal');
    expect($<HTMLSelectElement>(el, '#f1-select').options[0]?.value).toBe('');
    expect($<HTMLInputElement>(el, 'input[type=hidden][name=hidden]')).not.toBeNull();
    expect($(el, 'h2.form-section-title').textContent).toBe('SECTION');
  });

  it('the summary is on top and every link leads to an existing control; counter, disclaimer and captcha are shown', () => {
    const el = refusedPage();
    const form = $<HTMLFormElement>(el, 'form');
    const summary = $<HTMLElement>(el, '.form-error-summary');
    expect(summary.tabIndex).toBe(-1);
    expect(form.querySelector('.form-field')!.compareDocumentPosition(summary) & Node.DOCUMENT_POSITION_PRECEDING).toBeTruthy();
    const links = [...summary.querySelectorAll('a')];
    expect(links).toHaveLength(15 + 1);
    for (const a of links) expect(document.getElementById(a.getAttribute('href')!.slice(1)), a.href).not.toBeNull();
    expect(links.at(-1)?.textContent).toBe(`CAPTCHA: ${FORM_MESSAGES.captcha}`);
    const counter = $<HTMLElement>(el, '#f1-textarea-counter');
    expect(counter.textContent).toBe('8 / 5');
    expect(counter.classList.contains('form-field-counter--over')).toBe(true);
    expect($(el, '.form-disclaimer').textContent).toBe('We keep your data.');
    expect($(el, '#f1-captcha').getAttribute('aria-describedby')).toBe('f1-captcha-error');
  });
});
