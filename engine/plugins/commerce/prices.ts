/**
 * Prices of a product: the numeric `normal-price`, `sale-price` and `from-price` (minor units), and the
 * `product-price` / `subscription-price` blocks with sale and "from" prices and subscription periods.
 */
import { type Money, moneyOf } from '../../../commerce/money.js';
import { DEFAULT_CURRENCY } from '../../../commerce/currencies.js';
import {
  flag,
  hasVariedPrices,
  isSubscribable,
  isSubscriptionAvailable,
  pricedByVariants,
  productContent,
  ProductType,
  productType,
  variantPrice,
  variantSalePrice,
  variantsOf,
} from '../../../commerce/products.js';
import { planDuration, type SubscriptionPlan, subscriptionPlanOf } from '../../../commerce/subscriptions.js';
import { isObject } from '../../values.js';
import type { Formatter, PluginContext } from '../types.js';
import { PRODUCT_PRICE, SUBSCRIPTION_PRICE } from './markup.js';
import { priceMarkup } from './money-format.js';
import { fill, label, localizedString } from './strings.js';

type Json = Record<string, unknown>;

/** What a variant (or a digital product's own fields) costs now: the sale price when on sale. */
function currentPrice(v: Json): Money | null {
  return flag(v['onSale']) ? variantSalePrice(v) : variantPrice(v);
}

/** The same from the money fields alone, as the price blocks print them (the legacy cents are not shown). */
function currentPriceMoney(v: Json): Money | null {
  return moneyOf(flag(v['onSale']) ? v['salePriceMoney'] : v['priceMoney']);
}

function pick(prices: (Money | null)[], better: (a: bigint, b: bigint) => boolean): bigint {
  let best: bigint | null = null;
  for (const p of prices) if (p !== null && (best === null || better(p.minor, best))) best = p.minor;
  return best ?? 0n;
}

const lower = (a: bigint, b: bigint) => a < b;
const higher = (a: bigint, b: bigint) => a > b;

/** The money of each variant, or of a digital product itself. */
function perVariant(item: unknown, price: (v: Json) => Money | null): (Money | null)[] {
  const type = productType(item);
  if (type === ProductType.DIGITAL) return [price(productContent(item))];
  return pricedByVariants(type) ? variantsOf(item).map(price) : [];
}

const normalPrice: Formatter = {
  name: 'normal-price',
  format: (item) => String(pick(perVariant(item, variantPrice), higher)),
};

const salePrice: Formatter = {
  name: 'sale-price',
  format: (item) => String(pick(perVariant(item, (v) => (flag(v['onSale']) ? variantSalePrice(v) : null)), lower)),
};

const fromPrice: Formatter = {
  name: 'from-price',
  format: (item) => String(pick(perVariant(item, currentPrice), lower)),
};

/** The price block's view: at most one of its parts is set. */
interface PriceView {
  from?: { text: string };
  sale?: { sale: string; original: string };
  single?: { text: string };
  unavailable?: { text: string };
}

class MissingPrice extends Error {}

/** Strict money for the price blocks: a missing amount is a data error, not a silent zero. */
function required(m: Money | null, what: string): Money {
  if (m === null) throw new MissingPrice(what);
  return m;
}

const UNIT_WORDS = { WEEK: ['Weekly', 'Week', 'week'], MONTH: ['Monthly', 'Month', 'month'], YEAR: ['Yearly', 'Year', 'year'] } as const;

/**
 * The localized pattern of a subscription price, keyed like
 * `productPrice__singlePrice__nWeekly__limited__nWeeks`, with its English default.
 */
function periodPattern(ctx: PluginContext, plan: SubscriptionPlan, from: boolean): { pattern: string; values: Record<string, string> } {
  const [adverb, , word] = UNIT_WORDS[plan.unit];
  const one = plan.every === 1;
  let key = `productPrice__${from ? 'fromPrice' : 'singlePrice'}__${one ? '1' : 'n'}${adverb}`;
  let english = `${from ? 'from ' : ''}{price} every ${one ? word : `{billingPeriodValue} ${word}s`}`;
  const values: Record<string, string> = { billingPeriodValue: String(plan.every) };
  const duration = planDuration(plan);
  if (duration === null) {
    key += '__indefinite';
  } else {
    const [, noun, dword] = UNIT_WORDS[duration.unit];
    const single = duration.amount === 1;
    key += `__limited__${single ? `1${noun}` : `n${noun}s`}`;
    english += ` for {duration} ${dword}${single ? '' : 's'}`;
    values['duration'] = String(duration.amount);
  }
  return { pattern: localizedString(ctx, key, english), values };
}

