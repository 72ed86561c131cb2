/**
 * The owner's form submissions over the demo store, with submissions sent through the visitor's own form API:
 * the list of forms with counts, pages newest first with a cursor, the CSV export (every answer, formulas
 * defused, quoting, a field the form has since lost), another site's form never found, role checks.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRIBUTOR_ROLES, type ContributorRole, OWNER_PERMISSIONS } from '../../owner/roles.js';
import { demoApp, withCrumb, writeBeside } from '../../test-support.js';
import { type EveryRole, signInEveryRole } from '../role-test-support.js';
import { FORM_SUBMISSION_MESSAGES } from './routes.js';

let app: FastifyInstance;
let roles: EveryRole;

const post = (url: string, payload?: Record<string, unknown>) => app.inject(withCrumb({ method: 'POST', url, ...(payload === undefined ? {} : { payload }) }));

async function submit(values: Record<string, string>, url = '/contact'): Promise<void> {
  const key = (await post('/api/form/FormSubmissionKey')).json().key as string;
  const res = await post('/api/form/SaveFormSubmission', { key, formId: 'contact-form', form: JSON.stringify(values), pageId: 'contact', url });
  expect(res.statusCode, res.body).toBe(200);
}

beforeAll(async () => {
  ({ app } = await demoApp({ guards: { rateLimits: { owner: { burst: 10_000, perMinute: 10_000 }, forms: { burst: 1000, perMinute: 1000 } } } }));
  roles = await signInEveryRole(app);
  await submit({ name: 'Ada Lovelace', email: 'ada@example.com', message: 'First line\nsecond, with "quotes"' });
  await submit({ name: '=HYPERLINK("http://evil.example","click")', email: 'eve@example.com', message: '-1 apron please' });
  await submit({ name: 'Zoë', email: 'zoe@example.com', message: 'Grüße' }, '/shop');
});
afterAll(() => app.close());

const as = (options: InjectOptions, role: ContributorRole = 'admin'): InjectOptions => ({ ...options, cookies: { ...options.cookies, ...roles.cookies(role) } });
const get = (url: string, role?: ContributorRole) => app.inject(as({ url }, role));

describe('GET /api/merchant/forms', () => {
  it('lists the site\'s forms with their fields, counts and last time', async () => {
    const res = await get('/api/merchant/forms');
    expect(res.statusCode).toBe(200);
    const contact = res.json().forms.find((f: { id: string }) => f.id === 'contact-form');
    expect(contact).toMatchObject({ name: 'Contact', submissions: 3, fields: [{ id: 'name', title: 'Name', kind: 'text' }, { id: 'email' }, { id: 'message' }] });
    expect(contact.lastSubmittedOn).toBeGreaterThan(Date.now() - 60_000);
  });
});

describe('GET /api/merchant/forms/:formId/submissions', () => {
  it('pages newest first, each answer as stored and as text, with the page it came from', async () => {
    const first = await get('/api/merchant/forms/contact-form/submissions?limit=2');
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.submissions.map((s: { answers: { text: string }[] }) => s.answers[0]!.text)).toEqual(['Zoë', '=HYPERLINK("http://evil.example","click")']);
    expect(body.submissions[0]).toMatchObject({ page: '/shop', answers: [{ fieldId: 'name', title: 'Name', value: 'Zoë' }, { fieldId: 'email', value: 'zoe@example.com' }, { fieldId: 'message', text: 'Grüße' }] });
    const rest = (await get(`/api/merchant/forms/contact-form/submissions?limit=2&cursor=${body.nextCursor}`)).json();
    expect(rest.submissions.map((s: { answers: { text: string }[] }) => s.answers[0]!.text)).toEqual(['Ada Lovelace']);
    expect(rest.nextCursor).toBeNull();
  });

  it('refuses a bad cursor or limit, and a form of no such id or of another site', async () => {
    expect((await get('/api/merchant/forms/contact-form/submissions?cursor=zz')).json()).toEqual({ message: FORM_SUBMISSION_MESSAGES.badCursor });
    expect((await get('/api/merchant/forms/contact-form/submissions?limit=0')).statusCode).toBe(400);
    expect((await get('/api/merchant/forms/contact-form/submissions?limit=1000')).statusCode).toBe(400);
    expect((await get('/api/merchant/forms/nope/submissions')).json()).toEqual({ message: FORM_SUBMISSION_MESSAGES.noForm });
    await writeBeside(app, async ({ db, t }) => {
      await db.insert(t.websites).values({ ...(await db.select().from(t.websites).where(eq(t.websites.id, 'demo')))[0]!, id: 'other' });
      await db.insert(t.forms).values({ id: 'other-form', websiteId: 'other', name: 'Theirs' });
    });
    const theirs = await get('/api/merchant/forms/other-form/submissions');
    expect([theirs.statusCode, theirs.json()]).toEqual([404, { message: FORM_SUBMISSION_MESSAGES.noForm }]);
    expect((await get('/api/merchant/forms/other-form/submissions.csv')).statusCode).toBe(404);
    expect((await get('/api/merchant/forms')).json().forms.map((f: { id: string }) => f.id)).not.toContain('other-form');
  });
});

describe('GET /api/merchant/forms/:formId/submissions.csv', () => {
  it('every submission, formulas defused, quoted where needed, with a column for a field the form has lost', async () => {
    // an answer to a field the form no longer has stays in the export
    const { db, t } = app.reads;
    await db.insert(t.formSubmissions).values({ id: 'old-1', formId: 'contact-form', data: JSON.stringify({ name: 'Old', phone: '555' }), meta: '{}', createdAt: 1_000 });
    const res = await get('/api/merchant/forms/contact-form/submissions.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="contact-submissions-\d{4}-\d{2}-\d{2}\.csv"$/);
    const text = res.body;
    expect(text.startsWith('\uFEFF')).toBe(true);
    const lines = text.slice(1).split('\r\n');
    expect(lines[0]).toBe('Submitted On,Name,Email,Message,phone,Page');
    expect(lines[1]).toMatch(/^\d{4}-\d{2}-\d{2}T[\d:.]+Z,Zoë,zoe@example.com,Grüße,,\/shop$/);
    expect(lines[2]).toMatch(/,"'=HYPERLINK\(""http:\/\/evil.example"",""click""\)",eve@example.com,'-1 apron please,,\/contact$/);
    expect(text).toContain(',Ada Lovelace,ada@example.com,"First line\nsecond, with ""quotes""",,/contact\r\n');
    expect(lines.at(-2)).toBe('1970-01-01T00:00:01.000Z,Old,,,555,');
    expect(lines.at(-1)).toBe('');
  });
});

describe('roles', () => {
  it('401 signed out, 403 without readFormSubmissions, 200 with it', async () => {
    for (const url of ['/api/merchant/forms', '/api/merchant/forms/contact-form/submissions', '/api/merchant/forms/contact-form/submissions.csv']) {
      expect((await app.inject(url)).statusCode).toBe(401);
      for (const role of CONTRIBUTOR_ROLES) {
        const allowed = (OWNER_PERMISSIONS.readFormSubmissions as readonly string[]).includes(role);
        expect((await get(url, role)).statusCode, `${role} ${url}`).toBe(allowed ? 200 : 403);
      }
    }
  });
});
