/**
 * The owner API for tweak values (`/api/template/tweaks`) over the tweak-forms fixture theme: who may call it,
 * the crumb, every value checked against its tweak with a clear message and nothing stored on a refusal, presets
 * picked by the owner, and the next page (its classes and its stylesheet) rendered with the saved values.
 */
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { openStore, repoRoot, type Store } from '../db/database.js';
import { contributors } from '../db/schema.js';
import { seedDemoStore } from '../db/seed.js';
import { NOT_ALLOWED, SIGN_IN_REQUIRED } from '../owner/guard.js';
import { hashPassword } from '../owner/password.js';
import { ensureSiteOwner } from '../owner/site-owner.js';
import { readSiteDocument } from '../site-documents.js';
import { withCrumb } from '../test-support.js';
import { Theme } from '../theme.js';
import { TWEAKS_DOCUMENT } from '../theme/tweaks/site-tweaks.js';
import { TEMPLATE_TWEAKS_PATH } from './template-tweaks.js';

const ADMIN = { email: 'admin@example.com', password: 'admin password' };
let store: Store;
let app: FastifyInstance;
const tokens: Record<string, string> = {};

async function signIn(email: string, password: string): Promise<string> {
  const res = await app.inject(withCrumb({ method: 'POST', url: '/api/owner/session', payload: { email, password } }));
  return res.cookies.find((c) => c.name === 'tessera_owner')!.value;
}

function as(who: string, options: InjectOptions): InjectOptions {
  const signedIn = { ...options, cookies: { tessera_owner: tokens[who]! } };
  return options.method === undefined || options.method === 'GET' ? signedIn : withCrumb(signedIn);
}

const put = (who: string, payload: unknown) => app.inject(as(who, { method: 'PUT', url: TEMPLATE_TWEAKS_PATH, payload: payload as Record<string, unknown> }));
const bodyClass = async () => /<body id="[^"]*" class="([^"]*)"/.exec((await app.inject('/')).body)?.[1] ?? '';
const stylesheet = async () => {
  const href = /<link rel="stylesheet" href="([^"]+)">/.exec((await app.inject('/')).body)![1]!;
  return (await app.inject(href)).body;
};

beforeAll(async () => {
  store = openStore(':memory:');
  seedDemoStore(store);
  await ensureSiteOwner(store, { TESSERA_OWNER_EMAIL: ADMIN.email, TESSERA_OWNER_PASSWORD: ADMIN.password }, () => {});
  for (const [email, roles] of [['editor@example.com', ['editor']], ['viewer@example.com', ['viewer']]] as const) {
    store.insert(contributors).values({ id: randomUUID(), websiteId: 'demo', email, displayName: email, passwordHash: await hashPassword('staff password'), roles: JSON.stringify(roles), createdAt: Date.now() }).run();
  }
  const theme = new Theme(resolve(repoRoot(), 'fixtures/themes/tweak-forms'), false);
  app = await buildApp({ store, theme, guards: { rateLimits: { owner: { burst: 1000, perMinute: 1000 } } } });
  tokens['admin'] = await signIn(ADMIN.email, ADMIN.password);
  tokens['editor'] = await signIn('editor@example.com', 'staff password');
  tokens['viewer'] = await signIn('viewer@example.com', 'staff password');
});
afterAll(() => app.close());

describe('GET /api/template/tweaks', () => {
  it('is for signed-in owners whose role shapes the look', async () => {
    expect((await app.inject({ url: TEMPLATE_TWEAKS_PATH })).json()).toEqual({ message: SIGN_IN_REQUIRED });
    const viewer = await app.inject(as('viewer', { url: TEMPLATE_TWEAKS_PATH }));
    expect(viewer.statusCode).toBe(403);
    expect(viewer.json()).toEqual({ message: NOT_ALLOWED });
    expect((await app.inject(as('editor', { url: TEMPLATE_TWEAKS_PATH }))).statusCode).toBe(200);
  });

  it('lists every tweak with its type, title, default, value and fields, and the presets', async () => {
    const res = await app.inject(as('admin', { url: TEMPLATE_TWEAKS_PATH }));
    expect(res.statusCode).toBe(200);
    const { tweaks, presets } = res.json() as { tweaks: Record<string, unknown>[]; presets: unknown[] };
    expect(tweaks).toHaveLength(14);
    expect(tweaks[0]).toEqual({ name: 'tweak-nav-position', type: 'dropdown', title: 'tweak-nav-position', label: 'Navigation Position', default: 'Right', value: 'Right', js: false, options: ['Left', 'Center', 'Right'] });
    expect(tweaks.find((t) => t['name'] === 'tweak-site-width')).toEqual({ name: 'tweak-site-width', type: 'value', title: 'Site Width', default: '1100px', value: '1100px', js: false, min: 600, max: 1600, step: 10, unit: 'px' });
    expect(tweaks.find((t) => t['name'] === 'tweak-text-color')).toMatchObject({ type: 'color', category: 'Colors', default: '#22201c' });
    expect(tweaks.find((t) => t['name'] === 'tweak-body-font')).toMatchObject({ type: 'font', default: '{font-family:system-ui, sans-serif;font-size:17px;line-height:1.6}' });
    expect(presets).toEqual([{ name: 'evening', title: 'Evening' }]);
  });
});

