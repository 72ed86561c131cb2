/**
 * Where the visitor tracker is placed (Fastify inject): on every recorded page of the default theme and of a
 * platform theme, with the page's census data; never on the not-found, lock-screen, member-access-denied, search
 * or error pages, never when census is disabled, never for a signed-in contributor beyond viewer (a viewer is
 * recorded); the order confirmation carries the order's ids.
 */
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { repoRoot } from '../db/database.js';
import { DEMO_PAGE_PASSWORD } from '../db/seed-content.js';
import { OWNER_COOKIE } from '../owner/sessions.js';
import { addToCartApi, changeSiteSettings, contributorSession, cookieOf, demoApp, postCheckoutForm, siteIdOf, TEST_COOKIES, TEST_CRUMB } from '../test-support.js';
import { CENSUS_ELEMENT_ID, withoutTracker } from './tracker-markup.js';
import { NONCE_ATTRIBUTE } from '../security/nonce.js';

const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((a) => a.close()));
});

/** The storefront, whose analytics plugin answers the census route (server/analytics/). */
async function recordingApp(themeDir?: string): Promise<{ app: FastifyInstance }> {
  const made = await demoApp(themeDir === undefined ? {} : { themeDir });
  await made.app.ready();
  apps.push(made.app);
  return made;
}

/** The page's census data, or null when it has no tracker. */
function census(html: string): Record<string, unknown> | null {
  const json = new RegExp(`<script type="application/json" id="${CENSUS_ELEMENT_ID}">([^<]*)</script>`).exec(html)?.[1];
  if (json === undefined) return null;
  expect(html).toMatch(/<script defer nonce="[^"]+" src="\/static\/islands\/tracker-[A-Z0-9]+\.js"><\/script><script defer nonce="[^"]+" src="\/static\/islands\/performance-[A-Z0-9]+\.js"><\/script>/);
  return JSON.parse(json) as Record<string, unknown>;
}

function signIn(app: FastifyInstance, roles: string[]): Promise<string> {
  const id = `c-${roles.join('-') || 'none'}`;
  return contributorSession(app, { id, email: `${id}@example.com`, displayName: id, roles });
}

