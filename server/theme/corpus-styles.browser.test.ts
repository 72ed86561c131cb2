/**
 * The corpus themes whose stylesheets are all in the corpus copy (hnp, labspace, langate), served and shown in
 * Chromium at both widths: on the home page, a product page and a blog post the page loads the theme's one
 * stylesheet from this server, no stylesheet or font is asked of another host, and most classes of the
 * theme's own markup (outside Tessera's `.sqs-system` templates) have a rule. Scripts are not run: what
 * styles a page must not wait for them. Screenshots: test-results/screenshots/corpus-{theme}-{page}-{width}px.png.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeBrowser, launchChromium, SCREENSHOT_DIR, startStorefront, WIDTHS } from '../../hydrate/browser-harness.js';
import { repoRoot } from '../db/database.js';

const CORPUS = resolve(repoRoot(), '../shared/themes');
/** Each theme, and the least share of its markup's classes with a rule on its home page. */
const THEMES: Record<string, number> = { hnp: 0.6, labspace: 0.6, langate: 0.8 };
const PAGES = { home: '/', product: '/shop/p/field-shirt', post: '/blog/caring-for-linen' };

describeBrowser('corpus themes styled by their own stylesheets', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  }, 60_000);
  afterAll(async () => browser?.close());

  for (const [theme, least] of Object.entries(THEMES)) {
    it.skipIf(!existsSync(resolve(CORPUS, theme)))(`${theme}: its stylesheet styles its pages at 1280 and 390 px`, async () => {
      const storefront = await startStorefront({ themeDir: resolve(CORPUS, theme) });
      try {
        for (const width of [WIDTHS.desktop, WIDTHS.mobile]) {
          const context = await browser.newContext({ viewport: { width, height: 800 }, javaScriptEnabled: false });
          const page = await context.newPage();
          const elsewhere: string[] = [];
          await page.route(
            (url) => !url.toString().startsWith(storefront.baseUrl),
            (route) => {
              if (['stylesheet', 'font'].includes(route.request().resourceType())) elsewhere.push(route.request().url());
              return route.abort();
            },
          );
          for (const [name, path] of Object.entries(PAGES)) {
            const response = await page.goto(storefront.baseUrl + path);
            expect(response?.status(), `${theme} ${path}`).toBe(200);
            const found = await page.evaluate(() => {
              const sheets = [...document.styleSheets].filter((s) => (s.href ?? '').includes('/static/theme/site-'));
              const selectors: string[] = [];
              const walk = (rules: CSSRuleList) => {
                for (const rule of rules) {
                  if (rule instanceof CSSStyleRule) selectors.push(rule.selectorText);
                  else if ('cssRules' in rule) walk((rule as CSSGroupingRule).cssRules);
                }
              };
              for (const sheet of sheets) walk(sheet.cssRules);
              const classes = new Set<string>();
              for (const el of document.body.querySelectorAll('[class]')) if (el.closest('.sqs-system') === null) for (const c of el.classList) classes.add(c);
              const styled = [...classes].filter((c) => selectors.some((s) => s.split(/(?=[.#:\[\s>+~,])/).some((part) => part === `.${c}`)));
              return { sheets: sheets.length, classes: classes.size, styled: styled.length };
            });
            expect(found.sheets, `${theme} ${path}: the theme's stylesheet`).toBe(1);
            if (name === 'home') expect(found.styled / Math.max(1, found.classes), `${theme} ${path}: ${found.styled} of ${found.classes} classes have a rule`).toBeGreaterThanOrEqual(least);
            await page.screenshot({ path: resolve(SCREENSHOT_DIR, `corpus-${theme}-${name}-${width}px.png`) });
          }
          expect(elsewhere, `${theme}: stylesheets or fonts asked of another host`).toEqual([]);
          await context.close();
        }
      } finally {
        await storefront.close();
      }
    }, 120_000);
  }
});
