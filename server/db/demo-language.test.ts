/**
 * `TESSERA_DEMO_LANGUAGE`: any shipped catalog's tag seeds the demo in that language (the website's language,
 * and for German and Japanese the demo's own content); unset is English; an unknown tag is refused by name.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from './database.js';
import { demoLanguage } from './demo-language.js';
import { seedDemoStore } from './seed.js';
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
    const store = openStore(':memory:');
    seedDemoStore(store, Date.now(), 'de-DE');
    ({ app } = await demoApp({ store }));
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
    const store = openStore(':memory:');
    seedDemoStore(store, Date.now(), 'ja-JP');
    const { app } = await demoApp({ store });
    // islands write text beyond ASCII as numeric references
    const html = (await app.inject('/shop/p/linen-apron')).body.replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)));
    expect(html).toContain('<html lang="ja-JP"');
    expect(html).toContain('リネンエプロン');
    expect(html).toContain('カートに追加');
    await app.close();
  });
});
