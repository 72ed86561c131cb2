/**
 * Page helpers the browser tests share (Chromium through browser-harness.ts; not a test file itself): the
 * alert dialog read and closed as a user would, waiting for an island to hydrate, and the checkout pages a
 * gift card and a subscription lead to, a visitor who already has a cart.
 */
import { CENSUS_ROUTE, EVENTS_ROUTE, HIT_ROUTE, JAVASCRIPT_ERRORS_ROUTE, LEGACY_EVENT_ROUTE, PERFORMANCE_RECORDS_ROUTE, PERFORMANCE_SETTINGS_ROUTE } from './analytics/routes.js';
import type { Locator, Page, Request } from 'playwright-core';
import { expect } from 'vitest';
import { type BrowserHarness, type BrowserTab, type OpenOptions, WIDTHS } from './browser-harness.js';

/** The island buy box's add button (the `product-form` island's markup). */
export const addButton = (page: Page): Locator => page.locator('.product-form .add-to-cart-button');

/**
 * The alert's title and text, then closed with its OK button (focused, pressed with Enter). With
 * `focusBackTo`, focus must then go back to the element of that class.
 */
export async function readAlert(page: Page, { focusBackTo }: { focusBackTo?: string } = {}): Promise<{ title: string; message: string }> {
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  const alert = dialog.getByRole('alert');
  const title = (await alert.getByRole('heading').innerText()).trim();
  const message = (await alert.locator('p').innerText()).trim();
  await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('OK');
  await page.keyboard.press('Enter');
  await dialog.waitFor({ state: 'detached' });
  if (focusBackTo !== undefined) {
    await expect.poll(() => page.evaluate((name) => document.activeElement?.classList.contains(name), focusBackTo)).toBe(true);
  }
  return { title, message };
}

/**
 * The loader imports islands when visible or idle; an island has hydrated once React owns its element (the
 * first element matching `selector`; by default the buy box or the cart lines).
 */
export async function hydrated(tab: BrowserTab, selector = '.product-form, .cart-lines'): Promise<void> {
  await tab.page.waitForFunction((s) => {
    const element = document.querySelector(s);
    return element !== null && Object.keys(element).some((k) => k.startsWith('__react'));
  }, selector);
}

/** The checkout page a gift card leads to shows the card and its value. */
export async function expectGiftCardCheckout(page: Page, value: string): Promise<void> {
  const summary = await page.locator('main').innerText();
  expect(summary).toContain('Gift Card');
  expect(summary).toContain(value);
}

/**
 * Presses `button` on the coffee subscription's page: one request to the subscription API with the item and a
 * quantity of 1, then the subscription's own checkout page (a cart token), which names it.
 */
export async function subscribeToCheckout(page: Page, button: Locator): Promise<void> {
  const [request] = await Promise.all([
    page.waitForRequest((r) => r.url().endsWith('/api/3/commerce/cart/subscription')),
    page.waitForURL(/\/checkout\?cartToken=/),
    button.click(),
  ]);
  expect(request.postDataJSON()).toMatchObject({ itemId: expect.any(String), qty: 1 });
  expect(await page.locator('main').innerText()).toContain('Coffee Subscription');
}

/** A new visitor with one Linen Apron in the cart (added by a plain post, no JavaScript), now at `path`. */
export async function openWithApronInCart(harness: BrowserHarness, path: string, { width = WIDTHS.desktop, javaScript = true }: OpenOptions = {}): Promise<BrowserTab> {
  const plain = await harness.open('/shop/p/linen-apron', { javaScript: false, width });
  await Promise.all([plain.page.waitForURL('**/cart'), plain.page.getByRole('button', { name: 'Add To Cart' }).click()]);
  const tab = await harness.open('/', { width, javaScript });
  await tab.context.addCookies(await plain.context.cookies());
  await plain.close();
  await tab.goto(path);
  return tab;
}

/**
 * Whether a request is one of the visitor tracker's (hydrate/analytics/routes.ts): the census, events,
 * performance and error calls. Tests of what the shop itself sends leave them out.
 */
export function isAnalyticsCall(url: string): boolean {
  const path = new URL(url, 'http://x').pathname;
  return [HIT_ROUTE, LEGACY_EVENT_ROUTE, EVENTS_ROUTE, PERFORMANCE_SETTINGS_ROUTE, PERFORMANCE_RECORDS_ROUTE, JAVASCRIPT_ERRORS_ROUTE].includes(path) || path.startsWith(CENSUS_ROUTE);
}

/** An island script but the tracker's two files, which every recorded page carries. */
export const ISLAND_SCRIPT_BUT_TRACKER = /\/static\/islands\/(?!tracker-|performance-)/;

/** The POSTs the page sends from now on but the tracker's: what the shop itself asks of the server. */
export function shopPosts(page: Page): Request[] {
  const posts: Request[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && !isAnalyticsCall(r.url())) posts.push(r);
  });
  return posts;
}

/** Presses Tab until the focused element matches `selector` (at most `max` times); fails if it never does. */
export async function tabTo(page: Page, selector: string, max = 40): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await page.evaluate((s) => document.activeElement?.matches(s) === true, selector)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${selector}`);
}
