/**
 * The order confirmation e-mail, written into the outbox (`outbox_emails`, kind `order-confirmation`) in the
 * order's own transaction, so an order never exists without it and a refused one never has one. Plain text:
 * every line with its options and answers, a digital line's download link (the confirmation's own link) and
 * how long it works, the member areas a pass opens, the amounts and the shipping address; and an HTML part from
 * server/email/templates/order-confirmation.html (the digital download's link in its own section). Links are site
 * paths, as in the restock e-mail: the mailer puts the site's address before them.
 */
import { DateTime } from 'luxon';
import { countryName, type Customer } from '../../commerce/checkout-form.js';
import { moneyText } from '../../commerce/money-text.js';
import type { OrderLine } from '../commerce/checkout-service.js';
import { optionsText } from '../commerce/cart-service.js';
import type { StoreTransaction } from '../db/database.js';
import { websites } from '../db/schema.js';
import { type QueuedEmail, queueEmail } from '../email/queue.js';
import { renderEmailHtml } from '../email/render.js';
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
  for (const grant of line.memberAccess ?? []) details.push(memberAreaText(grant, site));
  return details;
}

/** One member area a pass opens: `Members: /members, until December 27, 2026, in the browser you ordered with.` */
function memberAreaText(grant: NonNullable<OrderLine['memberAccess']>[number], site: Site): string {
  const end = grant.expiresAt === null ? '' : `, until ${when(grant.expiresAt, site, false)}`;
  return `${grant.title}: ${grant.url}${end}, in the browser you ordered with.`;
}

/** The e-mail's subject and text. */
export function orderEmail(order: OrderForEmail, site: Site, linkSecret: string): { subject: string; bodyText: string } {
  const money = (cents: number) => moneyText(cents, order.currency);
  const lines = order.lines.flatMap((line, i) => [
    `${line.productName} × ${line.quantity}: ${money(line.unitPriceCents * line.quantity)}`,
    ...lineDetails(line, i, order, site, linkSecret).map((d) => `  ${d}`),
  ]);
  const address = addressLines(order.customer);
  const shipping = address.length === 0 ? [] : ['', 'Shipping to:', ...address];
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

/** The order's address lines as the e-mails show them (none for an order that ships nowhere). */
export function addressLines(customer: Customer): string[] {
  const address = customer.shippingAddress;
  if (address === null) return [];
  return [customer.name, address.address1, ...(address.address2 ? [address.address2] : []), `${address.city}${address.region ? `, ${address.region}` : ''} ${address.postalCode}`, countryName(address.country)];
}

/**
 * The HTML part: the same facts as the text, laid out (server/email/templates/order-confirmation.html); a
 * digital line's download link and terms stand in their own "Your downloads" section, the member areas in theirs.
 */
export function orderEmailHtml(order: OrderForEmail, site: Site, linkSecret: string, subject: string): string {
  const money = (cents: number) => moneyText(cents, order.currency);
  const lines = order.lines.map((line) => {
    const options = optionsText(line.attributes, Object.keys(line.attributes), line.productType);
    const details = [...(options === '' ? [] : [options]), ...(line.answers ?? []).map((a) => `${a.label}: ${a.value}`)];
    return { name: line.productName, quantity: line.quantity, amount: money(line.unitPriceCents * line.quantity), details };
  });
  const downloads = order.lines.flatMap((line, i) =>
    line.download === undefined
      ? []
      : [{ fileName: line.download.fileName, path: downloadPath(linkSecret, order.id, i), terms: `The link works ${line.download.limit} times, until ${when(line.download.expiresAt, site, true)}.` }],
  );
  const memberAreas = order.lines.flatMap((line) =>
    (line.memberAccess ?? []).map((grant) => memberAreaText(grant, site)),
  );
  const totals = [
    { label: 'Subtotal', amount: money(order.subtotalCents) },
    { label: 'Shipping', amount: money(order.shippingCents) },
    { label: 'Tax', amount: money(order.taxCents) },
    { label: 'Total', amount: money(order.grandTotalCents) },
  ];
  const data = { customerName: order.customer.name, orderNumber: order.orderNumber, testMode: order.testMode, lines, totals, downloads, memberAreas, shippingAddress: addressLines(order.customer) };
  return renderEmailHtml(ORDER_EMAIL_KIND, { siteTitle: site.title, subject }, data);
}

/** An order's e-mail, text and HTML (`site`: the website's title and time zone), as either store queues it. */
export function orderMail(websiteId: string, order: OrderForEmail, site: Site, linkSecret: string): QueuedEmail {
  const { subject, bodyText } = orderEmail(order, site, linkSecret);
  return {
    websiteId,
    kind: ORDER_EMAIL_KIND,
    to: order.customer.email,
    subject,
    text: bodyText,
    html: orderEmailHtml(order, site, linkSecret, subject),
    related: { orderId: order.id, orderNumber: order.orderNumber },
  };
}

/** Writes the order's e-mail into the outbox, inside the order's transaction. */
export function queueOrderEmail(tx: StoreTransaction, websiteId: string, order: OrderForEmail, linkSecret: string, now: number): void {
  const site = tx.select({ title: websites.title, timeZone: websites.timeZone }).from(websites).get() ?? NO_SITE;
  queueEmail(tx, orderMail(websiteId, order, site, linkSecret), now);
}
