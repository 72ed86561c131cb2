/**
 * The buy-now-pay-later instalment pill (spec 000 §3 "Instalment context", §4 "Instalment pill", §5
 * "Instalment eligibility", §9; spec 001 "Installments"): whether it shows, and what it says. Every amount
 * is integer cents.
 */
import { safeUrl } from './safe-url.js';
import { CURRENCIES, DEFAULT_CURRENCY } from './currencies.js';
import { formatFixed } from './decimal.js';
import { isRecord } from './json.js';
import { majorUnits, type Money } from './money.js';
import { ProductType } from './products.js';
import { fill } from './text.js';

/** Instalments when the context does not say (spec 000 §9). */
export const DEFAULT_NUM_INSTALLMENTS = 4;

/** The spec's texts, verbatim; `{…}` are filled in by `fill`. */
export const INSTALLMENT_TEXTS = {
  payments: '{numInstallments} interest-free payments of {amount}',
  pill: 'or {numInstallments} interest-free payments of {amount} with',
  upTo: 'available for orders up to {amount}',
  over: 'available for orders over {amount}',
} as const;

/**
 * What the pill's sentences and amounts are written with: the spec's English and `$12.00` by default; the
 * island passes its page's catalog messages (`installment.*`, issue 27) and the locale's money.
 */
export interface InstallmentWords {
  text(key: keyof typeof INSTALLMENT_TEXTS, values: Readonly<Record<string, string>>): string;
  amount(cents: number, currency: string): string;
}

export const SPEC_INSTALLMENT_WORDS: InstallmentWords = { text: (key, values) => fill(INSTALLMENT_TEXTS[key], values), amount: (cents, currency) => amountText(cents, currency) };

/** The provider serves these shopper languages; its UK variant serves en_GB (spec 000 §9, spec 001). */
const PROVIDER_LOCALES = ['en_US', 'en_CA', 'fr_CA', 'en_AU', 'en_NZ'] as const;
const UK_LOCALE = 'en_GB';
export const PROVIDER_NAMES = { afterpay: 'Afterpay', clearpay: 'Clearpay' } as const;
export type Provider = keyof typeof PROVIDER_NAMES;

/**
 * The instalment context (spec 000 §3), with the amounts in integer cents of the store currency.
 * `numInstallments` is ours: the spec gives only its default.
 */
export interface InstallmentContext {
  readonly afterPayAvailable: boolean;
  readonly afterPayMin: number;
  readonly afterPayMax: number;
  readonly shopperLanguage: string;
  readonly stripeAccountCountry: string;
  readonly numInstallments: number;
}

const isCents = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

/**
 * The context from stored JSON, or null when it is missing or unusable (amounts that are not whole
 * non-negative cents, a minimum above the maximum): a broken setting hides the pill rather than showing a
 * wrong one.
 */
export function installmentContextOf(json: unknown): InstallmentContext | null {
  if (!isRecord(json)) return null;
  const { afterPayAvailable, afterPayMin, afterPayMax, shopperLanguage, stripeAccountCountry, numInstallments } = json;
  if (!isCents(afterPayMin) || !isCents(afterPayMax) || afterPayMin > afterPayMax) return null;
  const n = numInstallments === undefined ? DEFAULT_NUM_INSTALLMENTS : numInstallments;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 2 || n > 12) return null;
  return {
    afterPayAvailable: afterPayAvailable === true,
    afterPayMin,
    afterPayMax,
    shopperLanguage: typeof shopperLanguage === 'string' && shopperLanguage !== '' ? shopperLanguage : 'en_US',
    stripeAccountCountry: typeof stripeAccountCountry === 'string' ? stripeAccountCountry : '',
    numInstallments: n,
  };
}

/** Which provider serves a shopper language; null when none does. */
export function providerFor(shopperLanguage: string): Provider | null {
  if ((PROVIDER_LOCALES as readonly string[]).includes(shopperLanguage)) return 'afterpay';
  return shopperLanguage === UK_LOCALE ? 'clearpay' : null;
}

export type Eligibility = 'in-range' | 'over-maximum' | 'under-minimum';

/**
 * Where a total stands: in range when strictly above the minimum and not above the maximum (spec 000 §5);
 * above the maximum, or else at or below the minimum.
 */
export function eligibility(context: InstallmentContext, totalCents: number): Eligibility {
  if (totalCents > context.afterPayMax) return 'over-maximum';
  return totalCents > context.afterPayMin ? 'in-range' : 'under-minimum';
}

/** The pill applies only when every cart item is physical (and there is one). */
export function allPhysical(productTypes: readonly number[]): boolean {
  return productTypes.length > 0 && productTypes.every((t) => t === ProductType.PHYSICAL);
}

/**
 * One instalment: the total split evenly, rounded half up to the cent (the provider takes any remainder
 * with the first payment, so the figure shown is the one the shopper mostly pays).
 */
export function installmentCents(totalCents: number, numInstallments: number): number {
  return Math.floor((2 * totalCents + numInstallments) / (2 * numInstallments));
}

