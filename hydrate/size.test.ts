/**
 * The island budgets: the pure check on made-up manifests, then on the real build (built here when stale) and
 * the real storefront's pages, so that `npm test` fails when an island or a page grows past its budget.
 */
import { describe, expect, it } from 'vitest';
import { BUDGETS, checkBudgets, formatReport, type IslandsManifest, importClosure, islandNamesIn, islandScriptsIn, KB, measure, sizeReport } from './size.js';

const file = (gzip: number, imports: string[] = []) => ({ imports, bytes: gzip * 3, gzip, brotli: Math.round(gzip * 0.9) });

const MANIFEST: IslandsManifest = {
  loader: 'loader-AAAA.js',
  islands: { 'product-form': 'product-form-BBBB.js', 'cart-pill': 'cart-pill-CCCC.js' },
  files: {
    'loader-AAAA.js': file(1_000),
    'product-form-BBBB.js': file(4_000, ['react-DDDD.js', 'api-EEEE.js']),
    'cart-pill-CCCC.js': file(2_000, ['react-DDDD.js']),
    'react-DDDD.js': file(50_000, ['scheduler-FFFF.js']),
    'scheduler-FFFF.js': file(3_000),
    'api-EEEE.js': file(1_500),
  },
};

const islandPage = (names: string[]) =>
  `<html><head><script type="module" src="/static/islands/loader-AAAA.js"></script></head><body>${names.map((n) => `<div data-island="${n}"></div>`).join('')}</body></html>`;

