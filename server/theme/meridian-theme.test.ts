/**
 * Meridian (fixtures/themes/meridian), a theme of our own in the platform's LESS dialect: its stylesheet is
 * compiled as the platform compiles it (reset.css first though unlisted, a sheet in a folder, a `.css` file
 * using a LESS variable, selector interpolation, `e(%(…))`, a guard with `>=`, divisions without parentheses,
 * the platform library's `sqs-ui-font` and `sqs-grid-breaker`), with no problem, and its pages link it.
 */
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../db/database.js';
import { demoApp } from '../test-support.js';
import { Theme } from '../theme.js';

const logged: string[] = [];
let app: FastifyInstance;
let theme: Theme;
let css: string;

beforeAll(async () => {
  theme = new Theme(resolve(repoRoot(), 'fixtures/themes/meridian'), false, (p) => logged.push(p));
  app = (await demoApp({ theme })).app;
  css = theme.stylesheet()!.raw.toString();
});
afterAll(async () => app?.close());

/** The rule of `selector` in the minified stylesheet (its declarations), or null. */
const rule = (selector: string) => new RegExp(`(?:^|[}\\s])${selector.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\{([^}]*)\\}`).exec(css)?.[1] ?? null;

describe('Meridian, in the platform LESS dialect', () => {
  it('compiles with no problem, reading reset.css first and every listed sheet in order', () => {
    expect(logged).toEqual([]);
    expect(theme.problems()).toEqual([]);
    expect(css.indexOf('html{-webkit-text-size-adjust:100%}')).toBeGreaterThanOrEqual(0);
    expect(css.indexOf('html{-webkit-text-size-adjust:100%}')).toBeLessThan(css.indexOf('.Blog-meta--date'));
    expect(theme.tweaks().map((t) => t.name)).toEqual(['accentColor', 'gutter']);
  });

  it('gives the rules the dialect means', () => {
    // selector interpolation, once per call of the mixin
    expect(rule('.Blog-meta--date')).toBe('color:#888');
    expect(rule('.Blog-meta--author')).toBe('color:#1f5f8b');
    // e(%("%d/%d", 16, 9))
    expect(rule('.BlogItem-body img')).toBe('aspect-ratio:16/9;width:100%');
    // the guard with >=, and @gutter / 2 divided
    expect(rule('.BlogList-excerpt')).toBe('column-count:2;column-gap:40px');
    expect(rule('.BlogList-item')).toBe('padding:20px 0;border-bottom:1px solid rgba(34,34,34,.15)');
    // a .css file using a variable of variables.less
    expect(rule('.Footer-note')).toBe('color:#888;font-size:12px');
    // CSS's own slash kept in font
    expect(css).toContain('body{color:#222;font:17px/1.6 Georgia,serif}');
  });

  it("uses the platform LESS library: .sqs-ui-font(label), and sqs-grid-breaker inside @media", () => {
    expect(rule('.Header-nav-item')).toMatch(/^font-family:-apple-system,.*font-size:11px;.*text-transform:uppercase;margin-left:10px;color:#222$/);
    expect(css).toMatch(/@media only screen and \(max-width:640px\)\{[^@]*\.sqs-layout \.sqs-row \.sqs-col-12\{float:none;display:block;width:100%/);
  });

  it('serves its pages with the stylesheet linked', async () => {
    for (const url of ['/', '/blog', '/blog/caring-for-linen']) {
      const page = await app.inject(url);
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toContain(`<link rel="stylesheet" href="${theme.stylesheet()!.url}">`);
    }
    expect((await app.inject('/blog')).body).toContain('class="Blog-meta Blog-meta--date"');
  });
});
