/**
 * Every kind of e-mail: its HTML part rendered from its template with every value escaped; the form
 * notification queued with the submission (to the owner, or the settings' address), the shipping e-mail of
 * `fulfilOrder`, and the invitation.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { openStore, type Store } from '../db/database.js';
import { outboxEmails } from '../db/schema.js';
import { seedDemoStore } from '../db/seed.js';
import { loadFormDefinition, storeSubmission } from '../forms/service.js';
import { buy, useFreshShops } from '../orders/order-test-support.js';
import { ensureSiteOwner } from '../owner/site-owner.js';
import { writeSiteDocument } from '../site-documents.js';
import { FORM_NOTIFICATION_KIND } from './form-notification.js';
import { type Shipment, fulfilOrderWork, ORDER_FULFILLED_KIND } from './fulfil.js';
import { INVITE_KIND, queueInviteEmail } from './invite.js';
import { renderEmailHtml } from './render.js';
import { MAIL_DOCUMENT } from './settings.js';

const EVIL = '<script>alert("x")</script>&';

describe('templates', () => {
  const kinds: Record<string, Record<string, unknown>> = {
    restock: { words: { heading: EVIL, intro: EVIL, seeIt: EVIL, why: EVIL }, productUrl: `/p?a="${EVIL}` },
    'order-confirmation': {
      words: { thanks: EVIL, number: EVIL, downloads: EVIL, memberAreas: EVIL, shippingTo: EVIL },
      lines: [{ name: EVIL, quantity: 1, amount: '$1.00', details: [EVIL] }],
      totals: [{ label: 'Total', amount: EVIL }],
      downloads: [{ label: EVIL, path: `/d/"${EVIL}`, terms: EVIL }],
      memberAreas: [EVIL],
      shippingAddress: [EVIL, 'London'],
    },
    'order-fulfilled': { words: { heading: EVIL, hello: EVIL, carrier: EVIL, tracking: EVIL, shippingTo: EVIL }, tracking: { carrier: EVIL, number: EVIL }, lines: [{ name: EVIL, quantity: 1 }], shippingAddress: [EVIL] },
    'form-notification': { words: { heading: EVIL, filledIn: EVIL, at: EVIL }, pageUrl: `/"${EVIL}`, answers: [{ label: EVIL, lines: [EVIL, EVIL] }] },
    invite: { inviterName: EVIL, roles: EVIL, link: `/i?"${EVIL}`, validFor: EVIL },
    'verify-email': { link: `/v?"${EVIL}` },
    'account-exists': {},
    'password-reset': { link: `/r?"${EVIL}` },
  };
  for (const [kind, data] of Object.entries(kinds)) {
    it(`${kind}: a whole document, every value escaped`, () => {
      const html = renderEmailHtml(kind, { siteTitle: EVIL, subject: EVIL }, data);
      expect(html.startsWith('<!doctype html>')).toBe(true);
      expect(html).toContain('</html>');
      expect(html).not.toContain('<script>');
      expect(html).not.toMatch(/="[^"]*"[^ >]*"/); // no attribute broken open by a quote
      expect(html).toContain('&lt;script&gt;');
    });
  }
});

function shopWithOwner(): Promise<Store> {
  const store = openStore(':memory:');
  seedDemoStore(store);
  return ensureSiteOwner(store, { TESSERA_OWNER_EMAIL: 'owner@example.com', TESSERA_OWNER_PASSWORD: 'owner password' }, () => {}).then(() => store);
}

const mails = (store: Store, kind: string) => store.select().from(outboxEmails).where(eq(outboxEmails.kind, kind)).all();

describe('form notification', () => {
  it('is queued with the submission, to the site admins, with every answer', async () => {
    const store = await shopWithOwner();
    const fields = loadFormDefinition(store, 'contact-form')!.fields;
    const values = Object.fromEntries(fields.map((f) => [f.id, f.kind === 'email' ? 'ada@example.com' : `Ada's <b>${f.title}</b>`]));
    const stored = storeSubmission(store, 'contact-form', values, { pageId: 'contact' }, null, 5000);
    expect(stored.ok).toBe(true);
    const [mail, ...more] = mails(store, FORM_NOTIFICATION_KIND);
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ toAddress: 'owner@example.com', createdAt: 5000, status: 'queued' });
    const name = loadFormDefinition(store, 'contact-form')!.row.name;
    expect(mail!.subject).toBe(`Form Submission - ${name}`);
    expect(mail!.bodyText).toContain(`New submission to ${name} on Tessera Supply Co.`);
    for (const f of fields) expect(mail!.bodyText).toContain(`${f.title}: ${values[f.id]}`);
    expect(mail!.bodyHtml).toContain('&lt;b&gt;');
    expect(JSON.parse(mail!.related)).toEqual({ formId: 'contact-form', submissionId: stored.ok ? stored.id : '' });
  });

  it("goes to the settings' notification address when there is one, and a refused submission queues nothing", async () => {
    const store = await shopWithOwner();
    writeSiteDocument(store, 'demo', MAIL_DOCUMENT, { smtp: null, from: null, siteUrl: null, notificationAddress: 'forms@example.com' });
    storeSubmission(store, 'contact-form', { name: 'Ada' }, {}, null, 1);
    expect(mails(store, FORM_NOTIFICATION_KIND).map((m) => m.toAddress)).toEqual(['forms@example.com']);
    expect(storeSubmission(store, 'contact-form', { name: 'Ada' }, {}, 'a key never issued', 2)).toEqual({ ok: false, reason: 'key' });
    expect(mails(store, FORM_NOTIFICATION_KIND)).toHaveLength(1);
  });
});

const freshShop = useFreshShops();
/** `fulfilOrder` through the app's transactions (either database). */
const fulfil = (app: FastifyInstance, websiteId: string, orderId: string, shipment: Shipment, now?: number) => app.stores.transactions.write((q) => fulfilOrderWork(q, websiteId, orderId, shipment, now));
const appMails = async (app: FastifyInstance, kind: string) => {
  const { db, t } = app.reads;
  return db.select().from(t.outboxEmails).where(eq(t.outboxEmails.kind, kind));
};

