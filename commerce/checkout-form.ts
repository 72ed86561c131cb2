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
  mixedCurrencies: 'This cart holds prices in more than one currency and cannot be checked out.',
} as const;

/** Email length bounds (spec 000 §9). */
export const EMAIL_MIN_LENGTH = 3;
export const EMAIL_MAX_LENGTH = 256;

/** A simple shape check, as the spec asks: something@something.tld, without spaces. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Control characters (newlines, tabs…) have no place in a name or an address line. */
const CONTROL = /[\u0000-\u001f\u007f]/;

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
  country: { label: 'Country', max: 60, required: true, shipping: true },
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
  const { email, name, address1, address2, city, region, postalCode, country } = values;
  return { ok: true, customer: { email, name, shippingAddress: requiresShipping ? { address1, address2, city, region, postalCode, country } : null } };
}
