/**
 * The platform runtime on the server: a platform theme's pages carry `Static.SQUARESPACE_CONTEXT` and the
 * runtime's script in `{squarespace-headers}` and the platform's calls in `{squarespace-footers}`; the default
 * theme's pages carry none of it; `/static/runtime/` serves the script and YUI's module tree precompressed and
 * cached for good, and nothing outside the tree. (vitest's global setup builds the runtime.)
 */
import { gunzipSync } from 'node:zlib';
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { openStore, repoRoot } from '../db/database.js';
import { seedDemoStore } from '../db/seed.js';
import { Theme } from '../theme.js';
import { PLATFORM_FOOTERS } from '../theme/page-footers.js';
import { RuntimeAssets } from './assets.js';
import { squarespaceContext } from './squarespace-context.js';

const assets = RuntimeAssets.load();
const manifest = assets.manifest!;

async function appFor(themeDir: string): Promise<FastifyInstance> {
  const store = openStore(':memory:');
  seedDemoStore(store);
  return buildApp({ store, theme: new Theme(themeDir, false, () => {}, undefined, undefined, assets) });
}

let platform: FastifyInstance;
let tessera: FastifyInstance;
beforeAll(async () => {
  platform = await appFor(resolve(repoRoot(), 'fixtures/themes/platform-runtime'));
  tessera = await appFor(resolve(repoRoot(), 'templates'));
});
afterAll(async () => {
  await platform?.close();
  await tessera?.close();
});

describe('pages', () => {
  it('of a platform theme carry the context, then the runtime, in the head, and the platform calls at the footers', async () => {
    const html = (await platform.inject('/shop/p/field-shirt')).body;
    const head = html.slice(0, html.indexOf('</head>'));
    const context = /<script>window\.Static=window\.Static\|\|\{\};Static\.SQUARESPACE_CONTEXT=(.*?);<\/script>\n<script src="\/static\/runtime\/(runtime-[0-9a-f]+\.js)"><\/script>/.exec(head);
    expect(context?.[2]).toBe(manifest.script);
    const json = JSON.parse(context![1]!) as Record<string, unknown>;
    expect(json).toMatchObject({ pageType: 2, tweakJSON: { tileColumns: '3' }, collection: { id: 'shop', fullUrl: '/shop', title: 'Shop' }, templateId: 'platform-runtime' });
    // only the tweaks marked "js": true, as on the platform (the accent colour is not one)
    expect((json['tweakJSON'] as Record<string, string>)['accentColor']).toBeUndefined();
    expect(Object.keys(json)).toEqual(['facebookAppId', 'rollups', 'pageType', 'website', 'websiteSettings', 'cookieSettings', 'websiteCloneable', 'collection', 'subscribed', 'appDomain', 'templateTweakable', 'tweakJSON', 'templateId', 'pageFeatures', 'impersonatedSession', 'isFacebookTab', 'tzData']);
    // the theme's script sits before the footers, so it runs before afterBodyLoad, with Y there since the head
    expect(html).toContain(`<script src="/scripts/site.js"></script>\n  ${PLATFORM_FOOTERS}`);
  });

  it('of the default theme carry no runtime and no script without islands but the visitor tracker', async () => {
    const html = (await tessera.inject('/about')).body;
    expect(html).not.toContain('/static/runtime/');
    expect(html).not.toContain('SQUARESPACE_CONTEXT');
    expect(html).not.toContain(PLATFORM_FOOTERS);
    expect(html.match(/<script\b(?![^>]*type="application\/json")[^>]*>/g)).toEqual([
      expect.stringMatching(/^<script defer nonce="[^"]+" src="\/static\/islands\/tracker-[A-Z0-9]+\.js">$/),
      expect.stringMatching(/^<script defer nonce="[^"]+" src="\/static\/islands\/performance-[A-Z0-9]+\.js">$/),
    ]);
  });
});

describe('/static/runtime/', () => {
  it('serves the script precompressed and cached for good', async () => {
    const br = await platform.inject({ url: `/static/runtime/${manifest.script}`, headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(br.rawPayload.length).toBe(manifest.files[manifest.script]!.brotli);
    const plain = await platform.inject(`/static/runtime/${manifest.script}`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.startsWith('window.YUI_config=')).toBe(true);
  });

  it("serves YUI's modules and their skins from the yui package, and nothing else", async () => {
    const tree = `/static/runtime/${manifest.yuiFolder}`;
    const module = await platform.inject({ url: `${tree}/anim-base/anim-base-min.js`, headers: { 'accept-encoding': 'gzip' } });
    expect(module.statusCode).toBe(200);
    expect(gunzipSync(module.rawPayload).toString()).toContain('YUI.add("anim-base"');
    expect((await platform.inject(`${tree}/loader/loader-min.js`)).statusCode).toBe(200);
    const skin = await platform.inject(`${tree}/widget-base/assets/skins/sam/widget-base.css`);
    expect([skin.statusCode, skin.headers['content-type']]).toEqual([200, 'text/css; charset=utf-8']);
    for (const path of ['anim-base/anim-base.js', 'anim-base/anim-base-debug.js', '../package.json', 'package.json', 'nope/nope-min.js', '%2e%2e/package.json']) {
      expect((await platform.inject(`${tree}/${path}`)).statusCode, path).toBe(404);
    }
    expect((await platform.inject('/static/runtime/yui-000000000000/anim-base/anim-base-min.js')).statusCode).toBe(404);
    expect((await platform.inject('/static/runtime/runtime-0.js')).statusCode).toBe(404);
  });
});

describe('Static.SQUARESPACE_CONTEXT', () => {
  it('carries the tweakJSON it is given, and only the store settings scripts use', () => {
    const context = squarespaceContext({ pageType: 1, websiteSettings: { storeSettings: { expressCheckout: true, installmentContext: { x: 1 } }, captchaSettings: { secret: 's' } } }, { siteWidth: '1100px' }, 't');
    expect(context['tweakJSON']).toEqual({ siteWidth: '1100px' });
    expect(context['websiteSettings']).toEqual({ storeSettings: { expressCheckout: true } });
    expect(context['collection']).toBeNull();
  });
});