describe('fulfilOrder', () => {
  it('marks the order shipped and queues the shipping e-mail with the tracking number, once', async () => {
    const { app } = await freshShop();
    const { orderId } = await buy(app, [{ itemId: 'p02', sku: 'SQP027', quantity: 2 }]);
    expect(await fulfil(app, 'demo', orderId, { carrier: 'Royal Mail', trackingNumber: 'RM123<456>GB' }, 9000)).toMatchObject({ ok: true });
    const { db, t } = app.reads;
    expect((await db.select().from(t.orders).where(eq(t.orders.id, orderId)))[0]).toMatchObject({ fulfilledAt: 9000, shippingCarrier: 'Royal Mail', trackingNumber: 'RM123<456>GB' });
    const [mail] = await appMails(app, ORDER_FULFILLED_KIND);
    expect(mail).toMatchObject({ toAddress: 'ada@example.com', subject: 'Your order #1 from Tessera Supply Co. has shipped', createdAt: 9000 });
    expect(mail!.bodyText).toBe(
      'Good news, Ada Lovelace: your order #1 from Tessera Supply Co. has shipped.\n\nCarrier: Royal Mail\nTracking number: RM123<456>GB\n\nField Shirt × 2\n\nShipping to:\nAda Lovelace\n12 St James Sq\nLondon SW1Y 4JH\nUnited Kingdom\n\nTessera Supply Co.\n',
    );
    expect(mail!.bodyHtml).toContain('Tracking number: <strong>RM123&lt;456&gt;GB</strong>');
    expect(JSON.parse(mail!.related)).toEqual({ orderId, orderNumber: 1 });

    expect(await fulfil(app, 'demo', orderId, { trackingNumber: 'again' })).toEqual({ ok: false, reason: 'already-fulfilled' });
    expect(await fulfil(app, 'demo', 'no-such-order', {})).toEqual({ ok: false, reason: 'not-found' });
    expect(await fulfil(app, 'another-site', orderId, {})).toEqual({ ok: false, reason: 'not-found' });
    expect(await appMails(app, ORDER_FULFILLED_KIND)).toHaveLength(1);
  });

  it('without a tracking number says nothing of one', async () => {
    const { app } = await freshShop();
    const { orderId } = await buy(app, [{ itemId: 'p02', sku: 'SQP027' }]);
    await fulfil(app, 'demo', orderId, {});
    const [mail] = await appMails(app, ORDER_FULFILLED_KIND);
    expect(mail!.bodyText).not.toContain('Tracking');
    expect(mail!.bodyHtml).not.toContain('Tracking');
  });
});

describe('invitation', () => {
  it('is queued with who invited, the roles and the link', async () => {
    const store = await shopWithOwner();
    const id = store.transaction((tx) => queueInviteEmail(tx, { websiteId: 'demo', to: 'grace@example.com', inviterName: 'Ada', roles: ['editor', 'store manager'], link: '/config/invitation?token=abc', validForHours: 72 }, 10));
    const mail = store.select().from(outboxEmails).where(eq(outboxEmails.id, id)).get()!;
    expect(mail).toMatchObject({ kind: INVITE_KIND, toAddress: 'grace@example.com', subject: 'Ada invited you to Tessera Supply Co.' });
    expect(mail.bodyText).toBe(
      'Ada invited you to help run Tessera Supply Co. as editor, store manager.\n\nAccept the invitation here (the link works for 3 days):\n/config/invitation?token=abc\n\nIf you did not expect this invitation, ignore this e-mail.\n',
    );
    expect(mail.bodyHtml).toContain('<a href="/config/invitation?token=abc"');
  });
});
