/**
 * `TESSERA_DEMO_LANGUAGE`: any shipped catalog's tag seeds the demo in that language (the website's language,
 * and, but for British English, the demo’s own content); unset is English; an unknown tag is refused by name.
 */
import type { FastifyInstance } from 'fastify';
import type { DemoContent } from './demo-content/content.js';
import { DE_DE } from './demo-content/de-DE.js';
import { ES_ES } from './demo-content/es-ES.js';
import { FR_FR } from './demo-content/fr-FR.js';
import { IT_IT } from './demo-content/it-IT.js';
import { JA_JP } from './demo-content/ja-JP.js';
import { NL_NL } from './demo-content/nl-NL.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoLanguage } from './demo-language.js';
import { demoApp } from '../test-support.js';

describe('demoLanguage', () => {
  it('a shipped tag, canonical; unset is none; anything else is refused', () => {
    expect(demoLanguage({ TESSERA_DEMO_LANGUAGE: 'de-de' })).toBe('de-DE');
    expect(demoLanguage({ TESSERA_DEMO_LANGUAGE: 'ja-JP' })).toBe('ja-JP');
    expect(demoLanguage({})).toBeNull();
    expect(demoLanguage({ TESSERA_DEMO_LANGUAGE: ' ' })).toBeNull();
    expect(() => demoLanguage({ TESSERA_DEMO_LANGUAGE: 'pt-BR' })).toThrow(/TESSERA_DEMO_LANGUAGE must be one of en-US, en-GB, de-DE, fr-FR, es-ES, it-IT, nl-NL, ja-JP \(got "pt-BR"\)/);
    expect(() => demoLanguage({ TESSERA_DEMO_LANGUAGE: 'not a tag!' })).toThrow(/TESSERA_DEMO_LANGUAGE/);
  });
});

describe('the demo seeded in German', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    ({ app } = await demoApp({ demoLanguage: 'de-DE' }));
  });
  afterAll(() => app.close());

  it('a German product page: lang, names, options, money, buy box', async () => {
    const html = (await app.inject('/shop/p/field-shirt')).body;
    expect(html).toContain('<html lang="de-DE"');
    expect(html).toContain('<h1>Feldhemd</h1>');
    expect(html).toContain('Farbe');
    expect(html).toContain('Größe');
    expect(html).toContain('89,00');
    expect(html).toContain('In den Warenkorb');
  });

  it('the navigation, the contact page and its form in German', async () => {
    const html = (await app.inject('/contact')).body;
    expect(html).toContain('>Kontakt</a>');
    expect(html).toContain('Schreib uns zu Bestellungen');
    expect(html).toContain('>Nachricht');
    expect(html).toContain('>Senden</button>');
  });
});

describe('the demo seeded in Japanese', () => {
  it('says its product names and buttons in Japanese', async () => {
    const { app } = await demoApp({ demoLanguage: 'ja-JP' });
    // islands write text beyond ASCII as numeric references
    const html = (await app.inject('/shop/p/linen-apron')).body.replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)));
    expect(html).toContain('<html lang="ja-JP"');
    expect(html).toContain('リネンエプロン');
    expect(html).toContain('カートに追加');
    await app.close();
  });
});

describe('the demo seeded in French, Spanish, Italian and Dutch', () => {
  const expected: Record<string, { apron: string; contact: string; add: string }> = {
    'fr-FR': { apron: 'Tablier en lin', contact: 'Écrivez-nous pour une commande', add: 'Ajouter au panier' },
    'es-ES': { apron: 'Delantal de lino', contact: 'Escríbenos sobre pedidos', add: 'Añadir al carrito' },
    'it-IT': { apron: 'Grembiule di lino', contact: 'Scrivici per ordini', add: 'Aggiungi al carrello' },
    'nl-NL': { apron: 'Linnen schort', contact: 'Schrijf ons over bestellingen', add: 'In winkelwagen' },
  };
  for (const [language, words] of Object.entries(expected)) {
    it(`${language}: the product's name, the buy button and the contact page's text`, async () => {
      const { app } = await demoApp({ demoLanguage: language });
      const text = (url: string) => app.inject(url).then((r) => r.body.replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n))));
      const product = await text('/shop/p/linen-apron');
      expect(product).toContain(`<html lang="${language}"`);
      expect(product).toContain(`<h1>${words.apron}</h1>`);
      expect(product).toContain(words.add);
      expect(await text('/contact')).toContain(words.contact);
      await app.close();
    });
  }

  it('every language’s content names the same products, options and pages as the German', () => {
    const shape = (c: DemoContent) => [Object.keys(c.products).sort(), Object.keys(c.options).sort(), Object.keys(c.collections).sort(), Object.keys(c.contact.fields).sort()];
    for (const content of [FR_FR, ES_ES, IT_IT, NL_NL, JA_JP]) expect(shape(content)).toEqual(shape(DE_DE));
  });
});
