/**
 * The order confirmation e-mail, written into the outbox (`outbox_emails`, kind `order-confirmation`) in the
 * order's own transaction, so an order never exists without it and a refused one never has one. Plain text:
 * every line with its options and answers, a digital line's download link (the confirmation's own link) and
 * how long it works, the member areas a pass opens, the amounts and the shipping address; and an HTML part from
 * server/email/templates/order-confirmation.html (the digital download's link in its own section). Links are site
 * paths, as in the restock e-mail: the mailer puts the site's address before them. Its words, money and dates
 * are in the site's language (issue 27: `email.*` of commerce/messages/), English as it always was.
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
import { translator } from '../../commerce/messages/translate.js';
import { parseJson } from '../commerce/catalog.js';
import { languageOfSettings } from '../site-language.js';

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
  /** The website settings (JSON text), whose `language` the e-mail is written in (server/site-language.ts). */
  readonly settings?: string;
}

/** The language of a site's e-mails: its settings' (server/site-language.ts), else en-US. */
export const emailLanguage = (settings: string | undefined): string => languageOfSettings(settings === undefined ? {} : parseJson<unknown>(settings, {}));

/** What the e-mail says of a store without a website row. */
export const NO_SITE: Site = { title: '', timeZone: 'UTC' };

/**
 * A moment in the site's time zone: `November 27, 2026, 12:21 PM EST` (with the time) or `November 27, 2026`
 * in English, as the language writes a long date elsewhere (`27. November 2026 um 12:21 MEZ`).
 */
export function when(ms: number, timeZone: string, withTime: boolean, language: string): string {
  const at = DateTime.fromMillis(ms, { zone: timeZone });
  const valid = at.isValid ? at : DateTime.fromMillis(ms, { zone: 'UTC' });
  if (language === 'en-US') return valid.toFormat(withTime ? 'LLLL d, yyyy, h:mm a ZZZZ' : 'LLLL d, yyyy', { locale: 'en-US' });
  return valid.setLocale(language).toLocaleString(withTime ? DateTime.DATETIME_FULL : DateTime.DATE_FULL);
}

/** What the order e-mail's parts share: its words, money and dates in the site's language. */
function wording(order: OrderForEmail, site: Site) {
  const language = emailLanguage(site.settings);
  const t = translator(language);
  return {
    language,
    t,
    money: (cents: number) => moneyText(cents, order.currency, language),
    when: (ms: number, withTime: boolean) => when(ms, site.timeZone, withTime, language),
  };
}
type Wording = ReturnType<typeof wording>;

const downloadTerms = (download: NonNullable<OrderLine['download']>, w: Wording) => w.t('email.order.downloadTerms', { limit: download.limit, until: w.when(download.expiresAt, true) });

/** What one line says under its name: options, answers, its download, the member areas it opens. */
function lineDetails(line: OrderLine, index: number, order: OrderForEmail, w: Wording, linkSecret: string): string[] {
  const details: string[] = [];
  const options = optionsText(line.attributes, Object.keys(line.attributes), line.productType);
  if (options !== '') details.push(options);
  for (const answer of line.answers ?? []) details.push(`${answer.label}: ${answer.value}`);
  if (line.download !== undefined) {
    details.push(w.t('email.order.downloadLine', { file: line.download.fileName, link: downloadPath(linkSecret, order.id, index) }));
    details.push(downloadTerms(line.download, w));
  }
  for (const grant of line.memberAccess ?? []) details.push(memberAreaText(grant, w));
  return details;
}

/** One member area a pass opens: `Members: /members, until December 27, 2026, in the browser you ordered with.` */
function memberAreaText(grant: NonNullable<OrderLine['memberAccess']>[number], w: Wording): string {
  const { title, url } = grant;
  return grant.expiresAt === null ? w.t('email.order.memberArea', { title, url }) : w.t('email.order.memberAreaUntil', { title, url, until: w.when(grant.expiresAt, false) });
}

