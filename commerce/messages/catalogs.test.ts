/**
 * The message catalogs (issue 27): each shipped catalog keeps the rules against the English source (and the
 * check finds a missing key, a message that does not parse and a changed placeholder), a language picks its
 * catalog, `t` formats plurals and selects per language, and every message an island may carry formats the
 * same in the browser's compact form as with intl-messageformat.
 */
import { describe, expect, it } from 'vitest';
import { catalogProblems } from './catalog-check.js';
import { CATALOGS, catalogLocale, SHIPPED_LOCALES } from './catalogs.js';
import { formatCompact } from './compact.js';
import { EN_US, type MessageKey } from './en-US.js';
import { compactMessage, islandMessages } from './island-messages.js';
import { compiledMessage, translator } from './translate.js';
import { localVisitorMessage } from './visitor-wording.js';

describe('catalog rules', () => {
  it('ships eight languages', () => {
    expect(SHIPPED_LOCALES).toEqual(['en-US', 'en-GB', 'de-DE', 'fr-FR', 'es-ES', 'it-IT', 'nl-NL', 'ja-JP']);
  });

  for (const locale of SHIPPED_LOCALES) {
    it(`${locale}: every key of en-US, each message parses, the same placeholders`, () => {
      expect(catalogProblems(locale, CATALOGS[locale]!)).toEqual([]);
    });
  }

  it('finds a missing key, an extra key, a message that does not parse and a placeholder that differs', () => {
    const { 'addButton.added': _dropped, ...rest } = CATALOGS['de-DE']!;
    const broken = { ...rest, 'addButton.adding': 'Wird {hinzugefügt', 'cartPill.linkName': ', Warenkorb: {artikel}', 'cart.extra': 'x' };
    expect(catalogProblems('de-DE', broken)).toEqual([
      'de-DE: cart.extra is not a key of en-US',
      expect.stringMatching(/^de-DE: addButton\.adding does not parse/),
      'de-DE: addButton.added is missing',
      'de-DE: cartPill.linkName has {artikel} where en-US has {items}',
    ]);
  });

  it('a placeholder inside a plural or select case counts too', () => {
    const changed = { ...CATALOGS['de-DE']!, 'cartPill.items': '{over, select, yes {Mehr als 100 Artikel} other {{count, plural, other {# Artikel}}}}' };
    expect(catalogProblems('de-DE', changed)).toEqual(['de-DE: cartPill.items has {count}, {over} where en-US has {count}, {limit}, {over}']);
  });
});

describe('which catalog a language reads', () => {
  it('its own, else the first of its language, else English', () => {
    expect(catalogLocale('de-DE')).toBe('de-DE');
    expect(catalogLocale('de-AT')).toBe('de-DE');
    expect(catalogLocale('en-GB')).toBe('en-GB');
    expect(catalogLocale('en-AU')).toBe('en-US');
    expect(catalogLocale('fr-CA')).toBe('fr-FR');
    expect(catalogLocale('pt-BR')).toBe('en-US');
  });
});

describe('t', () => {
  const pill = (locale: string, count: number) => translator(locale)('cartPill.items', { over: count > 100 ? 'yes' : 'no', limit: 100, count });

  it('the cart pill in English (spec 000 §9 wording) and German', () => {
    expect([1, 3, 100, 101].map((n) => pill('en-US', n))).toEqual(['One item in cart', '3 items in cart', '100 items in cart', 'More than 100 items in cart']);
    expect([1, 3, 100, 101].map((n) => pill('de-DE', n))).toEqual(['1 Artikel im Warenkorb', '3 Artikel im Warenkorb', '100 Artikel im Warenkorb', 'Mehr als 100 Artikel im Warenkorb']);
    expect(pill('en-GB', 2)).toBe('2 items in cart');
    // one plural form in Japanese; French says 0 and 1 alike
    expect([1, 3, 101].map((n) => pill('ja-JP', n))).toEqual(['カートに1点の商品', 'カートに3点の商品', 'カートに100点以上の商品']);
    expect([1, 3].map((n) => pill('fr-FR', n))).toEqual(['Un article dans le panier', '3 articles dans le panier']);
    expect(pill('nl-NL', 1)).toBe('1 artikel in winkelwagen');
  });

  it('a shop German for the buy box, and the spec’s English', () => {
    const [de, en] = [translator('de-DE'), translator('en-US')];
    expect([de('product.addToCart'), de('addButton.adding'), de('addButton.added')]).toEqual(['In den Warenkorb', 'Wird hinzugefügt…', 'Hinzugefügt!']);
    expect([en('product.addToCart'), en('addButton.adding'), en('addButton.added')]).toEqual(['Add To Cart', 'Adding…', 'Added!']);
  });

  it('compiles a message once per catalog', () => {
    expect(compiledMessage('de-DE', 'cartPill.items')).toBe(compiledMessage('de-AT', 'cartPill.items'));
    expect(compiledMessage('de-DE', 'cartPill.items')).not.toBe(compiledMessage('en-US', 'cartPill.items'));
  });

  it('a link’s code in the site’s language; anything else is nothing', () => {
    expect(localVisitorMessage('checkout.emptyCart', 'de-DE')).toBe('Dein Warenkorb ist leer.');
    expect(localVisitorMessage('checkout.emptyCart', 'en-US')).toBe(EN_US['checkout.emptyCart']);
    expect(localVisitorMessage('Your words here', 'de-DE')).toBeUndefined();
    expect(localVisitorMessage('toString', 'de-DE')).toBeUndefined();
  });
});

describe('island messages', () => {
  const VALUES = [0, 1, 2, 5, 100, 101, 1000, 12345].map((count) => ({ over: count > 100 ? 'yes' : 'no', limit: 100, count, items: 'One item in cart', price: '$89.00', value: count, current: 2, total: 5, query: 'linen', option: 'Size', options: 'Color, Size', last: 'Fit', title: 'Mug', name: 'Monogram', quantity: count, subtotal: '$12.00', subject: 'item', field: 'Email', max: 256, variantName: 'Size', 0: '$5.00', remaining: '2 downloads left', file: 'guide.pdf', number: count, site: 'Tessera', amount: '$5.00', label: 'Total', link: '/d/1', until: 'May 1', url: '/members', product: 'Mug', form: 'Contact', page: '/contact', numInstallments: '4', payments: '4 payments', provider: 'Afterpay', text: 'available', min: 8 }));

  for (const locale of SHIPPED_LOCALES) {
    it(`${locale}: every message formats the same compacted (the browser) as with intl-messageformat`, () => {
      for (const key of Object.keys(EN_US) as MessageKey[]) {
        for (const values of VALUES) {
          expect(formatCompact(compactMessage(locale, key), locale, values), `${locale} ${key} ${values.count}`).toBe(translator(locale)(key, values));
        }
      }
    });
  }

  it('a message without placeholders is its text; only the keys asked for, in the catalog’s tag', () => {
    expect(compactMessage('de-DE', 'addButton.adding')).toBe('Wird hinzugefügt…');
    const messages = islandMessages('de-AT', ['cartPill.items', 'cartPill.linkName']);
    expect(messages.locale).toBe('de-DE');
    expect(Object.keys(messages.text)).toEqual(['cartPill.items', 'cartPill.linkName']);
    expect(formatCompact(messages.text['cartPill.linkName'], messages.locale, { items: '1 Artikel im Warenkorb' })).toBe(', Warenkorb: 1 Artikel im Warenkorb');
    expect(islandMessages('de-DE', ['cartPill.items', 'cartPill.linkName'])).toBe(messages);
  });
});
