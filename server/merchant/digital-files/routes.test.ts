/**
 * A digital product's file over the demo store: the merchant uploads it, the product says so, a buyer's download
 * link then sends those very bytes under the file's name (orders placed before keep the PDF they were sold
 * with); removing it brings the PDF back for later orders; only a digital product takes one; refusals in words;
 * the roles of the table; 403 without the crumb.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buy, confirmation } from '../../orders/order-test-support.js';
import { CONTRIBUTOR_ROLES, type ContributorRole, OWNER_PERMISSIONS } from '../../owner/roles.js';
import { demoApp, withCrumb, writeBeside } from '../../test-support.js';
import { type EveryRole, signInEveryRole } from '../role-test-support.js';
import { DIGITAL_FILE_MESSAGES, digitalFileOf } from './digital-file.js';

let app: FastifyInstance;
let roles: EveryRole;

beforeAll(async () => {
  ({ app } = await demoApp({ guards: { rateLimits: { owner: { burst: 10_000, perMinute: 10_000 }, cart: { burst: 1000, perMinute: 1000 } } } }));
  roles = await signInEveryRole(app);
});
afterAll(async () => app.close());

const GUIDE = 'p09';
const BOOK = Buffer.from('PK\u0003\u0004 a zipped field guide, chapters one to nine');
const upload = (productId: string, body: Buffer | string, fileName = 'Field Guide 2nd Edition.ZIP', role: ContributorRole = 'admin'): InjectOptions =>
  withCrumb({ method: 'POST', url: `/api/merchant/products/${productId}/file?fileName=${encodeURIComponent(fileName)}`, payload: body, headers: { 'content-type': 'application/zip' }, cookies: roles.cookies(role) });
const linkOf = (html: string) => /<a class="order-line-download" href="(\/downloads\/[^"]+)">/.exec(html)?.[1];

describe('a digital product’s file', () => {
  it('is uploaded, shown on the product, and what a buyer downloads; removed, later buyers get the PDF again', async () => {
    const before = await buy(app, [{ itemId: GUIDE }]);
    const res = await app.inject(upload(GUIDE, BOOK));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().digitalFile).toEqual({ fileName: 'field-guide-2nd-edition.zip', contentType: 'application/zip', bytes: BOOK.length });
    expect((await roles.call({ url: `/api/merchant/products/${GUIDE}` })).json().digitalFile.fileName).toBe('field-guide-2nd-edition.zip');

    const bought = await buy(app, [{ itemId: GUIDE }]);
    const page = await confirmation(app, bought);
    expect(page.body).toContain('Download field-guide-2nd-edition.zip');
    const file = await app.inject(linkOf(page.body)!);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/zip');
    expect(file.headers['content-disposition']).toBe('attachment; filename="field-guide-2nd-edition.zip"');
    expect(file.rawPayload.equals(BOOK)).toBe(true);
    // the order placed before the upload keeps its PDF
    const older = await app.inject(linkOf((await confirmation(app, before)).body)!);
    expect(older.headers['content-type']).toBe('application/pdf');

    const removed = await roles.call({ method: 'DELETE', url: `/api/merchant/products/${GUIDE}/file` });
    expect(removed.json().digitalFile).toBeNull();
    const later = await buy(app, [{ itemId: GUIDE }]);
    expect((await app.inject(linkOf((await confirmation(app, later)).body)!)).headers['content-type']).toBe('application/pdf');
    // the earlier buyer's file is still theirs
    expect((await app.inject(linkOf(page.body)!)).rawPayload.equals(BOOK)).toBe(true);
  });

  it('a file gone from the storage answers a page saying so, not an error', async () => {
    await app.inject(upload(GUIDE, 'another edition'));
    const bought = await buy(app, [{ itemId: GUIDE }]);
    await writeBeside(app, async ({ db, t }) => {
      const lines = JSON.parse((await db.select().from(t.orders).where(eq(t.orders.id, bought.orderId)))[0]!.items);
      lines[0].download.key = 'downloads/000000000000000000000000/gone.zip';
      await db.update(t.orders).set({ items: JSON.stringify(lines) }).where(eq(t.orders.id, bought.orderId));
    });
    const res = await app.inject(linkOf((await confirmation(app, bought)).body)!);
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('This file is no longer available.');
  });

  it('refuses a product that is not digital, an empty file, an unknown product, a bad name', async () => {
    const apron = await app.inject(upload('p01', BOOK));
    expect([apron.statusCode, apron.json().message]).toEqual([400, DIGITAL_FILE_MESSAGES.notDigital]);
    const empty = await app.inject(upload(GUIDE, ''));
    expect([empty.statusCode, empty.json().message]).toEqual([400, DIGITAL_FILE_MESSAGES.empty('Field Guide 2nd Edition.ZIP')]);
    expect((await app.inject(upload('nope', BOOK))).statusCode).toBe(404);
    expect((await app.inject(upload(GUIDE, BOOK, 'a/b.zip'))).statusCode).toBe(400);
  });

  it('names the stored file safely and keeps only a well-formed type', () => {
    expect(digitalFileOf(Buffer.from('x'), 'Résumé "final".PDF', 'application/pdf; charset=binary')).toMatchObject({ fileName: 'resume-final.pdf', contentType: 'application/pdf' });
    expect(digitalFileOf(Buffer.from('x'), '***', 'not a type')).toMatchObject({ fileName: 'download.bin', contentType: 'application/octet-stream' });
  });

  it('answers each role as the table says; 401 signed out; 403 without the crumb', async () => {
    const signedOut = withCrumb({ method: 'POST', url: `/api/merchant/products/${GUIDE}/file?fileName=a.zip`, payload: BOOK, headers: { 'content-type': 'application/zip' } });
    expect((await app.inject(signedOut)).statusCode).toBe(401);
    for (const role of CONTRIBUTOR_ROLES) {
      const allowed = (OWNER_PERMISSIONS.writeProducts as readonly string[]).includes(role);
      expect((await app.inject(upload(GUIDE, BOOK, 'a.zip', role))).statusCode, role).toBe(allowed ? 200 : 403);
    }
    const noCrumb = await app.inject({ method: 'POST', url: `/api/merchant/products/${GUIDE}/file?fileName=a.zip`, payload: BOOK, headers: { 'content-type': 'application/zip' }, cookies: roles.cookies('admin') });
    expect(noCrumb.statusCode).toBe(403);
  });
});
