/**
 * Money as shoppers read it in the browser islands and their server-rendered markup: the locale's currency
 * format through Intl (`$89.00`, `89,00 €`), as the engine prints prices when the page asks for CLDR money.
 * The amount reaches Intl as an exact decimal string, never as a float.
 */
import { currencyDigits } from './currencies.js';
import { decimalString } from './decimal.js';

const formats = new Map<string, Intl.NumberFormat>();

export function moneyText(cents: number, currency: string, locale = 'en-US'): string {
  const digits = currencyDigits(currency);
  const key = `${locale}\u0000${currency}`;
  let format = formats.get(key);
  if (format === undefined) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: digits, maximumFractionDigits: digits });
    formats.set(key, format);
  }
  return format.format(decimalString({ units: BigInt(cents), scale: digits }) as unknown as number);
}
