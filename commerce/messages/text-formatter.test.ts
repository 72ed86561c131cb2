/**
 * `{value|t KEY}`: the catalog's word in the page's language, `{value}` and `name=path` filled in, plurals per
 * language, everything escaped; an unknown key is reported when the template compiles.
 */
import { describe, expect, it } from 'vitest';
import { compile, render } from '../../engine/index.js';
import { STOREFRONT_PLUGINS } from '../../server/islands/formatter.js';

const page = (source: string, data: Record<string, unknown>) => {
  const { template, errors } = compile(source, {}, STOREFRONT_PLUGINS);
  return { html: render(template, data, {}, STOREFRONT_PLUGINS).html, errors };
};
const site = (language?: string) => ({ website: language === undefined ? {} : { language } });

describe('t', () => {
  it('says a word in the site’s language, English when it has none', () => {
    expect(page('{@|t theme.yourCart}', site('de-DE')).html).toBe('Dein Warenkorb');
    expect(page('{@|t theme.yourCart}', site('de-AT')).html).toBe('Dein Warenkorb');
    expect(page('{@|t theme.yourCart}', site()).html).toBe('Your cart');
  });

  it('fills {value} and name=path, with plurals per language', () => {
    const data = { ...site('en-US'), n: 1, m: 3, current: 2, pages: { total: 7 } };
    expect(page('{n|t list.productCount}|{m|t list.productCount}', data).html).toBe('1 product|3 products');
    expect(page('{@|t list.pageOf current=current total=pages.total}', data).html).toBe('Page 2 of 7');
    expect(page('{m|t list.productCount}', { ...data, ...site('de-DE') }).html).toBe('3 Produkte');
  });

  it('escapes the values and the words', () => {
    expect(page('{q|t theme.searchFor}', { ...site('en-US'), q: '<b>"x" & y' }).html).toBe('Search: &lt;b&gt;&quot;x&quot; &amp; y');
  });

  it('an unknown key is a compile error and renders nothing', () => {
    const { html, errors } = page('[{@|t theme.nope}]', site('en-US'));
    expect(html).toBe('[]');
    expect(errors.map((e) => e.message).join()).toContain('t: no catalog message theme.nope');
  });
});
