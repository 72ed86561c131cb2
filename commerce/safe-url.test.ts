import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { urlLike } from '../bench/fuzz/url-like.js';
import { safeUrl, type UrlUse } from './safe-url.js';

const BASE = 'https://shop.test/shop/p/linen-apron';

/** Where a browser goes when it follows `href` on a page of the shop (Node's URL is the WHATWG parser). */
const followed = (href: string) => new URL(href, BASE);

describe('safeUrl', () => {
  it('keeps site paths and, where allowed, web, mail and phone links', () => {
    expect(safeUrl('/', 'site')).toBe('/');
    expect(safeUrl('/shop?x=1#top', 'site')).toBe('/shop?x=1#top');
    expect(safeUrl('https://example.com/a', 'web')).toBe('https://example.com/a');
    expect(safeUrl('HTTP://EXAMPLE.COM', 'link')).toBe('http://example.com/');
    expect(safeUrl('mailto:hi@example.com', 'link')).toBe('mailto:hi@example.com');
    expect(safeUrl('tel:+15550100', 'link')).toBe('tel:+15550100');
  });

  it('refuses other hosts where only site paths are allowed, and other schemes everywhere', () => {
    expect(safeUrl('https://example.com/', 'site')).toBeNull();
    expect(safeUrl('mailto:hi@example.com', 'web')).toBeNull();
    for (const use of ['site', 'web', 'link'] as const) {
      for (const bad of ['javascript:alert(1)', ' javascript:alert(1)', 'java\tscript:alert(1)', 'data:text/html,<script>1</script>', 'vbscript:x', '//example.com', 'shop', '', '   ', 'http://', 'https:example']) {
        if (bad === 'https:example' && use !== 'site') continue;
        expect(safeUrl(bad, use), `${use} ${JSON.stringify(bad)}`).toBeNull();
      }
      expect(safeUrl(undefined, use)).toBeNull();
      expect(safeUrl(42, use)).toBeNull();
    }
  });

  it('reads tabs, newlines and backslashes as browsers do (issue 30: /\\t/example.com became http://example.com/)', () => {
    for (const sneaky of ['/\t/example.com', '/\t\\example.com', '/\\example.com', '\\\\example.com', '\\/example.com', '/\n/example.com', ' //example.com', '/\r\n/example.com']) {
      expect(followed(sneaky).host, JSON.stringify(sneaky)).toBe('example.com');
      for (const use of ['site', 'web', 'link'] as const) expect(safeUrl(sneaky, use), `${use} ${JSON.stringify(sneaky)}`).toBeNull();
    }
    expect(safeUrl('  /sh\top\n ', 'site')).toBe('/shop');
    expect(safeUrl('/a\\b?c\\d', 'site')).toBe('/a/b?c\\d');
  });

  it('never admits another origin or a scheme its use does not allow (property, against the WHATWG parser)', () => {
    const allowed: Record<UrlUse, readonly string[]> = { site: ['https:'], web: ['https:', 'http:'], link: ['https:', 'http:', 'mailto:', 'tel:'] };
    fc.assert(
      fc.property(urlLike, fc.constantFrom<UrlUse>('site', 'web', 'link'), (raw, use) => {
        const out = safeUrl(raw, use);
        if (out === null) return;
        const url = followed(out);
        expect(allowed[use]).toContain(url.protocol);
        // a site path stays on the shop, however the raw text was written
        if (out.startsWith('/')) {
          expect(url.origin).toBe('https://shop.test');
          expect(followed(raw).origin).toBe('https://shop.test');
        }
        // what is written into the page is what the browser reads
        expect(safeUrl(out, use)).toBe(out);
      }),
      { numRuns: 3000 },
    );
  });
});