/**
 * An amount as the pill prints it: the currency's symbol and the amount with its digits (`$12.00`,
 * `¥1,200`), a symbol ending in a letter set off by a space (`kr 99.00`).
 */
export function amountText(cents: number, currency: string = DEFAULT_CURRENCY): string {
  const money: Money = { minor: BigInt(cents), currency };
  const symbol = CURRENCIES.get(currency)?.symbol ?? currency;
  const digits = formatFixed(majorUnits(money));
  return /\p{L}$/u.test(symbol) ? `${symbol} ${digits}` : `${symbol}${digits}`;
}


/** What the pill shows: the in-range offer, or the availability message out of range. */
export type InstallmentPill =
  | {
      readonly inRange: true;
      readonly provider: Provider;
      readonly providerName: string;
      readonly numInstallments: number;
      readonly installmentCents: number;
      /** 'or 4 interest-free payments of $12.00 with', followed by the provider's name. */
      readonly text: string;
      /** '4 interest-free payments of $12.00', for the information panel. */
      readonly paymentsText: string;
    }
  | {
      readonly inRange: false;
      readonly provider: Provider;
      readonly providerName: string;
      /** 'available for orders up to $100.00' or 'available for orders over $35.00', after the name. */
      readonly text: string;
    };

/**
 * The pill for a cart (or the product being viewed, as a cart of one): none when the provider is off, serves
 * no such shopper language, or any item is not physical; otherwise the offer or the availability message.
 */
export function installmentPill(
  context: InstallmentContext | null,
  productTypes: readonly number[],
  totalCents: number,
  currency: string = DEFAULT_CURRENCY,
  words: InstallmentWords = SPEC_INSTALLMENT_WORDS,
): InstallmentPill | null {
  if (context === null || !context.afterPayAvailable || !allPhysical(productTypes)) return null;
  const provider = providerFor(context.shopperLanguage);
  if (provider === null) return null;
  const providerName = PROVIDER_NAMES[provider];
  const where = eligibility(context, totalCents);
  if (where === 'over-maximum') return { inRange: false, provider, providerName, text: words.text('upTo', { amount: words.amount(context.afterPayMax, currency) }) };
  if (where === 'under-minimum') return { inRange: false, provider, providerName, text: words.text('over', { amount: words.amount(context.afterPayMin, currency) }) };
  const n = context.numInstallments;
  const each = installmentCents(totalCents, n);
  const values = { numInstallments: String(n), amount: words.amount(each, currency) };
  return {
    inRange: true,
    provider,
    providerName,
    numInstallments: n,
    installmentCents: each,
    text: words.text('pill', values),
    paymentsText: words.text('payments', values),
  };
}

/** The product a product page's pill is about: its type, and whether it (or the shopper's choice of it) is sold out. */
export interface InstallmentProduct {
  readonly productType: number;
  readonly soldOut: boolean;
}

/**
 * The pill of a product page, the product being a cart of one at `priceCents`: none while the product, or the
 * variant chosen, is sold out, since nothing can be bought to pay for in instalments. The server's render and
 * the island both ask here.
 */
export function productInstallmentPill(
  context: InstallmentContext | null,
  product: InstallmentProduct,
  priceCents: number,
  currency: string = DEFAULT_CURRENCY,
  words: InstallmentWords = SPEC_INSTALLMENT_WORDS,
): InstallmentPill | null {
  return product.soldOut ? null : installmentPill(context, [product.productType], priceCents, currency, words);
}

/** The provider's own hosts of its information page; a store may point elsewhere (`installmentModalHost`). */
export const MODAL_HOSTS: Readonly<Record<Provider, string>> = {
  afterpay: 'https://static.afterpay.com',
  clearpay: 'https://static.clearpay.co.uk',
};

/** The origins a pill may look up an information page at: the providers' own and a store's own host (the content policy's `connect-src`). */
export function modalOrigins(host?: string): string[] {
  const own = host === undefined ? null : safeUrl(host, 'web');
  const hosts = [...Object.values(MODAL_HOSTS), ...(own !== null && !own.startsWith('/') ? [own] : [])];
  return [...new Set(hosts.map((h) => new URL(h).origin))];
}

/**
 * The provider's information page for the shopper's language (spec 000 §7: "fetched from a third-party
 * host, chosen by locale"): `{host}/modal/{locale}.html`. Null when no provider serves the language.
 */
export function installmentModalUrl(context: InstallmentContext, host?: string): string | null {
  const provider = providerFor(context.shopperLanguage);
  if (provider === null) return null;
  // a store's own host only when the URL rule admits it as a web address (never `data:` or `javascript:`)
  const own = host === undefined ? null : safeUrl(host, 'web');
  const base = (own !== null && !own.startsWith('/') ? own : MODAL_HOSTS[provider]).replace(/\/+$/, '');
  return `${base}/modal/${context.shopperLanguage}.html`;
}