/** The order's amounts, labelled. */
const totals = (order: OrderForEmail, w: Wording) => [
  { label: w.t('email.order.subtotal'), amount: w.money(order.subtotalCents) },
  { label: w.t('email.order.shipping'), amount: w.money(order.shippingCents) },
  { label: w.t('email.order.tax'), amount: w.money(order.taxCents) },
  { label: w.t('email.order.total'), amount: w.money(order.grandTotalCents) },
];

/** `Order #12` (the number as written, not grouped), with the test-mode note. */
const orderNumberText = (order: OrderForEmail, w: Wording) => w.t(order.testMode ? 'email.order.numberTest' : 'email.order.number', { number: String(order.orderNumber) });

/** The e-mail's subject and text. */
export function orderEmail(order: OrderForEmail, site: Site, linkSecret: string): { subject: string; bodyText: string } {
  const w = wording(order, site);
  const lines = order.lines.flatMap((line, i) => [
    `${line.productName} × ${line.quantity}: ${w.money(line.unitPriceCents * line.quantity)}`,
    ...lineDetails(line, i, order, w, linkSecret).map((d) => `  ${d}`),
  ]);
  const address = addressLines(order.customer, w.language);
  const shipping = address.length === 0 ? [] : ['', w.t('email.shippingToLine'), ...address];
  const text = [
    w.t('email.order.thanks', { name: order.customer.name }),
    '',
    orderNumberText(order, w),
    '',
    ...lines,
    '',
    ...totals(order, w).map((total) => w.t('email.order.amountLine', total)),
    ...shipping,
    '',
    site.title,
  ];
  return { subject: w.t('email.order.subject', { number: String(order.orderNumber), site: site.title }), bodyText: `${text.join('\n')}\n` };
}

/** The order's address lines as the e-mails show them (none for an order that ships nowhere). */
export function addressLines(customer: Customer, language = 'en-US'): string[] {
  const address = customer.shippingAddress;
  if (address === null) return [];
  return [customer.name, address.address1, ...(address.address2 ? [address.address2] : []), `${address.city}${address.region ? `, ${address.region}` : ''} ${address.postalCode}`, countryName(address.country, language)];
}

/**
 * The HTML part: the same facts as the text, laid out (server/email/templates/order-confirmation.html); a
 * digital line's download link and terms stand in their own "Your downloads" section, the member areas in theirs.
 */
export function orderEmailHtml(order: OrderForEmail, site: Site, linkSecret: string, subject: string): string {
  const w = wording(order, site);
  const lines = order.lines.map((line) => {
    const options = optionsText(line.attributes, Object.keys(line.attributes), line.productType);
    const details = [...(options === '' ? [] : [options]), ...(line.answers ?? []).map((a) => `${a.label}: ${a.value}`)];
    return { name: line.productName, quantity: line.quantity, amount: w.money(line.unitPriceCents * line.quantity), details };
  });
  const downloads = order.lines.flatMap((line, i) =>
    line.download === undefined
      ? []
      : [{ label: w.t('email.order.download', { file: line.download.fileName }), path: downloadPath(linkSecret, order.id, i), terms: downloadTerms(line.download, w) }],
  );
  const memberAreas = order.lines.flatMap((line) =>
    (line.memberAccess ?? []).map((grant) => memberAreaText(grant, w)),
  );
  const words = {
    thanks: w.t('email.order.thanks', { name: order.customer.name }),
    number: orderNumberText(order, w),
    downloads: w.t('email.order.downloads'),
    memberAreas: w.t('email.order.memberAreas'),
    shippingTo: w.t('email.shippingTo'),
  };
  const data = { words, lines, totals: totals(order, w), downloads, memberAreas, shippingAddress: addressLines(order.customer, w.language) };
  return renderEmailHtml(ORDER_EMAIL_KIND, { siteTitle: site.title, subject, language: w.language }, data);
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
  const site = tx.select({ title: websites.title, timeZone: websites.timeZone, settings: websites.settings }).from(websites).get() ?? NO_SITE;
  queueEmail(tx, orderMail(websiteId, order, site, linkSecret), now);
}
