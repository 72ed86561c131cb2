/**
 * The default theme's content policy in Chromium (issue 30): an inline script and an event handler the owner's
 * content smuggles into a page do not run (the browser says why on its console), while every island on the
 * pages that have one hydrates and works with a clean console; and the one URL rule (commerce/safe-url.ts)
 * checked against Chromium's own URL parser: of a batch of generated strings, none that the rule admits as a
 * site path leads to another origin, and none it admits at all leads to a scheme its use does not allow.
 */
import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeBrowser, useBrowserHarness, WIDTHS } from '../../hydrate/browser-harness.js';
import { addButton, hydrated } from '../../hydrate/browser-helpers.js';
import { safeUrl, type UrlUse } from '../../commerce/safe-url.js';
import { urlLike } from '../../bench/fuzz/url-like.js';
import { writeBeside } from '../test-support.js';

const CSP_MESSAGE = /violates the following Content Security Policy directive/;

describeBrowser("the default theme's content policy", () => {
  const harness = useBrowserHarness();

  it('blocks a script and an event handler written into stored content, and the islands of that page still work', async () => {
    const { app } = harness().storefront;
    const { db, t } = app.reads;
    const before = (await db.select({ body: t.products.body }).from(t.products).where(eq(t.products.id, 'p01')))[0]!.body;
    const setBody = (body: string) => writeBeside(app, async ({ db, t }) => {
      await db.update(t.products).set({ body }).where(eq(t.products.id, 'p01'));
    });
    const injected =
      '<p>Linen.</p><script>window.__injected = "inline"</script>' +
      '<img src="/static/images/p01.svg" alt="" onload="window.__injected = \'handler\'">' +
      '<a id="js-link" href="javascript:window.__injected=\'link\'">x</a>';
    await setBody(injected);
    const tab = await harness().open('/shop/p/linen-apron', { width: WIDTHS.desktop });
    const { page } = tab;
    await hydrated(tab);
    await page.locator('#js-link').click();
    await page.waitForLoadState('load');
    expect(await page.evaluate(() => (window as unknown as { __injected?: string }).__injected)).toBeUndefined();
    const refused = tab.console.filter((m) => m.type === 'error' && CSP_MESSAGE.test(m.text));
    expect(refused.length, JSON.stringify(tab.console)).toBeGreaterThanOrEqual(3);
    // the page's own scripts ran: the buy box adds to the cart and the pill follows
    await addButton(page).click();
    await expect.poll(() => page.locator('a.cart-pill .cart-pill-count').innerText().catch(() => ''), { timeout: 4000 }).toBe('1');
    // nothing else went wrong
    const others = tab.console.filter((m) => !CSP_MESSAGE.test(m.text) && (m.type === 'error' || m.type === 'warning'));
    expect(others).toEqual([]);
    expect(tab.pageErrors).toEqual([]);
    await tab.close();
    await setBody(before);
  });

  /** Each island of the default theme and a page that has it (the cart's lines once the cart holds one). */
  const ISLAND_PAGES: readonly [string, string][] = [
    ['/shop/p/field-shirt', 'product-form'],
    ['/shop/p/linen-apron', 'installment-pill'],
    ['/shop/p/canvas-tote', 'restock'],
    ['/contact', 'form'],
    ['/account/login', 'account'],
    ['/cart', 'cart-lines'],
    ['/cart', 'cart-pill'],
  ];

  for (const width of [WIDTHS.desktop, WIDTHS.mobile]) {
    it(`lets every island of the default theme hydrate and work at ${width}px, with a clean console`, async () => {
      const tab = await harness().open('/shop/p/linen-apron', { width });
      const { page } = tab;
      await hydrated(tab);
      await addButton(page).click();
      await expect.poll(() => page.locator('a.cart-pill .cart-pill-count').innerText().catch(() => ''), { timeout: 4000 }).toBe('1');
      for (const [path, island] of ISLAND_PAGES) {
        if (page.url() !== new URL(path, page.url()).href) await tab.goto(path);
        await page
          .waitForFunction((name) => {
            const el = document.querySelector<HTMLElement>(`[data-island="${name}"]`);
            // a React island owns its element; the form and account islands mark theirs when they take it over
            return el !== null && (Object.keys(el).some((k) => k.startsWith('__react')) || el.dataset['enhanced'] === 'true' || el.dataset['ready'] === 'true');
          }, island)
          .catch((error: unknown) => {
            throw new Error(`${island} on ${path} did not take over: ${String(error)} ${JSON.stringify(tab.console)}`);
          });
      }
      // the gallery's settings reach the page through its nonced <style>
      await tab.goto('/gallery');
      expect(await page.locator('.gallery').evaluate((el) => getComputedStyle(el).getPropertyValue('--gallery-columns').trim())).toBe('3');
      tab.expectNoConsoleProblems();
      expect(tab.pageErrors).toEqual([]);
      await tab.close();
    });
  }

  it('the URL rule never admits another origin or a scheme its use does not allow, by Chromium\'s own parser', async () => {
    const tab = await harness().open('/', { width: WIDTHS.desktop });
    const cases: { raw: string; use: UrlUse; out: string }[] = [];
    for (const [raw, use] of fc.sample(fc.tuple(urlLike, fc.constantFrom<UrlUse>('site', 'web', 'link')), { numRuns: 4000, seed: 30 })) {
      const out = safeUrl(raw, use);
      if (out !== null) cases.push({ raw, use, out });
    }
    // the sneaky ones of the issue, whatever the sample holds
    for (const raw of ['/\t/example.com', '/\t\\example.com', '/\\example.com', ' //example.com', '/shop']) {
      const out = safeUrl(raw, 'link');
      if (out !== null) cases.push({ raw, use: 'link', out });
    }
    expect(cases.length).toBeGreaterThan(200);
    const parsed = await tab.page.evaluate((list) => {
      const base = 'https://shop.test/shop/p/linen-apron';
      return list.map(({ raw, out }) => {
        const a = new URL(out, base);
        let rawOrigin = 'error';
        try {
          rawOrigin = new URL(raw, base).origin;
        } catch {
          // the raw text may not parse at all; what is written into pages is `out`
        }
        return { protocol: a.protocol, origin: a.origin, rawOrigin };
      });
    }, cases);
    const allowed: Record<UrlUse, readonly string[]> = { site: ['https:'], web: ['https:', 'http:'], link: ['https:', 'http:', 'mailto:', 'tel:'] };
    parsed.forEach((p, i) => {
      const c = cases[i]!;
      expect(allowed[c.use], JSON.stringify(c)).toContain(p.protocol);
      if (c.out.startsWith('/')) {
        expect(p.origin, JSON.stringify(c)).toBe('https://shop.test');
        expect(p.rawOrigin, JSON.stringify(c)).toBe('https://shop.test');
      }
    });
    await tab.close();
  });
});