describe('PUT /api/template/tweaks', () => {
  it('needs the crumb, a role that may write, and a body of the right shape', async () => {
    const noCrumb = await app.inject({ method: 'PUT', url: TEMPLATE_TWEAKS_PATH, cookies: { tessera_owner: tokens['admin']! }, payload: { values: {} } });
    expect(noCrumb.statusCode).toBe(403);
    expect(noCrumb.json()).toMatchObject({ crumbFail: true });
    expect((await put('viewer', { values: {} })).statusCode).toBe(403);
    expect((await put('admin', { values: {}, theme: 'x' })).json()).toEqual({ message: 'theme is not an accepted field.' });
    expect((await put('admin', { values: { 'tweak-site-width': null } })).json()).toEqual({ message: 'values.tweak-site-width must be a string or a number or true or false or an object.' });
    expect((await put('admin', { values: { 'tweak-heading-font': { 'font-size': { deep: '1px' } } } })).statusCode).toBe(400);
  });

  it('refuses unknown names and values their tweaks refuse, each said, and stores nothing', async () => {
    const res = await put('admin', { values: { 'tweak-site-width': '2000px', 'tweak-nav-positon': 'Left', 'tweak-text-color': 'rgba(0,0,0,.5)', 'tweak-show-tagline': 'maybe' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message:
        '"tweak-site-width" must be a number from 600 to 1600 in px (got "2000px"). The theme has no tweak "tweak-nav-positon": did you mean "tweak-nav-position"? ' +
        '"tweak-text-color" must be an opaque colour: the tweak disables transparency (got "rgba(0,0,0,.5)"). "tweak-show-tagline" is a checkbox: true or false (got "maybe").',
    });
    expect(readSiteDocument(store, 'demo', TWEAKS_DOCUMENT)).toBeUndefined();
  });

  it("sets the site's values: the next page has their classes and a stylesheet built with them", async () => {
    const cssBefore = await stylesheet();
    expect(await bodyClass()).toMatch(/^tweak-nav-position-right tweak-show-tagline tweak-gallery-aspect-ratio-32-standard /);
    const res = await put('editor', { values: { 'tweak-nav-position': 'left', 'tweak-show-tagline': false, 'tweak-site-width': 900, 'tweak-heading-font': { 'font-size': '40px' } } });
    expect(res.statusCode).toBe(200);
    const answered = (res.json() as { tweaks: { name: string; value: string }[] }).tweaks;
    expect(answered.find((t) => t.name === 'tweak-nav-position')!.value).toBe('Left');
    expect(answered.find((t) => t.name === 'tweak-heading-font')!.value).toBe(
      '{font-family:Georgia, "Times New Roman", serif;font-weight:700;font-style:normal;font-size:40px;letter-spacing:0.01em;line-height:1.1;text-transform:none}',
    );
    expect(readSiteDocument(store, 'demo', TWEAKS_DOCUMENT)).toEqual({
      values: { 'tweak-nav-position': 'Left', 'tweak-show-tagline': 'false', 'tweak-site-width': '900px', 'tweak-heading-font': '{font-size:40px}' },
    });
    expect(await bodyClass()).toMatch(/^tweak-nav-position-left tweak-gallery-aspect-ratio-32-standard page-type-/);
    const css = await stylesheet();
    expect(css).not.toBe(cssBefore);
    expect(css).toContain('max-width:900px');
    expect(css).toMatch(/\.site-title\{[^}]*font-size:24px\}/);
    // the GET answers the same
    const listed = (await app.inject(as('admin', { url: TEMPLATE_TWEAKS_PATH }))).json() as { tweaks: { name: string; value: string }[] };
    expect(listed.tweaks.find((t) => t.name === 'tweak-site-width')!.value).toBe('900px');
  });

  it("applies a preset the owner picks (the theme's tweaks only), values on top; an unknown preset is refused", async () => {
    expect((await put('admin', { preset: 'morning' })).json()).toEqual({ message: 'The theme has no preset "morning" (it has: evening).' });
    const res = await put('admin', { preset: 'evening', values: { 'tweak-nav-position': 'Left' } });
    expect(res.statusCode).toBe(200);
    expect(readSiteDocument(store, 'demo', TWEAKS_DOCUMENT)).toEqual({
      values: {
        'tweak-nav-position': 'Left',
        'tweak-background-color': '#1d1b18',
        'tweak-text-color': '#f2ede4',
        'tweak-heading-font': '{font-family:Palatino, serif;font-size:40px}',
      },
    });
    expect(await stylesheet()).toContain('body{margin:0;background:#1d1b18;color:#f2ede4;');
  });

  it('replaces the values: an empty body puts every tweak back to its default', async () => {
    expect((await put('admin', {})).statusCode).toBe(200);
    expect(readSiteDocument(store, 'demo', TWEAKS_DOCUMENT)).toEqual({ values: {} });
    expect(await bodyClass()).toMatch(/^tweak-nav-position-right tweak-show-tagline tweak-gallery-aspect-ratio-32-standard /);
  });
});
