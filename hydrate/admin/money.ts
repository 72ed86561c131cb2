/**
 * Money in the admin: prices are integer cents on the wire and shown as money (`$12.50`, commerce/money-text.ts);
 * a price typed by the merchant (`12.5`, `12.50`, `1,250.00`) becomes cents exactly, by its digits, never
 * through a float. More decimals than the currency has, or anything else, is no price (null).
 */
import { currencyDigits } from '../../commerce/currencies.js';
import { moneyText } from '../../commerce/money-text.js';

export const showMoney = (cents: number, currency: string): string => moneyText(cents, currency);

/** `12.50` → 1250 (USD); null when the text is not a price. */
export function centsOf(text: string, currency: string): number | null {
  const digits = currencyDigits(currency);
  const plain = text.trim().replace(/,(?=\d{3}(\D|$))/g, '');
  const match = /^(\d{1,10})(?:\.(\d*))?$/.exec(plain);
  if (match === null) return null;
  const fraction = match[2] ?? '';
  if (fraction.length > digits) return null;
  return Number(match[1]) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
}

/** 1250 → `12.50` (USD), as a price field shows it for editing. */
export function priceText(cents: number, currency: string): string {
  const digits = currencyDigits(currency);
  if (digits === 0) return String(cents);
  const whole = Math.floor(cents / 10 ** digits);
  return `${whole}.${String(cents % 10 ** digits).padStart(digits, '0')}`;
}