function priceView(ctx: PluginContext, item: unknown): PriceView {
  const type = productType(item);
  const plan = isSubscribable(item) && isSubscriptionAvailable(item) ? subscriptionPlanOf(productContent(item)['subscriptionPlan']) : undefined;
  if (plan === null) return { unavailable: { text: label(ctx, 'productPriceUnavailable') } };
  const show = (m: Money, from = false): string => {
    const price = priceMarkup(ctx, m);
    if (plan === undefined) return from ? fill(label(ctx, 'productPriceStartingFromText'), { 0: price }) : price;
    const { pattern, values } = periodPattern(ctx, plan, from);
    return fill(pattern, { ...values, price });
  };
  let own: Json;
  if (type === ProductType.DIGITAL) {
    own = productContent(item);
  } else if (pricedByVariants(type) || !(type < 0)) {
    // The platform prices every product by its variants but digital goods and type -1 (no product), even an
    // unknown or missing type.
    const variants = variantsOf(item);
    // A product without variants (or a value that is no product) costs 0.00 on the platform.
    if (variants.length === 0) return { single: { text: show({ minor: 0n, currency: DEFAULT_CURRENCY }) } };
    if (hasVariedPrices(item)) {
      const lowest = variants.map((v, i) => required(currentPriceMoney(v), `variant ${i + 1} has no priceMoney`)).reduce((a, b) => (b.minor < a.minor ? b : a));
      return { from: { text: show(lowest, true) } };
    }
    own = variants[0]!;
  } else {
    return {};
  }
  if (flag(own['onSale'])) {
    return {
      sale: {
        sale: show(required(moneyOf(own['salePriceMoney']), 'no salePriceMoney')),
        original: show(required(moneyOf(own['priceMoney']), 'no priceMoney'))
      },
    };
  }
  return { single: { text: show(required(moneyOf(own['priceMoney']), 'no priceMoney')) } };
}

function renderPrice(ctx: PluginContext, template: string, build: () => PriceView): unknown {
  let view: PriceView;
  try {
    view = build();
  } catch (e) {
    if (!(e instanceof MissingPrice)) throw e;
    ctx.error('PRICE_MISSING', `cannot show the price: ${e.message}`);
    return undefined;
  }
  return ctx.renderBuiltin(template, ctx.locale === null ? withoutText(view) : view);
}

/**
 * Without locale data (`locale: none`) the platform formats no money and no localized pattern: the block keeps
 * its shape, its texts are empty.
 */
function withoutText(view: PriceView): PriceView {
  const out: PriceView = {};
  if (view.from !== undefined) out.from = { text: '' };
  if (view.sale !== undefined) out.sale = { sale: '', original: '' };
  if (view.single !== undefined) out.single = { text: '' };
  if (view.unavailable !== undefined) out.unavailable = { text: '' };
  return out;
}

const productPrice: Formatter = {
  name: 'product-price',
  format: (item, _args, ctx) => renderPrice(ctx, PRODUCT_PRICE, () => priceView(ctx, item)),
};

/**
 * The subscription price over the variants' first (default) pricing options: one price, a sale, or
 * "from" the lowest when they differ.
 */
function subscriptionView(ctx: PluginContext, item: unknown): PriceView {
  const options: Json[] = [];
  for (const v of variantsOf(item)) {
    const po = v['pricingOptions'];
    if (Array.isArray(po) && isObject(po[0])) options.push(po[0]);
  }
  const priced = options
    .map((o) => ({ o, now: currentPriceMoney(o) }))
    .filter((x): x is { o: Json; now: Money } => x.now !== null);
  if (priced.length === 0) return {};
  const lowest = priced.reduce((a, b) => (b.now.minor < a.now.minor ? b : a));
  if (priced.some((x) => x.now.minor !== lowest.now.minor || flag(x.o['onSale']) !== flag(lowest.o['onSale']))) {
    return { from: { text: fill(label(ctx, 'productPriceStartingFromText'), { 0: priceMarkup(ctx, lowest.now) }) } };
  }
  if (flag(lowest.o['onSale'])) {
    const original = required(moneyOf(lowest.o['priceMoney']), 'no priceMoney');
    return { sale: { sale: priceMarkup(ctx, lowest.now), original: priceMarkup(ctx, original) } };
  }
  return { single: { text: priceMarkup(ctx, lowest.now) } };
}

const subscriptionPrice: Formatter = {
  name: 'subscription-price',
  format: (item, _args, ctx) => renderPrice(ctx, SUBSCRIPTION_PRICE, () => subscriptionView(ctx, item)),
};

export const PRICE_FORMATTERS: Formatter<any>[] = [normalPrice, salePrice, fromPrice, productPrice, subscriptionPrice];
