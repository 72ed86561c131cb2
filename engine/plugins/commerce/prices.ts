/**
 * Prices of a product: the numeric `normal-price`, `sale-price` and `from-price` (cents, every digit of the
 * amount kept), and the `product-price` / `subscription-price` blocks with sale and "from" prices and
 * subscription periods. The product is read as the platform's templates read it (platform-product.ts).
 */
import { currencyDigits, DEFAULT_CURRENCY } from '../../../commerce/currencies.js';
import { rescale } from '../../../commerce/decimal.js';
import { isTruthy } from '../../values.js';
import type { Formatter, PluginContext } from '../types.js';
import { PRODUCT_PRICE, SUBSCRIPTION_PRICE } from './markup.js';
import { formatMoney, usesCldrMoney } from './money-format.js';
import { amountDecimal, amountText, nativeAmountText, toCents } from './platform-decimal.js';
import {
  byVariants,
  cheapestVariant,
  contentOf,
  currentPrice,
  DIGITAL,
  fromPrice,
  isSubscribableProduct,
  NO_PRODUCT,
  normalPrice,
  onSale,
  onSaleFlag,
  PHYSICAL,
  type Price,
  priceOf,
  salePrice,
  SERVICE,
  typeOf,
  variedPrices,
  ZERO_PRICE,
} from './platform-product.js';
import { field } from '../content/scalars.js';
import { fill, label } from './strings.js';
import { periodPattern, type PlatformPlan, platformPlanOf } from './subscription-plan.js';

type Json = Record<string, unknown>;

const cents = (price: (item: unknown) => Price): Formatter => ({
  name: '',
  format: (item) => amountText(toCents(price(item).amount)),
});

const normalPriceFormatter: Formatter = { ...cents(normalPrice), name: 'normal-price' };
const salePriceFormatter: Formatter = { ...cents(salePrice), name: 'sale-price' };
const fromPriceFormatter: Formatter = { ...cents(fromPrice), name: 'from-price' };

/**
 * A price as the blocks print it: native money (two places, half away from zero) in its span, or CLDR text
 * in the money's currency (half to even) when the page asks for it.
 */
function priceMarkup(ctx: PluginContext, price: Price): string {
  const exact = amountDecimal(price.amount);
  if (exact !== null && usesCldrMoney(ctx)) {
    const currency = typeof price.currency === 'string' && price.currency !== '' ? price.currency : DEFAULT_CURRENCY;
    return formatMoney({ minor: rescale(exact, currencyDigits(currency), 'half-even').units, currency }, ctx.locale ?? 'en');
  }
  return `<span class="sqs-money-native">${nativeAmountText(price.amount)}</span>`;
}

/** The price block's view: at most one of its parts is set. */
interface PriceView {
  from?: { text: string };
  sale?: { sale: string; original: string };
  single?: { text: string };
  unavailable?: { text: string };
}

/** A price the block would print from a money object that is not there (see `productPrice`). */
class MissingPrice extends Error {}

function priceView(ctx: PluginContext, item: unknown): PriceView {
  const sc = contentOf(item);
  const printed = (price: Price): Price => {
    if (price.missing && ctx.locale !== null) throw new MissingPrice();
    return price;
  };
  // A subscribable product without a usable plan is unavailable, whatever its type.
  const plan = isSubscribableProduct(item) ? platformPlanOf(sc['subscriptionPlan']) : undefined;
  if (plan === null) return { unavailable: { text: ctx.locale === null ? '' : label(ctx, 'productPriceUnavailable') } };
  const type = typeOf(item);
  // A record that is no product has no price, but a plan still prints a zero price by its period.
  if (type === NO_PRODUCT) return plan === undefined ? {} : singleView(ctx, ZERO_PRICE, plan);
  if (type === DIGITAL) {
    const price = printed(priceOf(sc['priceMoney']));
    return isTruthy(sc['onSale']) ? saleView(ctx, printed(priceOf(sc['salePriceMoney'])), price, plan) : singleView(ctx, price, plan);
  }
  // An unknown type (missing, 0, 5…) costs 0.00 on the platform.
  if (!byVariants(type)) return singleView(ctx, normalPrice(item), plan);
  if (variedPrices(item)) return fromView(ctx, printed(fromPrice(item)), plan);
  if (onSale(item)) return saleView(ctx, printed(salePrice(item)), printed(normalPrice(item)), plan);
  return singleView(ctx, printed(normalPrice(item)), plan);
}

