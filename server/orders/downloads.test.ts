/**
 * A digital product delivered (issue 21): the confirmation of an order with the Field Guide (PDF) gives a
 * download link per digital line, signed with the server's secret, good for 24 hours and 5 downloads, counted
 * on the order; the link answers the file with the right headers (from any browser: it travels by e-mail),
 * and a clear page when it has expired, is used up or is not valid.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signToken } from '../security/signed-token.js';
import { TEST_CRUMB_SECRET, writeBeside } from '../test-support.js';
import { DOWNLOAD_HOURS, DOWNLOAD_LIMIT } from './downloads.js';
import { buy, confirmation, storedLines, useFreshShops } from './order-test-support.js';

const freshShop = useFreshShops();
const GUIDE = { itemId: 'p09' };
const NO_ADDRESS = { email: 'ada@example.com', name: 'Ada' };
const LINK = /<a class="order-line-download" href="(\/downloads\/[^"]+)">Download field-guide\.pdf<\/a>/;


describe('download links', () => {
  it('the confirmation links each digital line to its file, which any browser can fetch, counted on the order', async () => {
    const { app, problems } = await freshShop();
    const before = Date.now();
    const bought = await buy(app, [GUIDE, { itemId: 'p01' }]);
    const page = await confirmation(app, bought);
    const link = LINK.exec(page.body)?.[1];
    expect(link, page.body).toBeDefined();
    expect(page.body).toContain('5 downloads left');
    expect(page.body.match(/class="order-line-download"/g)).toHaveLength(1); // the apron is shipped, not downloaded
    const [guide, apron] = await storedLines(app, bought.orderId);
    expect(guide.download).toEqual({ fileName: 'field-guide.pdf', contentType: 'application/pdf', limit: DOWNLOAD_LIMIT, count: 0, expiresAt: expect.any(Number) });
    expect(guide.download.expiresAt - before).toBeGreaterThanOrEqual(DOWNLOAD_HOURS * 3_600_000);
    expect(guide.download.expiresAt - Date.now()).toBeLessThanOrEqual(DOWNLOAD_HOURS * 3_600_000);
    expect(apron.download).toBeUndefined();

    // no cookie at all: the link came by e-mail
    const file = await app.inject(link!);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe('attachment; filename="field-guide.pdf"');
    expect(file.headers['cache-control']).toBe('private, no-store');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['referrer-policy']).toBe('no-referrer');
    expect(file.headers['x-robots-tag']).toBe('noindex');
    expect(Number(file.headers['content-length'])).toBe(file.rawPayload.length);
    expect(file.rawPayload.subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');
    expect(file.rawPayload.toString('latin1')).toContain('(Field Guide \\(PDF\\)) Tj');
    expect((await storedLines(app, bought.orderId))[0].download.count).toBe(1);
    expect((await confirmation(app, bought)).body).toContain('4 downloads left');

    // HEAD says what GET would answer, and counts nothing
    const head = await app.inject({ method: 'HEAD', url: link! });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('application/pdf');
    expect((await storedLines(app, bought.orderId))[0].download.count).toBe(1);

    const json = (await confirmation(app, bought, '?format=json')).json();
    expect(json.order.items[0].download).toMatchObject({ url: link, fileName: 'field-guide.pdf', limit: 5, remaining: 4, available: true });
    expect(json.order.items[1].download).toBeUndefined();
    expect(problems).toEqual([]);
  });

  it('is used up after its limit: a clear page (410), and the confirmation says so', async () => {
    const { app } = await freshShop();
    const bought = await buy(app, [GUIDE], NO_ADDRESS);
    const link = LINK.exec((await confirmation(app, bought)).body)![1]!;
    for (let i = 0; i < DOWNLOAD_LIMIT; i++) expect((await app.inject(link)).statusCode, `download ${i + 1}`).toBe(200);
    const over = await app.inject(link);
    expect(over.statusCode).toBe(410);
    expect(over.headers['content-type']).toContain('text/html');
    expect(over.body).toContain('<h1>Download used up</h1>');
    expect(over.body).toContain(`This download link has been used ${DOWNLOAD_LIMIT} times, as many as it allows.`);
    const page = (await confirmation(app, bought)).body;
    expect(page).not.toMatch(LINK);
    expect(page).toContain('field-guide.pdf: this link has been used 5 times, as many as it allows.');
  });

  it('expires: a clear page (410), and the confirmation says when it did', async () => {
    const { app } = await freshShop();
    const bought = await buy(app, [GUIDE], NO_ADDRESS);
    const link = LINK.exec((await confirmation(app, bought)).body)![1]!;
    const lines = await storedLines(app, bought.orderId);
    lines[0].download.expiresAt = Date.now() - 1000;
    await writeBeside(app, ({ db, t }) => db.update(t.orders).set({ items: JSON.stringify(lines) }).where(eq(t.orders.id, bought.orderId)));
    const late = await app.inject(link);
    expect(late.statusCode).toBe(410);
    expect(late.body).toContain('<h1>Download expired</h1>');
    expect(late.body).toContain(`This download link has expired: links work for ${DOWNLOAD_HOURS} hours after the order.`);
    expect((await storedLines(app, bought.orderId))[0].download.count).toBe(0);
    expect((await confirmation(app, bought)).body).toContain('field-guide.pdf: this link expired on');
  });

  it('answers anything else with a clear “not valid” page (404): changed, forged, another line, no such order', async () => {
    const { app } = await freshShop();
    const bought = await buy(app, [GUIDE, { itemId: 'p01' }]);
    const link = LINK.exec((await confirmation(app, bought)).body)![1]!;
    const token = link.slice('/downloads/'.length);
    const last = token.at(-1) === 'A' ? 'B' : 'A';
    const refused = {
      changed: token.slice(0, -1) + last,
      'another secret': signToken('not the server’s secret', 'download', [bought.orderId, '0']),
      'another purpose': signToken(TEST_CRUMB_SECRET, 'member:makers-circle', [bought.orderId, '0']),
      'a line that is not digital': signToken(TEST_CRUMB_SECRET, 'download', [bought.orderId, '1']),
      'a line that does not exist': signToken(TEST_CRUMB_SECRET, 'download', [bought.orderId, '7']),
      'no such order': signToken(TEST_CRUMB_SECRET, 'download', ['00000000-0000-4000-8000-000000000000', '0']),
      nonsense: 'x',
    };
    for (const [what, bad] of Object.entries(refused)) {
      const res = await app.inject(`/downloads/${encodeURIComponent(bad)}`);
      expect(res.statusCode, what).toBe(404);
      expect(res.body, what).toContain('<h1>Download not found</h1>');
      expect(res.body, what).toContain('This download link is not valid.');
    }
    expect((await storedLines(app, bought.orderId))[0].download.count).toBe(0);
  });

  it('an order without a digital product has none', async () => {
    const { app } = await freshShop();
    const bought = await buy(app, [{ itemId: 'p01' }]);
    expect((await confirmation(app, bought)).body).not.toContain('order-line-download');
  });
});
