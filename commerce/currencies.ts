/**
 * The 27 currencies a store can sell in (spec 001 §3), with their minor-unit digits. `symbol` is the
 * platform's own short symbol, used by the legacy locale money format (`i18n-money-format`); locale-aware
 * formatting takes its symbols from CLDR through Intl instead.
 */
export interface Currency {
  readonly code: string;
  readonly name: string;
  /** Digits after the decimal point: 2 for all but JPY (0). */
  readonly digits: number;
  readonly symbol: string;
}

const table: readonly Currency[] = [
  { code: 'EUR', name: 'Euro', digits: 2, symbol: '€' },
  { code: 'USD', name: 'US Dollar', digits: 2, symbol: '$' },
  { code: 'AUD', name: 'Australian Dollar', digits: 2, symbol: 'A$' },
  { code: 'NOK', name: 'Norwegian Krone', digits: 2, symbol: 'kr' },
  { code: 'CAD', name: 'Canadian Dollar', digits: 2, symbol: 'C$' },
  { code: 'NZD', name: 'New Zealand Dollar', digits: 2, symbol: 'NZ$' },
  { code: 'DKK', name: 'Danish Krone', digits: 2, symbol: 'kr' },
  { code: 'GBP', name: 'British Pound', digits: 2, symbol: '£' },
  { code: 'HKD', name: 'Hong Kong Dollar', digits: 2, symbol: 'HK$' },
  { code: 'CHF', name: 'Swiss Franc', digits: 2, symbol: 'CHF' },
  { code: 'MXN', name: 'Mexican Peso', digits: 2, symbol: 'MX$' },
  { code: 'SGD', name: 'Singapore Dollar', digits: 2, symbol: 'S$' },
  { code: 'SEK', name: 'Swedish Krona', digits: 2, symbol: 'kr' },
  { code: 'CZK', name: 'Czech Koruna', digits: 2, symbol: 'Kč' },
  { code: 'ILS', name: 'Israeli New Shekel', digits: 2, symbol: '₪' },
  { code: 'PHP', name: 'Philippine Peso', digits: 2, symbol: '₱' },
  { code: 'RUB', name: 'Russian Ruble', digits: 2, symbol: '₽' },
  { code: 'PLN', name: 'Polish Zloty', digits: 2, symbol: 'zł' },
  { code: 'THB', name: 'Thai Baht', digits: 2, symbol: '฿' },
  { code: 'MYR', name: 'Malaysian Ringgit', digits: 2, symbol: 'RM' },
  { code: 'ARS', name: 'Argentine Peso', digits: 2, symbol: 'ARS$' },
  { code: 'BRL', name: 'Brazilian Real', digits: 2, symbol: 'R$' },
  { code: 'COP', name: 'Colombian Peso', digits: 2, symbol: 'COL$' },
  { code: 'IDR', name: 'Indonesian Rupiah', digits: 2, symbol: 'Rp' },
  { code: 'INR', name: 'Indian Rupee', digits: 2, symbol: '₹' },
  { code: 'JPY', name: 'Japanese Yen', digits: 0, symbol: '¥' },
  { code: 'ZAR', name: 'South African Rand', digits: 2, symbol: 'R' },
];

export const CURRENCIES: ReadonlyMap<string, Currency> = new Map(table.map((c) => [c.code, c]));

/** The store currency when none is given. */
export const DEFAULT_CURRENCY = 'USD';

/** Minor-unit digits of a currency code; 2 for codes outside the table (the common case worldwide). */
export function currencyDigits(code: string): number {
  return CURRENCIES.get(code)?.digits ?? 2;
}
