/**
 * The site's title and icon over the demo store: the title changes the shop's pages, an uploaded icon becomes
 * the pages' icon and /favicon.ico's target, removing it brings the default back; bad bodies and files are
 * refused in words; every role is checked against the table, and a write without the crumb is refused.
 */
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRIBUTOR_ROLES, OWNER_PERMISSIONS } from '../owner/roles.js';
import { PICTURE_MESSAGES } from '../merchant/pictures/picture.js';
import { type EveryRole, signInEveryRole } from '../merchant/role-test-support.js';
import { demoApp, withCrumb } from '../test-support.js';

let app: FastifyInstance;
let roles: EveryRole;

beforeAll(async () => {
  ({ app } = await demoApp({ guards: { rateLimits: { owner: { burst: 10_000, perMinute: 10_000 } } } }));
  roles = await signInEveryRole(app);
});
afterAll(async () => app.close());

const icon = () => sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 10, g: 120, b: 90 } } }).png().toBuffer();
const uploadIcon = (body: Buffer | string, fileName = 'Mark.png') => ({
  method: 'POST' as const,
  url: `/api/owner/site-icon?fileName=${encodeURIComponent(fileName)}`,
  payload: body,
  headers: { 'content-type': 'image/png' },
});

describe('the site title', () => {
  it('reads, changes (trimmed) and shows on the shop’s pages', async () => {
    expect((await roles.call({ url: '/api/owner/site-settings' })).json()).toEqual({ siteTitle: 'Tessera Supply Co.', siteIcon: null });
    const res = await roles.call({ method: 'PUT', url: '/api/owner/site-settings', payload: { siteTitle: '  Linen & Loom ' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ siteTitle: 'Linen & Loom', siteIcon: null });
    expect((await app.inject('/')).body).toContain('Linen &amp; Loom');
  });

  it('refuses an empty, blank or unknown field with a message', async () => {
    for (const payload of [{ siteTitle: '' }, { siteTitle: '   ' }, {}, { siteTitle: 'x', other: 1 }, { siteTitle: 'x'.repeat(201) }]) {
      const res = await roles.call({ method: 'PUT', url: '/api/owner/site-settings', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
  });
});

describe('the site icon', () => {
  it('an upload becomes the pages’ icon and /favicon.ico’s target; removing it brings the default mark back', async () => {
    const res = await roles.call(uploadIcon(await icon()));
    expect(res.statusCode, res.body).toBe(200);
    const url: string = res.json().siteIcon;
    expect(url).toMatch(/^\/s\/pictures\/[a-f0-9]{24}\/64x64\/mark\.png$/);
    expect((await app.inject('/')).body).toContain(`<link rel="icon" href="${url}">`);
    const favicon = await app.inject('/favicon.ico');
    expect([favicon.statusCode, favicon.headers.location]).toEqual([302, url]);
    expect((await app.inject({ url, headers: { accept: 'image/png' } })).headers['content-type']).toBe('image/png');

    const removed = await roles.call({ method: 'DELETE', url: '/api/owner/site-icon' });
    expect(removed.json().siteIcon).toBeNull();
    expect((await app.inject('/favicon.ico')).statusCode).toBe(200);
    expect((await app.inject('/')).body).toContain('href="/favicon.svg"');
  });

  it('refuses what is not a picture with the editor’s message, naming the file', async () => {
    const res = await roles.call(uploadIcon('not a picture', 'notes.txt'));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(PICTURE_MESSAGES.unsupported('notes.txt'));
    expect((await roles.call({ ...uploadIcon(await icon()), url: '/api/owner/site-icon' })).statusCode).toBe(400);
  });
});

describe('roles and crumb', () => {
  it('401 signed out; each role as the table says; 403 without the crumb', async () => {
    expect((await app.inject('/api/owner/site-settings')).statusCode).toBe(401);
    expect((await app.inject(withCrumb({ method: 'PUT', url: '/api/owner/site-settings', payload: { siteTitle: 'x' } }))).statusCode).toBe(401);
    const body = await icon();
    for (const role of CONTRIBUTOR_ROLES) {
      const reads = (OWNER_PERMISSIONS.readSiteSettings as readonly string[]).includes(role);
      const writes = (OWNER_PERMISSIONS.writeSiteSettings as readonly string[]).includes(role);
      expect((await roles.call({ url: '/api/owner/site-settings' }, role)).statusCode, role).toBe(reads ? 200 : 403);
      expect((await roles.call({ method: 'PUT', url: '/api/owner/site-settings', payload: { siteTitle: 'Tessera Supply Co.' } }, role)).statusCode, role).toBe(writes ? 200 : 403);
      expect((await roles.call(uploadIcon(body), role)).statusCode, role).toBe(writes ? 200 : 403);
      expect((await roles.call({ method: 'DELETE', url: '/api/owner/site-icon' }, role)).statusCode, role).toBe(writes ? 200 : 403);
    }
    const noCrumb = await app.inject({ method: 'PUT', url: '/api/owner/site-settings', payload: { siteTitle: 'x' }, cookies: roles.cookies('admin') });
    expect(noCrumb.statusCode).toBe(403);
  });
});
