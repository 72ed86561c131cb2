/**
 * Money values as the platform's JSON carries them — `{ value | decimalValue, currency | currencyCode }`,
 * the amount a decimal string in major units — turned into exact integer minor units.
 */
import { currencyDigits, DEFAULT_CURRENCY } from './currencies.js';
import { type Decimal, parseDecimal, rescale, type RoundingMode } from './decimal.js';
import { isRecord } from './json.js';

export interface Money {
  /** The amount in minor units of the currency (cents), exact. */
  readonly minor: bigint;
  readonly currency: string;
}


/** The amount of a money object with every digit it has, and its currency; null without a numeric amount. */
export function amountOf(value: unknown): { decimal: Decimal; currency: string } | null {
  if (!isRecord(value)) return null;
  const decimal = parseDecimal(value['value'] ?? value['decimalValue']);
  if (decimal === null) return null;
  const code = value['currency'] ?? value['currencyCode'];
  return { decimal, currency: typeof code === 'string' && code !== '' ? code : DEFAULT_CURRENCY };
}

/** The amount and currency of a money object, or null when it has no numeric amount. */
export function moneyOf(value: unknown, mode: RoundingMode = 'half-even'): Money | null {
  const a = amountOf(value);
  return a === null ? null : { minor: rescale(a.decimal, currencyDigits(a.currency), mode).units, currency: a.currency };
}

/** Money from an integer count of minor units (the legacy `price: 10000` fields). */
export function moneyFromMinor(minor: unknown, currency: string = DEFAULT_CURRENCY): Money | null {
  const d = parseDecimal(minor);
  if (d === null) return null;
  return { minor: rescale(d, 0, 'half-even').units, currency };
}

/** The money as an exact decimal in major units. */
export function majorUnits(m: Money): Decimal {
  return { units: m.minor, scale: currencyDigits(m.currency) };
}

export function compareMoney(a: Money, b: Money): number {
  return a.minor < b.minor ? -1 : a.minor > b.minor ? 1 : 0;
}
