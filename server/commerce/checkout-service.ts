/**
 * Checkout in test mode: turning a cart into an order. One immediate SQLite transaction re-reads the cart,
 * re-checks and decrements stock, snapshots the lines and the amounts computed here, numbers the order and
 * marks the cart purchased, so two checkouts can never sell the same last unit, nor buy one cart twice.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, gte, sql } from 'drizzle-orm';
import { ADD_TO_CART_MESSAGES } from '../../commerce/add-to-cart.js';
import { CHECKOUT_MESSAGES, countryName, type Customer, type FieldErrors, validateCustomer } from '../../commerce/checkout-form.js';
import { orderAmounts } from '../../commerce/order-amounts.js';
import { ProductType } from '../../commerce/products.js';
import { planLabel, subscriptionOf } from '../../commerce/subscribe.js';
import type { SubscriptionPlan } from '../../commerce/subscriptions.js';
import { cartJson, entryAnswers, optionsText, type PricedEntry, pricedEntries } from './cart-service.js';
import { type Json, money, parseJson, productJson } from './catalog.js';
import type { Store, StoreTransaction } from '../db/database.js';
import { carts, orders, variants, websites } from '../db/schema.js';
import { SUBSCRIPTION_CART } from './token-carts.js';
import { grantsOf, type MemberGrant, type PassArea } from '../orders/member-grants.js';
import { memberAreasSelling } from '../page-access.js';
import { downloadPath, downloadState, lineDownload, type LineDownload } from '../orders/downloads.js';
import { parseDigitalFile } from '../merchant/digital-files/digital-file.js';
import { type OrderForEmail, queueOrderEmail } from '../orders/order-email.js';

export type OrderRow = typeof orders.$inferSelect;

/** One line of an order, as stored: a snapshot that later price or stock changes do not touch. */
export interface OrderLine {
  readonly itemId: string;
  readonly variantId: string | null;
  /** Null for a product without variants (digital products carry their price on the product). */
  readonly sku: string | null;
  readonly productName: string;
  readonly attributes: Record<string, string>;
  readonly quantity: number;
  readonly unitPriceCents: number;
  readonly productType: number;
  readonly additionalFields: string | null;
  /**
   * The answers in words as the shopper was asked them (`Initials: AK`), kept beside the raw answers so a
   * later change to the product's form does not change what the order says. Absent on orders made before.
   */
  readonly answers?: readonly { readonly label: string; readonly value: string }[];
  /** A digital line: its file, the downloads it allows and has given, until when (orders/downloads.ts). */
  readonly download?: LineDownload;
  /** A pass line (paywall, type 5): the member areas it opens and until when, as bought (orders/member-grants.ts). */
  readonly memberAccess?: readonly MemberGrant[];
  /** Lines of a subscription cart carry the plan they were bought on. */
  readonly subscriptionPlan?: SubscriptionPlan;
}

export type Refusal = 'missing' | 'empty' | 'purchased' | 'stock' | 'unavailable' | 'invalid';

export type PlaceResult =
  | { readonly ok: true; readonly orderId: string; readonly kind: string }
  | { readonly ok: false; readonly status: number; readonly reason: Refusal; readonly message: string; readonly errors?: FieldErrors };

/** What the routes need to decide between showing a checkout and sending the visitor back to the cart. */
export interface CartState {
  readonly kind: string;
  readonly purchased: boolean;
  readonly empty: boolean;
}

export function cartState(db: Store, cartId: string): CartState | null {
  const cart = db.select({ kind: carts.kind, orderId: carts.orderId }).from(carts).where(eq(carts.id, cartId)).get();
  return cart === undefined ? null : cartStateOf(cart, pricedEntries(db, cartId).length);
}

/** The state of a cart row with `lines` lines (either database). */
export const cartStateOf = (cart: { kind: string; orderId: string | null }, lines: number): CartState => ({ kind: cart.kind, purchased: cart.orderId !== null, empty: lines === 0 });

type Priced = PricedEntry;

/** The plan of a subscription cart's product, or a refusal when the product is no longer sold so. */
function planOf(line: Priced): { plan: SubscriptionPlan } | { message: string } {
  const check = subscriptionOf(productJson(line.product, line.variant === null ? [] : [line.variant], ''));
  return check.ok ? { plan: check.plan } : { message: check.message };
}

