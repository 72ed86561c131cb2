/**
 * E-mails in the site's language (issue 27): on a German site the order confirmation, the shipping notice
 * and the owner's form notification are German (words, money, dates, country), and a back-in-stock e-mail is
 * in the signup's language when it kept one (French here), else the site's.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { formDefinitionOf } from '../forms/service.js';
import { buy, useFreshShops } from '../orders/order-test-support.js';
import { ORDER_EMAIL_KIND } from '../orders/order-email.js';
import { changeSiteSettings, siteDocumentBeside, writeBeside } from '../test-support.js';
import { FORM_NOTIFICATION_KIND } from './form-notification.js';
import { fulfilOrderWork, ORDER_FULFILLED_KIND } from './fulfil.js';

const freshShop = useFreshShops();
const mails = (app: FastifyInstance, kind: string) => {
  const { db, t } = app.reads;
  return db.select().from(t.outboxEmails).where(eq(t.outboxEmails.kind, kind));
};

/** The demo made German, as the owner sets the website's language. */
const german = (app: FastifyInstance, extra: Record<string, unknown> = {}) => changeSiteSettings(app, (settings) => ({ ...settings, language: 'de-DE', ...extra }));

describe('e-mails of a German site', () => {
  it('the order confirmation and the shipping notice: German words, money and country', async () => {
    const { app } = await freshShop();
    await german(app);
    const { orderId } = await buy(app, [{ itemId: 'p02', sku: 'SQP027', quantity: 2 }]);
    const [order] = await mails(app, ORDER_EMAIL_KIND);
    expect(order!.subject).toBe('Deine Bestellung #1 bei Tessera Supply Co.');
    expect(order!.bodyText).toMatch(/^Vielen Dank für deine Bestellung, Ada Lovelace\.\n\nBestellung #1/);
    expect(order!.bodyText).toMatch(/\nGesamt: [\d.]+,\d\d\u00a0\$\n/);
    expect(order!.bodyText).toContain('\nLieferadresse:\nAda Lovelace\n12 St James Sq\nLondon SW1Y 4JH\nVereinigtes Königreich\n');
    expect(order!.bodyHtml).toContain('<html lang="de-DE">');
    expect(order!.bodyHtml).toContain('>Vielen Dank für deine Bestellung, Ada Lovelace.</h1>');
    expect(order!.bodyHtml).toContain('>Lieferadresse</h2>');
    expect(order!.bodyHtml).not.toMatch(/Thank you|Shipping to|Subtotal/);

    await app.stores.transactions.write((q) => fulfilOrderWork(q, 'demo', orderId, { carrier: 'DHL', trackingNumber: '00340434' }, 9000));
    const [shipped] = await mails(app, ORDER_FULFILLED_KIND);
    expect(shipped!.subject).toBe('Deine Bestellung #1 bei Tessera Supply Co. ist unterwegs');
    expect(shipped!.bodyText).toMatch(/^Gute Nachrichten, Ada Lovelace: Deine Bestellung #1 bei Tessera Supply Co\. wurde verschickt\.\n\nVersanddienstleister: DHL\nSendungsnummer: 00340434\n/);
    expect(shipped!.bodyHtml).toContain('Sendungsnummer: <strong>00340434</strong>');
    expect(shipped!.bodyHtml).toContain('>Deine Bestellung #1 ist unterwegs</h1>');
  });

  it('the owner’s form notification', async () => {
    const { app } = await freshShop();
    await german(app);
    const form = (await formDefinitionOf(app.reads, 'contact-form'))!;
    await siteDocumentBeside(app, 'demo', 'mail', { smtp: null, from: null, siteUrl: null, notificationAddress: 'forms@example.com' });
    await app.stores.forms.storeSubmission('contact-form', Object.fromEntries(form.fields.map((f) => [f.id, f.kind === 'email' ? 'ada@example.com' : 'Hallo'])), { pageId: 'contact' }, null, 1);
    const [mail] = await mails(app, FORM_NOTIFICATION_KIND);
    expect(mail!.subject).toBe(`Formulareingang - ${form.row.name}`);
    expect(mail!.bodyText).toMatch(new RegExp(`^Neue Einsendung über ${form.row.name} auf Tessera Supply Co\\.`));
    expect(mail!.bodyHtml).toContain(`Jemand hat das Formular ${form.row.name} auf Tessera Supply Co. ausgefüllt`);
  });

  it('back in stock: in the signup’s kept language, else the site’s', async () => {
    const { app } = await freshShop();
    // a signup keeps its language where multilingual e-mails are on and the site has languages
    await german(app, { featureFlags: { multilingualEmails: true } });
    await siteDocumentBeside(app, 'demo', 'multilingual', { languages: ['fr-FR'], connected: true });
    const { db, t } = app.reads;
    const tote = (await db.select().from(t.products).where(eq(t.products.urlId, 'canvas-tote')))[0]!;
    const variant = (await db.select().from(t.variants).where(eq(t.variants.productId, tote.id)).limit(1))[0]!;
    await writeBeside(app, async ({ db, t }) => {
      await db.update(t.variants).set({ qtyInStock: 0, unlimited: false }).where(eq(t.variants.id, variant.id));
    });
    const { restock } = app.stores;
    expect(await restock.signUp({ productId: tote.id, variantId: variant.id, email: 'marie@example.com', isJoinMailingList: false, language: 'fr-FR' })).toEqual({ ok: true });
    expect(await restock.signUp({ productId: tote.id, variantId: variant.id, email: 'ada@example.com', isJoinMailingList: false })).toEqual({ ok: true });
    expect(await restock.sendRestockEmails('demo', [{ productId: tote.id, variantId: variant.id }])).toMatchObject({ ok: true, sent: 2 });
    const byAddress = Object.fromEntries((await mails(app, 'restock')).map((m) => [m.toAddress, m]));
    expect(byAddress['marie@example.com']!.subject).toBe(`${tote.title} est de nouveau disponible`);
    expect(byAddress['marie@example.com']!.bodyText).toContain('Voir le produit : /shop/p/canvas-tote');
    expect(byAddress['marie@example.com']!.bodyHtml).toContain('<html lang="fr-FR">');
    expect(byAddress['ada@example.com']!.subject).toBe(`${tote.title} ist wieder da`);
    expect(byAddress['ada@example.com']!.bodyText).toContain('Jetzt ansehen: /shop/p/canvas-tote');
  });
});