/** A price, with its subscription period when the product is sold by subscription. */
function shown(ctx: PluginContext, price: Price, plan: PlatformPlan | undefined, from: boolean): string {
  const text = priceMarkup(ctx, price);
  if (plan === undefined) return from ? fill(label(ctx, 'productPriceStartingFromText'), { 0: text }) : text;
  const { pattern, values } = periodPattern(ctx, plan, from);
  return fill(pattern, { ...values, price: text });
}

// Without locale data (`locale: none`) the platform formats no money and no localized pattern: the parts keep
// their shape, their texts are empty.
function singleView(ctx: PluginContext, price: Price, plan: PlatformPlan | undefined): PriceView {
  return { single: { text: ctx.locale === null ? '' : shown(ctx, price, plan, false) } };
}

// With CLDR money asked for (featureFlags.useCLDRMoneyFormat) and no locale data, the platform prints neither
// the sale nor the "from" part at all (found against the reference).
const noCldrMoney = (ctx: PluginContext) => ctx.locale === null && usesCldrMoney(ctx);

function saleView(ctx: PluginContext, sale: Price, original: Price, plan: PlatformPlan | undefined): PriceView {
  if (noCldrMoney(ctx)) return {};
  if (ctx.locale === null) return { sale: { sale: '', original: '' } };
  return { sale: { sale: shown(ctx, sale, plan, false), original: shown(ctx, original, plan, false) } };
}

function fromView(ctx: PluginContext, price: Price, plan: PlatformPlan | undefined): PriceView {
  if (noCldrMoney(ctx)) return {};
  return { from: { text: ctx.locale === null ? '' : shown(ctx, price, plan, true) } };
}
/**
 * With locale data, a price whose money object is missing (a variant with only the legacy `price` cents) gets no
 * block and a `PRICE_MISSING` problem rather than a wrong "0.00", as the reference suite's golden fixture
 * (`i18n/f-foo`) has it; without locale data the block keeps its shape with empty texts, as the platform prints it.
 */
const productPrice: Formatter = {
  name: 'product-price',
  format(item, _args, ctx) {
    let view: PriceView;
    try {
      view = priceView(ctx, item);
    } catch (e) {
      if (!(e instanceof MissingPrice)) throw e;
      ctx.error('PRICE_MISSING', 'cannot show the price: a variant has no priceMoney (or salePriceMoney when on sale)');
      return undefined;
    }
    return ctx.renderBuiltin(PRODUCT_PRICE, view);
  },
};

/**
 * The subscription price of physical products and services: the first pricing option of the variant that costs
 * least now (the first of equals). "From" its current price when the variants' prices vary (`varied-prices?`),
 * else its sale or its price; nothing when that variant has no pricing option.
 */
function subscriptionView(ctx: PluginContext, item: unknown): PriceView {
  const type = typeOf(item);
  if (type !== PHYSICAL && type !== SERVICE) return {};
  const options = field(cheapestVariant(item), 'pricingOptions');
  // The first option as a path reads it: a list's first entry (even null), or an object's key "0".
  if (typeof options !== 'object' || options === null || !Object.hasOwn(options, '0')) return {};
  const option = (options as Record<string, unknown>)['0'];
  if (variedPrices(item)) return fromView(ctx, currentPrice(option), undefined);
  if (onSaleFlag(option)) return saleView(ctx, priceOf(field(option, 'salePriceMoney')), priceOf(field(option, 'priceMoney')), undefined);
  return singleView(ctx, priceOf(field(option, 'priceMoney')), undefined);
}

const subscriptionPrice: Formatter = {
  name: 'subscription-price',
  format: (item, _args, ctx) => ctx.renderBuiltin(SUBSCRIPTION_PRICE, subscriptionView(ctx, item)),
};

export const PRICE_FORMATTERS: Formatter<any>[] = [normalPriceFormatter, salePriceFormatter, fromPriceFormatter, productPrice, subscriptionPrice];