/** The cart, its amounts (shipping included) and, for a subscription cart, its plan in words: the checkout page's data. */
export function checkoutSummary(db: Store, cartId: string): Json {
  const kind = db.select({ kind: carts.kind }).from(carts).where(eq(carts.id, cartId)).get()?.kind;
  const priced = pricedEntries(db, cartId);
  return checkoutSummaryOf(kind, priced, cartJson(db, cartId, priced));
}

/** The checkout page's data of a cart of `kind` with its lines `priced` and its JSON `cart` (either database). */
export function checkoutSummaryOf(kind: string | undefined, priced: readonly Priced[], cart: Json): Json {
  const amounts = orderAmounts(priced);
  const currency = priced[0]?.currency ?? 'USD';
  const first = priced[0];
  const plan = kind === SUBSCRIPTION_CART && first !== undefined ? planOf(first) : null;
  return {
    cart,
    requiresShipping: amounts.requiresShipping,
    subtotalMoney: money(amounts.subtotalCents, currency),
    shippingMoney: money(amounts.shippingCents, currency),
    taxMoney: money(amounts.taxCents, currency),
    discountMoney: money(amounts.discountCents, currency),
    grandTotalMoney: money(amounts.grandTotalCents, currency),
    subscription: plan !== null && 'plan' in plan ? { ...plan.plan, label: planLabel(plan.plan) } : undefined,
  };
}

export const refuse = (status: number, reason: Refusal, message: string): PlaceResult => ({ ok: false, status, reason, message });

/** Raised when a guarded stock update finds less than was checked: rolls the whole order back. */
export class StockChanged extends Error {}

/**
 * Places the order for a cart with the customer's details (validated here: the address is asked for only
 * when something must be shipped), and queues its e-mail, whose download links are signed with `linkSecret`
 * (the server's secret). Refusals come back as values, never half-written orders.
 */
export function placeOrder(db: Store, cartId: string, details: Readonly<Record<string, unknown>>, linkSecret: string, now = Date.now(), siteUserId: string | null = null): PlaceResult {
  try {
    // immediate: the write lock is taken before the stock is read, so another process cannot slip in between
    return db.transaction((tx) => placeIn(tx, cartId, details, linkSecret, now, siteUserId), { behavior: 'immediate' });
  } catch (e) {
    if (e instanceof StockChanged) return refuse(409, 'stock', e.message);
    throw e;
  }
}

/** Units wanted of one limited variant, summed over the cart's lines, with the stock the lines were read with. */
export interface Wanted {
  readonly quantity: number;
  readonly inStock: number;
  readonly name: string;
}

/** An order that may be placed: what the stores write once the stock is taken. */
export interface OrderPlan {
  /** The cart's kind (standard, or a token cart's). */
  readonly kind: string;
  readonly currency: string;
  readonly amounts: ReturnType<typeof orderAmounts>;
  readonly customer: Customer;
  readonly plan: SubscriptionPlan | undefined;
  /** Per limited variant id, in the order of the lines. */
  readonly wanted: ReadonlyMap<string, Wanted>;
}

/**
 * The checks before any write, on the cart (undefined: none) and its priced lines as read inside the caller's
 * transaction: a refusal, or the order to place. Both stores' checkouts start here.
 */
export function planOrder(cart: { kind: string; orderId: string | null } | undefined, priced: readonly Priced[], details: Readonly<Record<string, unknown>>): PlaceResult | OrderPlan {
  if (cart === undefined) return refuse(404, 'missing', CHECKOUT_MESSAGES.emptyCart);
  if (cart.orderId !== null) return refuse(409, 'purchased', CHECKOUT_MESSAGES.purchased);
  const first = priced[0];
  if (first === undefined) return refuse(409, 'empty', CHECKOUT_MESSAGES.emptyCart);
  const currency = first.currency;
  if (priced.some((p) => p.currency !== currency)) return refuse(409, 'unavailable', CHECKOUT_MESSAGES.mixedCurrencies);
  // archived by the merchant (server/merchant/products/) after it went in the cart: no longer sold
  const archived = priced.find((p) => p.product.archived);
  if (archived !== undefined) return refuse(409, 'unavailable', unavailableMessage(archived.product.title));
  const amounts = orderAmounts(priced);
  const valid = validateCustomer(details, amounts.requiresShipping);
  if (!valid.ok) return { ok: false, status: 400, reason: 'invalid', message: CHECKOUT_MESSAGES.invalidForm, errors: valid.errors };

  let plan: SubscriptionPlan | undefined;
  if (cart.kind === SUBSCRIPTION_CART) {
    const p = planOf(first);
    if ('message' in p) return refuse(409, 'unavailable', p.message);
    plan = p.plan;
  }

  // Units wanted per limited variant: a variant can sit in two lines (different form answers).
  const wanted = new Map<string, { quantity: number; inStock: number; name: string }>();
  for (const p of priced) {
    if (p.variant === null || p.variant.unlimited || p.productType === ProductType.GIFT_CARD) continue;
    const w = wanted.get(p.variant.id) ?? { quantity: 0, inStock: p.variant.qtyInStock, name: p.product.title };
    w.quantity += p.quantity;
    wanted.set(p.variant.id, w);
  }
  for (const w of wanted.values()) {
    if (w.inStock < w.quantity) return refuse(409, 'stock', stockMessage(w.name));
  }
  return { kind: cart.kind, currency, amounts, customer: valid.customer, plan, wanted };
}

