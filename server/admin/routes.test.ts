/**
 * The admin's page: every /config screen path answers the shell with the app's entry script (and no theme, no
 * island loader, no visitor tracker: spec 001, no analytics in the editing area) while the server-drawn owner
 * pages keep their routes; a storefront product page never loads any of the admin's files, directly or through
 * what its scripts import.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IslandManifest } from '../../hydrate/build.js';
import { IslandAssets } from '../islands/assets.js';
import { OWNER_PERMISSIONS } from '../owner/roles.js';
import { OWNER_COOKIE } from '../owner/sessions.js';
import { contributorSession, demoApp } from '../test-support.js';

let app: FastifyInstance;
const manifest = IslandAssets.load().manifest as IslandManifest;

beforeAll(async () => {
  ({ app } = await demoApp());
});
afterAll(() => app.close());

/** Every script a page loads: its script tags and, through the manifest, all they import. */
function scriptsOf(html: string): Set<string> {
  const found = new Set<string>();
  const visit = (file: string) => {
    if (found.has(file)) return;
    found.add(file);
    for (const imported of manifest.files[file]?.imports ?? []) visit(imported);
  };
  for (const match of html.matchAll(/<script[^>]* src="\/static\/islands\/([^"]+)"/g)) visit(match[1]!);
  // the loader imports islands by name at run time: every island is a possible script of the page
  if (found.has(manifest.loader)) for (const file of Object.values(manifest.islands)) visit(file);
  return found;
}

describe('/config', () => {
  it('answers the shell on every screen path, with the entry script and nothing of the storefront', async () => {
    expect(manifest.admin).toMatch(/^admin-[A-Z0-9]+\.js$/);
    for (const path of ['/config', '/config/products', '/config/products/new', '/config/orders/abc', '/config/outbox', '/config/anything/else']) {
      const res = await app.inject(path);
      expect(res.statusCode, path).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toContain(`src="/static/islands/${manifest.admin}"`);
      expect(res.body).toContain('data-site-title="Tessera Supply Co."');
      expect(res.body).toContain('data-currency="USD"');
      expect(res.body).not.toContain(manifest.loader);
      expect(res.body).not.toContain(manifest.tracker!);
      // the script runs under the page's own nonce
      const nonce = /script-src 'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))?.[1];
      expect(res.body).toContain(`<script type="module" nonce="${nonce}"`);
    }
  });

  it('carries who is signed in, so the app starts without asking; nobody when signed out or the session is unknown', async () => {
    expect((await app.inject('/config')).body).not.toContain('data-contributor');
    expect((await app.inject({ url: '/config', cookies: { [OWNER_COOKIE]: 'x'.repeat(43) } })).body).not.toContain('data-contributor');
    const token = await contributorSession(app, { id: 'shell-owner', email: 'shell@example.com', displayName: 'Shell Owner', roles: ['admin'] });
    const body = (await app.inject({ url: '/config/orders', cookies: { [OWNER_COOKIE]: token } })).body;
    const attribute = /data-contributor="([^"]+)"/.exec(body)![1]!;
    const contributor = JSON.parse(attribute.replace(/&#(\d+);/g, (_m, code: string) => String.fromCharCode(Number(code))));
    // as GET /api/owner/session says it, with what the roles allow (an admin: everything)
    expect(contributor).toEqual({ email: 'shell@example.com', displayName: 'Shell Owner', roles: [{ name: 'admin', code: 1 }], permissions: Object.keys(OWNER_PERMISSIONS) });
  });

  it('leaves the server-drawn owner pages to their routes', async () => {
    expect((await app.inject('/config/login')).body).toContain('<form method="post" action="/config/login">');
    expect((await app.inject('/config/analytics')).headers.location).toBe('/config/login');
  });

  it('serves the app and its screens as content-hashed chunks of their own', async () => {
    const adminFiles = Object.keys(manifest.files).filter((f) => f.startsWith('admin-'));
    // the entry and one chunk per screen at least (products, editor, orders, order, e-mail)
    expect(adminFiles.length).toBeGreaterThanOrEqual(6);
    const entry = await app.inject(`/static/islands/${manifest.admin}`);
    expect(entry.statusCode).toBe(200);
    expect(entry.headers['content-type']).toBe('text/javascript; charset=utf-8');
  });

  it("takes no island's place in the manifest (its screens are import() entries, one named like an island)", () => {
    for (const [name, file] of Object.entries(manifest.islands)) expect(file, name).toMatch(new RegExp(`^${name}-[A-Z0-9]+\\.js$`));
  });

  it('is never loaded by a storefront product page', async () => {
    const page = await app.inject('/shop/p/field-shirt');
    expect(page.statusCode).toBe(200);
    const scripts = scriptsOf(page.body);
    expect(scripts.has(manifest.loader)).toBe(true);
    expect([...scripts].filter((f) => f.startsWith('admin-') || f === manifest.admin)).toEqual([]);
  });
});
