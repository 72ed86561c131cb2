/**
 * The order confirmation e-mail, written into the outbox (`outbox_emails`, kind `order-confirmation`) in the
 * order's own transaction, so an order never exists without it and a refused one never has one. Plain text:
 * every line with its options and answers, a digital line's download link (the confirmation's own link) and
 * how long it works, the member areas a pass opens, the amounts and the shipping address. Links are site
 * paths, as in the restock e-mail: the mailer puts the site's address before them.
 */
import { randomUUID } from 'node:crypto';
import { DateTime } from 'luxon';
import { countryName, type Customer } from '../../commerce/checkout-form.js';
import { moneyText } from '../../commerce/money-text.js';
import type { OrderLine } from '../checkout-service.js';
import { optionsText } from '../cart-service.js';
import type { Store, StoreTransaction } from '../db/database.js';
import { outboxEmails, websites } from '../db/schema.js';
import { downloadPath } from './downloads.js';

export const ORDER_EMAIL_KIND = 'order-confirmation';

export interface OrderForEmail {
  readonly id: string;
  readonly orderNumber: number;
  readonly testMode: boolean;
  readonly customer: Customer;
  readonly lines: readonly OrderLine[];
  readonly currency: string;
  readonly subtotalCents: number;
  readonly shippingCents: number;
  readonly taxCents: number;
  readonly grandTotalCents: number;
}

export interface Site {
  readonly title: string;
  readonly timeZone: string;
}

/** What the e-mail says of a store without a website row. */
export const NO_SITE: Site = { title: '', timeZone: 'UTC' };

/** A moment in the site's time zone: `November 27, 2026, 12:21 PM EST` (with the time) or `November 27, 2026`. */
function when(ms: number, site: Site, withTime: boolean): string {
  const at = DateTime.fromMillis(ms, { zone: site.timeZone });
  const valid = at.isValid ? at : DateTime.fromMillis(ms, { zone: 'UTC' });
  return valid.toFormat(withTime ? 'LLLL d, yyyy, h:mm a ZZZZ' : 'LLLL d, yyyy', { locale: 'en-US' });
}

/** What one line says under its name: options, answers, its download, the member areas it opens. */
function lineDetails(line: OrderLine, index: number, order: OrderForEmail, site: Site, linkSecret: string): string[] {
  const details: string[] = [];
  const options = optionsText(line.attributes, Object.keys(line.attributes), line.productType);
  if (options !== '') details.push(options);
  for (const answer of line.answers ?? []) details.push(`${answer.label}: ${answer.value}`);
  if (line.download !== undefined) {
    details.push(`Download ${line.download.fileName}: ${downloadPath(linkSecret, order.id, index)}`);
    details.push(`The link works ${line.download.limit} times, until ${when(line.download.expiresAt, site, true)}.`);
  }
  for (const grant of line.memberAccess ?? []) {
    const end = grant.expiresAt === null ? '' : `, until ${when(grant.expiresAt, site, false)}`;
    details.push(`${grant.title}: ${grant.url}${end}, in the browser you ordered with.`);
  }
  return details;
}

/** The e-mail's subject and text. */
export function orderEmail(order: OrderForEmail, site: Site, linkSecret: string): { subject: string; bodyText: string } {
  const money = (cents: number) => moneyText(cents, order.currency);
  const lines = order.lines.flatMap((line, i) => [
    `${line.productName} × ${line.quantity}: ${money(line.unitPriceCents * line.quantity)}`,
    ...lineDetails(line, i, order, site, linkSecret).map((d) => `  ${d}`),
  ]);
  const address = order.customer.shippingAddress;
  const shipping =
    address === null
      ? []
      : ['', 'Shipping to:', order.customer.name, address.address1, ...(address.address2 ? [address.address2] : []), `${address.city}${address.region ? `, ${address.region}` : ''} ${address.postalCode}`, countryName(address.country)];
  const text = [
    `Thank you for your order, ${order.customer.name}.`,
    '',
    `Order #${order.orderNumber}${order.testMode ? ' (test mode: no payment was taken)' : ''}`,
    '',
    ...lines,
    '',
    `Subtotal: ${money(order.subtotalCents)}`,
    `Shipping: ${money(order.shippingCents)}`,
    `Tax: ${money(order.taxCents)}`,
    `Total: ${money(order.grandTotalCents)}`,
    ...shipping,
    '',
    site.title,
  ];
  return { subject: `Your order #${order.orderNumber} from ${site.title}`, bodyText: `${text.join('\n')}\n` };
}

/** The outbox row of an order's e-mail (`site`: the website's title and time zone), as either store writes it. */
export function orderEmailRow(websiteId: string, order: OrderForEmail, site: Site, linkSecret: string, now: number): typeof outboxEmails.$inferInsert {
  const { subject, bodyText } = orderEmail(order, site, linkSecret);
  return {
    id: randomUUID(),
    websiteId,
    kind: ORDER_EMAIL_KIND,
    toAddress: order.customer.email,
    subject,
    bodyText,
    language: null,
    related: JSON.stringify({ orderId: order.id, orderNumber: order.orderNumber }),
    createdAt: now,
  };
}

/** Writes the order's e-mail into the outbox, inside the order's transaction. */
export function queueOrderEmail(tx: StoreTransaction, websiteId: string, order: OrderForEmail, linkSecret: string, now: number): void {
  const site = tx.select({ title: websites.title, timeZone: websites.timeZone }).from(websites).get() ?? NO_SITE;
  tx.insert(outboxEmails).values(orderEmailRow(websiteId, order, site, linkSecret, now)).run();
}
