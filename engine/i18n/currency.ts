/**
 * Currency amounts inside messages (`{0 money}`, `{0 currency style:short}`): a money object
 * `{decimalValue, currencyCode}` (or `{value, currency}`) formatted with Intl's currency style. This is the
 * message formatter's own small path; the money/commerce formatters live in money*.ts.
 *
 * Styles: default (symbol), short (compact: "€123K"), name ("123,456.79 euros"), code ("EUR 123,456.79").
 */
import { decimalString } from './number-value.js';
import { digitOptions, formatDecimalString, numberFormat, type NumberOptions, type OptionMap } from './number-options.js';

export interface MoneyValue {
  readonly amount: string;
  readonly currency: string;
}

/** The amount and ISO currency code of a money object, or null when it is not one. */
export function moneyOf(v: unknown): MoneyValue | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return null;
  const o = v as Record<string, unknown>;
  const amount = decimalString(o['decimalValue'] ?? o['value']);
  const currency = o['currencyCode'] ?? o['currency'];
  if (amount === null || typeof currency !== 'string' || !/^[A-Za-z]{3}$/.test(currency)) return null;
  return { amount, currency: currency.toUpperCase() };
}

export function formatCurrency(locale: string, money: MoneyValue, opts: OptionMap, errors?: string[]): string {
  const style = opts.get('style') ?? 'symbol';
  const o: NumberOptions = { style: 'currency', currency: money.currency };
  if ([...opts.keys()].some((k) => /frac|sig|Fraction|Significant|round|group/.test(k))) {
    // Explicit digit options replace the currency's own minor-unit digits.
    Object.assign(o, digitOptions(opts, { maxFrac: 2, group: true }, errors));
  }
  switch (style) {
    case 'short':
    case 'long':
      o.notation = 'compact';
      o.compactDisplay = style;
      break;
    case 'name':
      o.currencyDisplay = 'name';
      break;
    case 'code':
      o.currencyDisplay = 'code';
      break;
    case 'accounting':
      o.currencySign = 'accounting';
      break;
    case 'symbol':
      break;
    default:
      errors?.push(`Unknown currency style '${style}'.`);
  }
  try {
    return formatDecimalString(numberFormat(locale, o), money.amount);
  } catch {
    return ''; // Spec 001 §8: no currency data gives an empty string.
  }
}
