/**
 * The customer details a checkout asks for (email, name, and a shipping address when the order has to be
 * shipped), validated with clear messages per field. Shared by the checkout page, the orders API and any
 * island that wants to check the form before sending it.
 */

/** The spec's wording for the email rule (spec 000 §5 "Generic form") and for a form with invalid fields. */
export const CHECKOUT_MESSAGES = {
  invalidForm: 'One or more fields is invalid, please check your entries.',
  invalidEmail: 'Email is not valid. Email addresses should follow the format user@domain.com.',
  /** Ours: the spec does not cover checkout. */
  emptyCart: 'Your cart is empty.',
  purchased: 'This cart has already been purchased.',
  invalidCountry: 'Country is not valid. Choose a country from the list.',
  mixedCurrencies: 'This cart holds prices in more than one currency and cannot be checked out.',
} as const;

/** Email length bounds (spec 000 §9). */
export const EMAIL_MIN_LENGTH = 3;
export const EMAIL_MAX_LENGTH = 256;

/** A simple shape check, as the spec asks: something@something.tld, without spaces. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Control characters (newlines, tabs…) have no place in a name or an address line. */
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * The ISO 3166-1 alpha-2 codes of the countries (and territories with a code of their own) a shipping
 * address may name: the 249 officially assigned codes. The checkout's select offers them by name, and the
 * server accepts only these (in any letter case), stored upper case.
 */
export const COUNTRY_CODES: readonly string[] = `
AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ
BL BM BN BO BQ BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR
CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR
GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU
ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ
LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ
MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF
PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI
SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR
TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW
`
  .trim()
  .split(/\s+/);

const COUNTRY_SET = new Set(COUNTRY_CODES);

/** The country's code upper case when it is one of COUNTRY_CODES, else null. */
export function countryCode(value: string): string | null {
  const code = value.trim().toUpperCase();
  return COUNTRY_SET.has(code) ? code : null;
}

export interface CountryOption {
  readonly code: string;
  readonly name: string;
  readonly selected: boolean;
}

const countryLists = new Map<string, readonly { code: string; name: string }[]>();

/** Every country as `{ code, name }`, its name from `Intl.DisplayNames` in `locale`, sorted by name; built once per locale. */
export function countryNames(locale = 'en'): readonly { code: string; name: string }[] {
  let list = countryLists.get(locale);
  if (list === undefined) {
    const names = new Intl.DisplayNames([locale, 'en'], { type: 'region', fallback: 'code' });
    const collator = new Intl.Collator([locale, 'en']);
    list = COUNTRY_CODES.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) => collator.compare(a.name, b.name));
    countryLists.set(locale, list);
  }
  return list;
}

/** The country select's options, the chosen code (if any) selected. */
export function countryOptions(chosen: string, locale = 'en'): CountryOption[] {
  const code = countryCode(chosen);
  return countryNames(locale).map((c) => ({ ...c, selected: c.code === code }));
}

/** A country's name in `locale` (the code itself for an unknown code). */
export function countryName(code: string, locale = 'en'): string {
  return countryNames(locale).find((c) => c.code === code)?.name ?? code;
}

interface FieldRule {
  readonly label: string;
  readonly max: number;
  readonly required: boolean;
  /** Asked for only when the order has to be shipped. */
  readonly shipping: boolean;
}

export const CHECKOUT_FIELDS = {
  email: { label: 'Email', max: EMAIL_MAX_LENGTH, required: true, shipping: false },
  name: { label: 'Name', max: 100, required: true, shipping: false },
  address1: { label: 'Address', max: 100, required: true, shipping: true },
  address2: { label: 'Address line 2', max: 100, required: false, shipping: true },
  city: { label: 'City', max: 60, required: true, shipping: true },
  region: { label: 'State or region', max: 60, required: false, shipping: true },
  postalCode: { label: 'Postal code', max: 20, required: true, shipping: true },
  /** An ISO 3166-1 alpha-2 code (COUNTRY_CODES), chosen from a select of country names. */
  country: { label: 'Country', max: 2, required: true, shipping: true },
} as const satisfies Record<string, FieldRule>;

export type CheckoutField = keyof typeof CHECKOUT_FIELDS;
export const CHECKOUT_FIELD_NAMES = Object.keys(CHECKOUT_FIELDS) as CheckoutField[];

export interface ShippingAddress {
  readonly address1: string;
  readonly address2: string;
  readonly city: string;
  readonly region: string;
  readonly postalCode: string;
  readonly country: string;
}

export interface Customer {
  readonly email: string;
  readonly name: string;
  /** Null when nothing in the order is shipped. */
  readonly shippingAddress: ShippingAddress | null;
}

export type FieldErrors = Partial<Record<CheckoutField, string>>;
export type CustomerResult = { ok: true; customer: Customer } | { ok: false; errors: FieldErrors };

/** The typed values as strings (anything else as ''), trimmed, for validating and for showing again. */
export function checkoutValues(input: Readonly<Record<string, unknown>>): Record<CheckoutField, string> {
  const out = {} as Record<CheckoutField, string>;
  for (const name of CHECKOUT_FIELD_NAMES) {
    const v = input[name];
    out[name] = typeof v === 'string' ? v.trim() : '';
  }
  return out;
}

function fieldError(name: CheckoutField, value: string): string | null {
  const rule: FieldRule = CHECKOUT_FIELDS[name];
  if (value === '') return rule.required ? `${rule.label} is required.` : null;
  if (name === 'country') return countryCode(value) === null ? CHECKOUT_MESSAGES.invalidCountry : null;
  if (value.length > rule.max) return `${rule.label} must be at most ${rule.max} characters.`;
  if (CONTROL.test(value)) return `${rule.label} contains characters that are not allowed.`;
  if (name === 'email' && (value.length < EMAIL_MIN_LENGTH || !EMAIL_PATTERN.test(value))) return CHECKOUT_MESSAGES.invalidEmail;
  return null;
}

/** Validates the details; the address fields only when the order requires shipping (otherwise dropped). */
export function validateCustomer(input: Readonly<Record<string, unknown>>, requiresShipping: boolean): CustomerResult {
  const values = checkoutValues(input);
  const errors: FieldErrors = {};
  let failed = false;
  for (const name of CHECKOUT_FIELD_NAMES) {
    if (CHECKOUT_FIELDS[name].shipping && !requiresShipping) continue;
    const error = fieldError(name, values[name]);
    if (error !== null) {
      errors[name] = error;
      failed = true;
    }
  }
  if (failed) return { ok: false, errors };
  const { email, name, address1, address2, city, region, postalCode } = values;
  const country = countryCode(values.country) ?? '';
  return { ok: true, customer: { email, name, shippingAddress: requiresShipping ? { address1, address2, city, region, postalCode, country } : null } };
}