/** The order's lines as stored; `passAreas` names what a pass (paywall) product opens, read in the transaction. */
export function orderLines(priced: readonly Priced[], order: OrderPlan, now: number, passAreas: (itemId: string) => PassArea[]): OrderLine[] {
  return priced.map((p) => ({
    itemId: p.product.id,
    variantId: p.variant?.id ?? null,
    sku: p.variant?.sku ?? null,
    productName: p.product.title,
    attributes: parseJson<Record<string, string>>(p.variant?.attributes ?? null, {}),
    quantity: p.quantity,
    unitPriceCents: p.unitPriceCents,
    productType: p.productType,
    additionalFields: p.entry.additionalFields,
    answers: entryAnswers(p.product.additionalFieldsForm, p.entry.additionalFields),
    ...(p.productType === ProductType.DIGITAL ? { download: lineDownload(p.product.urlId, now, parseDigitalFile(p.product.digitalFile)) } : {}),
    ...(p.productType === ProductType.PAYWALL ? { memberAccess: grantsOf(passAreas(p.product.id), now) } : {}),
    ...(order.plan === undefined ? {} : { subscriptionPlan: order.plan }),
  }));
}

/** The order row and its e-mail's order, as either store writes them. */
export function orderRecord(order: OrderPlan, ids: { orderId: string; orderNumber: number; websiteId: string; cartId: string; siteUserId: string | null }, lines: OrderLine[], now: number) {
  const row = {
    id: ids.orderId,
    websiteId: ids.websiteId,
    orderNumber: ids.orderNumber,
    purchasedCartId: ids.cartId,
    testMode: true,
    email: order.customer.email,
    customer: JSON.stringify(order.customer),
    items: JSON.stringify(lines),
    currency: order.currency,
    subtotalCents: order.amounts.subtotalCents,
    taxCents: order.amounts.taxCents,
    shippingCents: order.amounts.shippingCents,
    discountCents: order.amounts.discountCents,
    grandTotalCents: order.amounts.grandTotalCents,
    createdAt: now,
    siteUserId: ids.siteUserId,
  } satisfies typeof orders.$inferInsert;
  const email: OrderForEmail = { id: ids.orderId, orderNumber: ids.orderNumber, testMode: true, customer: order.customer, lines, currency: order.currency, ...order.amounts };
  return { row, email };
}

function placeIn(tx: StoreTransaction, cartId: string, details: Readonly<Record<string, unknown>>, linkSecret: string, now: number, siteUserId: string | null): PlaceResult {
  const cart = tx.select().from(carts).where(eq(carts.id, cartId)).get();
  const priced = cart === undefined ? [] : pricedEntries(tx, cartId);
  const order = planOrder(cart, priced, details);
  if ('ok' in order) return order;
  for (const [variantId, w] of order.wanted) {
    const r = tx
      .update(variants)
      .set({ qtyInStock: sql`${variants.qtyInStock} - ${w.quantity}` })
      .where(and(eq(variants.id, variantId), eq(variants.unlimited, false), gte(variants.qtyInStock, w.quantity)))
      .run();
    if (r.changes !== 1) throw new StockChanged(stockMessage(w.name));
  }

  const site = tx.select({ id: websites.id }).from(websites).get();
  if (site === undefined) throw new Error('checkout needs a website row');
  const last = tx.select({ n: sql<number>`coalesce(max(${orders.orderNumber}), 0)` }).from(orders).where(eq(orders.websiteId, site.id)).get();
  const lines = orderLines(priced, order, now, (itemId) => memberAreasSelling(tx, itemId));
  const orderId = randomUUID();
  const { row, email } = orderRecord(order, { orderId, orderNumber: (last?.n ?? 0) + 1, websiteId: site.id, cartId, siteUserId }, lines, now);
  tx.insert(orders).values(row).run();
  queueOrderEmail(tx, site.id, email, linkSecret, now);
  tx.update(carts).set({ orderId, updatedAt: now }).where(eq(carts.id, cartId)).run();
  return { ok: true, orderId, kind: order.kind };
}