describe('the tracker on pages', () => {
  it('is on recorded pages with the census data of the page, before </body>', async () => {
    const { app } = await recordingApp();
    const websiteId = await siteIdOf(app);
    const product = await app.inject('/shop/p/field-shirt');
    expect(census(product.body)).toEqual({
      websiteId,
      collectionId: expect.any(String),
      itemId: 'p02',
      recordType: 11,
      locale: 'en-US',
      pageType: 2,
      permissionType: 'open',
      restrictiveCookies: false,
      templateId: 'templates',
    });
    expect(product.body.indexOf(CENSUS_ELEMENT_ID)).toBeLessThan(product.body.lastIndexOf('</body>'));
    for (const path of ['/', '/shop', '/about', '/blog', '/blog/caring-for-linen', '/contact', '/cart']) {
      const page = await app.inject(path);
      expect(census(page.body), path).toMatchObject({ websiteId, permissionType: 'open' });
    }
    // a second answer of the kept page is the same
    expect((await app.inject('/shop/p/field-shirt')).body).toContain(CENSUS_ELEMENT_ID);
    // ?format=json shows no census data
    expect((await app.inject('/shop/p/field-shirt?format=json')).body).not.toContain('census');
  });

  it('is not on the not-found, lock-screen, member-access-denied, search and error pages', async () => {
    const { app } = await recordingApp();
    for (const [path, status] of [['/no-such-page', 404], ['/trade', 200], ['/members', 403], ['/search?q=linen', 200], ['/shop?page=0', 400]] as const) {
      const res = await app.inject(path);
      expect(res.statusCode, path).toBe(status);
      expect(res.body, path).not.toContain(CENSUS_ELEMENT_ID);
      expect(res.body, path).not.toContain('/static/islands/tracker-');
    }
  });

  it('attaches the permission type of a password page once it is unlocked', async () => {
    const { app } = await recordingApp();
    const unlock = await app.inject({
      method: 'POST',
      url: '/trade',
      payload: `password=${DEMO_PAGE_PASSWORD}&crumb=${TEST_CRUMB}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      cookies: TEST_COOKIES,
    });
    const access = unlock.cookies.find((c) => c.name.startsWith('tessera_page_'))!;
    const page = await app.inject({ url: '/trade', cookies: { [access.name]: access.value } });
    expect(census(page.body)).toMatchObject({ permissionType: 'password', collectionId: 'trade' });
  });

  it('is not on any page when census is disabled; says so when the cookie policy is restrictive', async () => {
    const { app } = await recordingApp();
    await changeSiteSettings(app, (settings) => ({ ...settings, isRestrictiveCookiePolicyEnabled: true }));
    expect(census((await app.inject('/shop')).body)).toMatchObject({ restrictiveCookies: true });
    await changeSiteSettings(app, (settings) => ({ ...settings, censusDisabled: true }));
    for (const path of ['/', '/shop', '/shop/p/field-shirt', '/about']) expect((await app.inject(path)).body, path).not.toContain(CENSUS_ELEMENT_ID);
  });

  it('is not for a signed-in contributor beyond viewer; a viewer and a visitor with an unknown session are recorded', async () => {
    const { app } = await recordingApp();
    const admin = await signIn(app, ['admin']);
    const editorViewer = await signIn(app, ['viewer', 'editor']);
    const viewer = await signIn(app, ['viewer']);
    for (const path of ['/shop/p/field-shirt', '/shop', '/about', '/cart']) {
      expect((await app.inject({ url: path, cookies: { [OWNER_COOKIE]: admin } })).body, path).not.toContain(CENSUS_ELEMENT_ID);
      expect((await app.inject({ url: path, cookies: { [OWNER_COOKIE]: editorViewer } })).body, path).not.toContain(CENSUS_ELEMENT_ID);
      expect((await app.inject({ url: path, cookies: { [OWNER_COOKIE]: viewer } })).body, path).toContain(CENSUS_ELEMENT_ID);
      expect((await app.inject({ url: path, cookies: { [OWNER_COOKIE]: 'x'.repeat(43) } })).body, path).toContain(CENSUS_ELEMENT_ID);
    }
    // the kept page a visitor gets next still has it
    expect((await app.inject('/shop/p/field-shirt')).body).toContain(CENSUS_ELEMENT_ID);
  });

  it('carries the order ids on the order confirmation, and is on the checkout', async () => {
    const { app } = await recordingApp();
    const websiteId = await siteIdOf(app);
    const cart = await addToCartApi(app, { itemId: 'p11', quantity: 1 });
    expect(census((await app.inject({ url: '/checkout', cookies: { tessera_cart: cart } })).body)).toMatchObject({ pageType: 201 });
    const placed = await postCheckoutForm(app, { email: 'ada@example.com', name: 'Ada' }, { tessera_cart: cart });
    expect(placed.statusCode).toBe(303);
    const orderId = cookieOf(placed, 'tessera_order')?.value ?? placed.headers.location!.split('/').pop()!;
    const confirmed = await app.inject({ url: placed.headers.location!, cookies: { tessera_order: orderId } });
    expect(confirmed.statusCode).toBe(200);
    expect(census(confirmed.body)).toMatchObject({ pageType: 202, order: { orderId, cartId: cart, testMode: true, websiteId } });
    const admin = await signIn(app, ['admin']);
    expect((await app.inject({ url: placed.headers.location!, cookies: { tessera_order: orderId, [OWNER_COOKIE]: admin } })).body).not.toContain(CENSUS_ELEMENT_ID);
  });

  it('is on a platform theme’s pages too, and the census route it calls is answered', async () => {
    const { app } = await recordingApp(resolve(repoRoot(), 'fixtures/themes/platform-commerce'));
    const page = await app.inject('/shop/p/field-shirt');
    expect(census(page.body)).toMatchObject({ itemId: 'p02', templateId: 'platform-commerce' });
    const hit = await app.inject({ method: 'POST', url: '/api/census/RecordHit', payload: { event: '{}', data: '{"url":"/shop/p/field-shirt"}' } });
    expect(hit.statusCode).toBe(204);
  });

  it('withoutTracker takes out exactly the tracker', () => {
    const tracker = `<script type="application/json" id="${CENSUS_ELEMENT_ID}">{"a":"\\u003c/script>"}</script><script defer${NONCE_ATTRIBUTE} src="/static/islands/tracker-A.js"></script><script defer${NONCE_ATTRIBUTE} src="/static/islands/performance-B.js"></script>`;
    expect(withoutTracker(`<p>x</p>${tracker}<script src="/other.js"></script></body>`)).toBe('<p>x</p><script src="/other.js"></script></body>');
    expect(withoutTracker('<p>y</p>')).toBe('<p>y</p>');
  });
});