describe('island size budgets (pure)', () => {
  it('follows imports transitively and counts a shared chunk once', () => {
    expect(importClosure(MANIFEST, ['product-form-BBBB.js', 'cart-pill-CCCC.js']).files.sort()).toEqual(
      ['api-EEEE.js', 'cart-pill-CCCC.js', 'product-form-BBBB.js', 'react-DDDD.js', 'scheduler-FFFF.js'].sort(),
    );
    const report = sizeReport(MANIFEST, [{ path: '/shop/p/x', html: islandPage(['product-form', 'cart-pill', 'cart-pill']) }]);
    // a first visit: the pill waits for a cart, so its own file is not counted (its imports are the form's)
    expect(report.pages[0]!.gzip).toBe(1_000 + 4_000 + 50_000 + 3_000 + 1_500);
    expect(report.pages[0]!.waiting).toEqual(['cart-pill']);
    expect(report.files.map((f) => `${f.kind} ${f.name}`)).toEqual(['loader loader', 'island cart-pill', 'island product-form', 'chunk api-EEEE.js', 'chunk react-DDDD.js', 'chunk scheduler-FFFF.js']);
    expect(report.problems).toEqual([]);
  });

  it('finds island scripts and names in any attribute order and quoting', () => {
    const html = `<link href='/static/islands/react-DDDD.js' rel=modulepreload><link rel="stylesheet" href="/static/islands/x.css"><script src="/static/islands/loader-AAAA.js?v=1" type=module></script><script src="/other.js"></script><b data-island=cart-pill></b>`;
    expect(islandScriptsIn(html)).toEqual(['react-DDDD.js', 'loader-AAAA.js']);
    expect(islandNamesIn(html)).toEqual(['cart-pill']);
  });

  it('passes pages and islands within budget', () => {
    const report = sizeReport(MANIFEST, [
      { path: '/shop/p/field-shirt', html: islandPage(['product-form', 'cart-pill']) },
      { path: '/about', html: '<p>About us</p>' },
    ]);
    const result = checkBudgets(report);
    expect(result.violations).toEqual([]);
    expect(result.ok).toBe(true);
    expect(formatReport(report, result)).toContain('All island budgets are met.');
  });

  it('flags an island over 10 KB gzip', () => {
    const big: IslandsManifest = { ...MANIFEST, files: { ...MANIFEST.files, 'cart-pill-CCCC.js': file(10 * KB + 1, ['react-DDDD.js']) } };
    const result = checkBudgets(sizeReport(big, []));
    expect(result.ok).toBe(false);
    expect(result.violations).toEqual([expect.stringMatching(/^island cart-pill .*over its budget of 10240 B/)]);
    expect(result.files.find((r) => r.subject === 'island cart-pill')!.over).toBe(true);
    expect(result.files.find((r) => r.subject === 'chunk react-DDDD.js')!.budget).toBeUndefined();
  });

  it('flags a tracker over 3 KB gzip and its performance reporter over 1.5 KB', () => {
    const withTrackers: IslandsManifest = { ...MANIFEST, tracker: 'tracker-GGGG.js', performance: 'performance-HHHH.js', files: { ...MANIFEST.files, 'tracker-GGGG.js': file(3 * KB), 'performance-HHHH.js': file(1.5 * KB) } };
    const within = checkBudgets(sizeReport(withTrackers, []));
    expect(within.violations).toEqual([]);
    expect(within.files.find((r) => r.subject === 'tracker tracker')!.budget).toBe(3 * KB);
    const over: IslandsManifest = { ...withTrackers, files: { ...withTrackers.files, 'tracker-GGGG.js': file(3 * KB + 1), 'performance-HHHH.js': file(1.5 * KB + 1) } };
    expect(checkBudgets(sizeReport(over, [])).violations).toEqual([
      expect.stringMatching(/^tracker tracker \(tracker-GGGG\.js\): 3073 B gzip, over its budget of 3072 B/),
      expect.stringMatching(/^tracker performance \(performance-HHHH\.js\): 1537 B gzip, over its budget of 1536 B/),
    ]);
  });

  it('flags a product page over 90 KB gzip in all', () => {
    const heavy: IslandsManifest = { ...MANIFEST, files: { ...MANIFEST.files, 'scheduler-FFFF.js': file(40 * KB) } };
    const result = checkBudgets(sizeReport(heavy, [{ path: '/shop/p/field-shirt', html: islandPage(['product-form']) }]));
    expect(result.violations).toEqual([expect.stringMatching(/^page \/shop\/p\/field-shirt: .* over its budget of 92160 B/)]);
    expect(formatReport(sizeReport(heavy, [{ path: '/shop/p/field-shirt', html: islandPage(['product-form']) }]), result)).toMatch(/OVER/);
  });

  it('flags any island script on a page without commerce blocks', () => {
    const page = '<p>Hello</p><script type="module" src="/static/islands/loader-AAAA.js"></script>';
    const result = checkBudgets(sizeReport(MANIFEST, [{ path: '/journal', html: page }]));
    expect(result.violations).toEqual([expect.stringMatching(/^page \/journal: 1000 B gzip .* over its budget of 0 B/)]);
  });

  it('reports islands and scripts the manifest does not know', () => {
    const page = '<script type="module" src="/static/islands/loader-AAAA.js"></script><script type="module" src="/static/islands/old-1234.js"></script><div data-island="wishlist"></div>';
    const result = checkBudgets(sizeReport(MANIFEST, [{ path: '/shop/p/x', html: page }]));
    expect(result.violations).toEqual([
      '/shop/p/x: data-island="wishlist" is not an island of the manifest',
      '/shop/p/x: loads /static/islands/old-1234.js, which the manifest does not list',
    ]);
  });
});

describe('island size budgets (real build)', () => {
  it('every island, the product page, the cart and a content page are within budget', async () => {
    const report = await measure();
    const result = checkBudgets(report);
    expect(result.violations, formatReport(report, result)).toEqual([]);
    // the measurement itself is sound: the product page loads its loader and form, a content page nothing
    const product = report.pages.find((p) => p.path === '/shop/p/field-shirt')!;
    expect(product.islands).toContain('product-form');
    expect(product.gzip).toBeGreaterThan(0);
    expect(report.pages.find((p) => p.path === '/about')!.files).toEqual([]);
    // the tracker is measured against its own budget
    expect(report.files.filter((f) => f.kind === 'tracker').map((f) => f.name)).toEqual(['tracker', 'performance']);
    expect(Object.keys(BUDGETS.pageGzip)).toContain('/shop/p/field-shirt');
  }, 120_000);
});
