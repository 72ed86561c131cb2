/**
 * The site's language (issue 27): the website settings' `language`, canonical, else `en-US`; a German site's
 * pages say `<html lang="de-DE">`, write money as German does, and the buy box, the cart pill's props and the
 * link messages of the cart, checkout and restock pages come from the German catalog.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { languageOfSettings } from './site-language.js';
import { addToCartApi, demoApp, TEST_COOKIES, TEST_CRUMB, withCrumb, writeBeside } from './test-support.js';

describe('languageOfSettings', () => {
  it('the settings’ tag, canonical; en-US when unset, empty, not a string or not a tag', () => {
    expect(languageOfSettings({ language: 'de-DE' })).toBe('de-DE');
    expect(languageOfSettings({ language: 'de-de' })).toBe('de-DE');
    expect(languageOfSettings({})).toBe('en-US');
    expect(languageOfSettings({ language: '' })).toBe('en-US');
    expect(languageOfSettings({ language: 42 })).toBe('en-US');
    expect(languageOfSettings({ language: 'not a tag!' })).toBe('en-US');
    expect(languageOfSettings(null)).toBe('en-US');
  });
});

describe('a German site', () => {
  let app: FastifyInstance;
  let seeded: string;
  /** The site's settings written beside the app (either database). */
  const setSettings = (settings: string) => writeBeside(app, ({ db, t }) => db.update(t.websites).set({ settings }));
  beforeAll(async () => {
    ({ app } = await demoApp());
    const { db, t } = app.reads;
    seeded = (await db.select({ settings: t.websites.settings }).from(t.websites).limit(1))[0]!.settings;
  });
  afterAll(() => app.close());
  beforeEach(async () => {
    await setSettings(JSON.stringify({ ...JSON.parse(seeded), language: 'de-DE' }));
  });

  /** The text of markup: numeric references (islands write everything beyond ASCII so) and the named ones. */
  const text = (html: string) =>
    html
      .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  const propsOf = (html: string, island: string) => JSON.parse(text(new RegExp(`data-island="${island}"[^>]*data-props="([^"]*)"`).exec(html)![1]!));
  const body = async (url: string, cookies?: Record<string, string>) => text((await app.inject(withCrumb({ url, ...(cookies ? { cookies } : {}) }))).body);

  it('a product page: lang, German money, the buy box in German, the pill’s German messages', async () => {
    const html = (await app.inject('/shop/p/field-shirt')).body;
    expect(html).toMatch(/<html lang="de-DE"/);
    const form = propsOf(html, 'product-form');
    expect(form.locale).toBe('de-DE');
    expect(form.labels).toMatchObject({ add: 'In den Warenkorb', adding: 'Wird hinzugefügt…', added: 'Hinzugefügt!', quantity: 'Menge' });
    expect(text(html)).toContain('In den Warenkorb');
    expect(text(html)).toContain('89,00\u00a0$');
    const pill = propsOf(html, 'cart-pill');
    expect(pill.messages.locale).toBe('de-DE');
    expect(Object.keys(pill.messages.text)).toEqual(['cartPill.items', 'cartPill.linkName']);
  });

  it('the cart page says a link’s message in German, and nothing for free text', async () => {
    expect(await body('/cart?message=cart.notEnoughStock')).toContain('Von diesem Artikel haben wir leider nicht genug vorrätig.');
    expect(await body('/cart?message=Buy+elsewhere')).not.toContain('Buy elsewhere');
  });

  it('the checkout page says its message in German', async () => {
    const cookies = { tessera_cart: await addToCartApi(app, { itemId: 'p01', quantity: 1 }) };
    expect(await body('/checkout?message=checkout.invalidForm', cookies)).toContain('Mindestens ein Feld ist ungültig. Bitte überprüfe deine Eingaben.');
  });

  it('a plain restock signup’s error comes back in German', async () => {
    const html = (await app.inject('/shop/p/canvas-tote?restock=error&message=restock.emailInvalid')).body;
    expect(propsOf(html, 'restock').outcome).toEqual({ kind: 'error', message: 'Die E-Mail-Adresse ist ungültig' });
    // the success text where the store sets none
    expect(propsOf(html, 'restock').successText).toBe('Angemeldet!');
    const signedUp = (await app.inject('/shop/p/canvas-tote?restock=signed-up&message=restock.signedUp')).body;
    expect(propsOf(signedUp, 'restock').outcome).toEqual({ kind: 'done', message: 'Angemeldet!' });
  });

  it('the default theme’s own words in German: header, cart, checkout, contact form', async () => {
    const product = await body('/shop/p/field-shirt');
    expect(product).toContain('Zum Inhalt springen');
    expect(product).toContain('Alle Preise in USD.');
    expect(await body('/cart')).toContain('<h1 class="cart-title">Dein Warenkorb</h1>');
    const cookies = { tessera_cart: await addToCartApi(app, { itemId: 'p01', quantity: 1 }) };
    const checkout = await body('/checkout', cookies);
    expect(checkout).toContain('Zahlungspflichtig bestellen');
    expect(checkout).toContain('<legend>Lieferadresse</legend>');
    expect(checkout).not.toContain('Place order');
    const contact = await body('/contact');
    expect(contact).toContain('>Senden</button>');
  });

  it('a refused plain post of the contact form and of the checkout say the rules in German', async () => {
    const body = new URLSearchParams({ crumb: TEST_CRUMB, name: 'Ada', email: 'nope', message: '' });
    const res = await app.inject({ method: 'POST', url: '/forms/contact-form', cookies: TEST_COOKIES, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: body.toString() });
    const form = text(res.body);
    expect(form).toContain('Mindestens ein Feld ist ungültig. Bitte überprüfe deine Eingaben.');
    expect(form).toContain('Die E-Mail-Adresse ist ungültig. Sie sollte die Form user@domain.com haben.');
    expect(form).toContain('>Pflichtfeld<');
    expect(form).not.toMatch(/form-field-error"[^>]*>Email is not valid/);
    // the form island gets the rules' German by their English
    expect(form).toContain('"Submitting…":"Wird gesendet…"');
    const cookies = { tessera_cart: await addToCartApi(app, { itemId: 'p01', quantity: 1 }) };
    const checkout = await app.inject({ method: 'POST', url: '/checkout', cookies: { ...TEST_COOKIES, ...cookies }, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams({ crumb: TEST_CRUMB, email: 'x', name: '', address1: 'Hauptstr. 1', address2: '', city: 'Berlin', region: '', postalCode: '10115', country: 'DE' }).toString() });
    const page = text(checkout.body);
    expect(page).toContain('Name ist ein Pflichtfeld.');
    expect(page).toContain('Da stimmt etwas nicht');
  });

  it('the content and account pages’ words in German: home, journal, events, videos, lock screen, member area, sign in, register, reset', async () => {
    const home = await body('/');
    expect(home).toContain('>Ausgewählte Produkte</h2>');
    expect(await body('/blog')).toContain('Weiterlesen');
    const events = await body('/events');
    expect(events).toContain('<h2>Demnächst</h2>');
    expect(events).toContain('<h2>Vergangen</h2>');
    expect(await body('/videos')).toContain('Ansehen');
    expect(await body('/trade')).toContain('>Entsperren</button>');
    const members = await body('/members');
    expect(members).toMatch(/Mitglied werden/);
    const login = await body('/account/login');
    expect(login).toContain('<h1>Anmelden</h1>');
    expect(login).toMatch(/<title>Anmelden &mdash; /);
    expect(login).toContain('Passwort vergessen?');
    expect(await body('/account/register')).toContain('Mindestens 8 Zeichen.');
    expect(await body('/account/reset')).toContain('<h1>Passwort zurücksetzen</h1>');
    // the account pages' own messages: a note from a link, a refused sign-in, a field's rule
    expect(await body('/account/login?done=signed-out')).toContain('Du bist abgemeldet.');
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const refused = await app.inject({ method: 'POST', url: '/account/login', cookies: TEST_COOKIES, headers: form, payload: new URLSearchParams({ crumb: TEST_CRUMB, email: 'nobody@example.com', password: 'wrong password' }).toString() });
    expect(text(refused.body)).toContain('Die E-Mail-Adresse oder das Passwort ist falsch.');
    const short = await app.inject({ method: 'POST', url: '/account/register', cookies: TEST_COOKIES, headers: form, payload: new URLSearchParams({ crumb: TEST_CRUMB, email: 'ada@example.com', password: 'short' }).toString() });
    expect(text(short.body)).toContain('Dein Passwort muss mindestens 8 Zeichen haben.');
  });

  it('an English site is as before', async () => {
    await setSettings(seeded);
    const html = (await app.inject('/shop/p/field-shirt')).body;
    expect(html).toMatch(/<html lang="en-US"/);
    expect(propsOf(html, 'product-form').labels).toMatchObject({ add: 'Add To Cart', adding: 'Adding…', added: 'Added!' });
    expect(await body('/cart?message=cart.notEnoughStock')).toContain('Sorry, we do not have enough of that item available.');
  });
});