/** The spec's stock message, with the product named: the order may hold several. */
/** A line whose product is no longer sold (archived). */
export function unavailableMessage(productName: string): string {
  return `${productName} is no longer available. Remove it from your cart to check out.`;
}

export function stockMessage(productName: string): string {
  return `${productName}: ${ADD_TO_CART_MESSAGES.notEnoughStock}`;
}

export function loadOrder(db: Store, id: string): OrderRow | null {
  return db.select().from(orders).where(eq(orders.id, id)).get() ?? null;
}

/** A digital line's download as the buyer sees it at `now`: its link while it works, else why it does not. */
function downloadJson(download: LineDownload, url: string, now: number): Json {
  const state = downloadState(download, now);
  const remaining = Math.max(0, download.limit - download.count);
  return {
    fileName: download.fileName,
    contentType: download.contentType,
    limit: download.limit,
    remaining,
    remainingText: `${remaining} download${remaining === 1 ? '' : 's'} left`,
    expiresAt: download.expiresAt,
    available: state === 'available',
    expired: state === 'expired',
    exhausted: state === 'exhausted',
    ...(state === 'available' ? { url } : {}),
  };
}

/**
 * The order as the API and the confirmation page show it: the spec's analytics view (id, purchasedCartId,
 * testMode, websiteId, items with sku, productName, quantity, unitPrice; grandTotal, shippingTotal, taxTotal)
 * plus the number, customer, subtotal and discount. Money is `{ value, currency }` with `value` a decimal
 * string of major units, as in the cart JSON, beside the integer `…Cents` amounts. Download links are signed
 * with `linkSecret` (the server's secret) and shown as they stand at `now`.
 */
export function orderJson(row: OrderRow, linkSecret: string, now = Date.now()): Json {
  const c = row.currency;
  const lines = parseJson<OrderLine[]>(row.items, []);
  const customer = parseJson<Customer | null>(row.customer, null);
  return {
    id: row.id,
    orderNumber: row.orderNumber,
    purchasedCartId: row.purchasedCartId,
    testMode: row.testMode,
    websiteId: row.websiteId,
    created: row.createdAt,
    currency: c,
    // the shipping country as a name beside its code, for the confirmation page
    customer: customer?.shippingAddress ? { ...customer, shippingAddress: { ...customer.shippingAddress, countryName: countryName(customer.shippingAddress.country) } } : customer,
    items: lines.map((l, index) => ({
      itemId: l.itemId,
      variantId: l.variantId,
      sku: l.sku,
      productName: l.productName,
      attributes: l.attributes,
      /** The options in words (`Color: Navy · Size: XL`); a gift card shows its value as an amount instead. */
      optionsText: optionsText(l.attributes, Object.keys(l.attributes), l.productType),
      isGiftCard: l.productType === ProductType.GIFT_CARD,
      quantity: l.quantity,
      unitPrice: money(l.unitPriceCents, c),
      unitPriceCents: l.unitPriceCents,
      lineTotal: money(l.unitPriceCents * l.quantity, c),
      productType: l.productType,
      additionalFields: l.additionalFields,
      answers: l.answers ?? entryAnswers(null, l.additionalFields),
      ...(l.memberAccess === undefined ? {} : { memberAccess: l.memberAccess }),
      ...(l.download === undefined ? {} : { download: downloadJson(l.download, downloadPath(linkSecret, row.id, index), now) }),
      ...(l.subscriptionPlan === undefined ? {} : { subscriptionPlan: { ...l.subscriptionPlan, label: planLabel(l.subscriptionPlan) } }),
    })),
    subtotal: money(row.subtotalCents, c),
    shippingTotal: money(row.shippingCents, c),
    taxTotal: money(row.taxCents, c),
    discountTotal: money(row.discountCents, c),
    grandTotal: money(row.grandTotalCents, c),
    subtotalCents: row.subtotalCents,
    shippingCents: row.shippingCents,
    taxCents: row.taxCents,
    discountCents: row.discountCents,
    grandTotalCents: row.grandTotalCents,
  };
}
