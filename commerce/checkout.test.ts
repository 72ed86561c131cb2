import { describe, expect, it } from 'vitest';
import { CHECKOUT_MESSAGES, checkoutValues, validateCustomer } from './checkout-form.js';
import { FLAT_SHIPPING_MINOR, orderAmounts } from './order-amounts.js';
import { ProductType } from './products.js';
import { planLabel, SUBSCRIBE_MESSAGES, subscriptionOf } from './subscribe.js';

describe('order amounts', () => {
  it('adds flat shipping only when something must be shipped, no tax, no discount', () => {
    const shipped = orderAmounts([
      { quantity: 2, unitPriceCents: 4800, productType: ProductType.PHYSICAL },
      { quantity: 1, unitPriceCents: 900, productType: ProductType.DIGITAL },
    ]);
    expect(shipped).toEqual({
      subtotalCents: 10500,
      shippingCents: FLAT_SHIPPING_MINOR,
      taxCents: 0,
      discountCents: 0,
      grandTotalCents: 10500 + FLAT_SHIPPING_MINOR,
      requiresShipping: true,
    });
    const service = orderAmounts([{ quantity: 3, unitPriceCents: 4500, productType: ProductType.SERVICE }]);
    expect(service).toMatchObject({ shippingCents: 0, grandTotalCents: 13500, requiresShipping: false });
    expect(orderAmounts([])).toMatchObject({ subtotalCents: 0, shippingCents: 0, grandTotalCents: 0 });
  });
});

describe('checkout details', () => {
  const good = { email: 'ada@example.com', name: 'Ada Lovelace', address1: '1 Main St', city: 'London', postalCode: 'N1', country: 'GB' };

  it('accepts good details, trimmed, and drops the address when nothing is shipped', () => {
    expect(validateCustomer({ ...good, email: '  ada@example.com ' }, true)).toEqual({
      ok: true,
      customer: { email: 'ada@example.com', name: 'Ada Lovelace', shippingAddress: { address1: '1 Main St', address2: '', city: 'London', region: '', postalCode: 'N1', country: 'GB' } },
    });
    expect(validateCustomer({ email: 'ada@example.com', name: 'Ada' }, false)).toEqual({ ok: true, customer: { email: 'ada@example.com', name: 'Ada', shippingAddress: null } });
  });

  it('names each problem', () => {
    const r = validateCustomer({ email: 'not-an-email', name: '', address1: 'x'.repeat(101), city: 'Paris\nCedex', postalCode: '75001' }, true);
    expect(r).toEqual({
      ok: false,
      errors: {
        email: CHECKOUT_MESSAGES.invalidEmail,
        name: 'Name is required.',
        address1: 'Address must be at most 100 characters.',
        city: 'City contains characters that are not allowed.',
        country: 'Country is required.',
      },
    });
  });

  it('keeps the spec email rule: 3 to 256 characters of a simple shape', () => {
    const emailError = (email: string) => {
      const r = validateCustomer({ email, name: 'A' }, false);
      return r.ok ? null : (r.errors.email ?? null);
    };
    expect(emailError('a@b.c')).toBeNull();
    expect(emailError('a b@c.d')).toBe('Email is not valid. Email addresses should follow the format user@domain.com.');
    expect(emailError(`${'a'.repeat(251)}@b.com`)).toBe('Email must be at most 256 characters.');
    expect(emailError('')).toBe('Email is required.');
  });

  it('reads only strings when showing values again', () => {
    expect(checkoutValues({ email: ['a', 'b'], name: ' Ada ' })).toMatchObject({ email: '', name: 'Ada', country: '' });
  });
});

describe('subscriptions', () => {
  const item = (productType: number, isSubscribable: boolean, subscriptionPlan?: unknown) => ({ structuredContent: { productType, isSubscribable, subscriptionPlan } });
  const plan = { billingPeriod: { value: 2, unit: 'WEEK' }, numBillingCycles: 0 };

  it('sells subscriptions of physical and service products that have a plan', () => {
    expect(subscriptionOf(item(ProductType.PHYSICAL, true, plan))).toEqual({ ok: true, plan: { unit: 'WEEK', every: 2, cycles: 0 } });
    expect(subscriptionOf(item(ProductType.SERVICE, true, plan)).ok).toBe(true);
    expect(subscriptionOf(item(ProductType.DIGITAL, true, plan))).toEqual({ ok: false, message: SUBSCRIBE_MESSAGES.wrongType });
    expect(subscriptionOf(item(ProductType.GIFT_CARD, true, plan))).toEqual({ ok: false, message: SUBSCRIBE_MESSAGES.wrongType });
    expect(subscriptionOf(item(ProductType.PHYSICAL, false, plan))).toEqual({ ok: false, message: SUBSCRIBE_MESSAGES.notSubscribable });
    expect(subscriptionOf(item(ProductType.PHYSICAL, true, { billingPeriod: { value: 0, unit: 'DAY' } }))).toEqual({ ok: false, message: SUBSCRIBE_MESSAGES.notSubscribable });
  });

  it('says the plan in words', () => {
    expect(planLabel({ unit: 'WEEK', every: 2, cycles: 0 })).toBe('Every 2 weeks, until cancelled');
    expect(planLabel({ unit: 'MONTH', every: 1, cycles: 12 })).toBe('Every month for 1 year');
    expect(planLabel({ unit: 'WEEK', every: 1, cycles: 10 })).toBe('Every week for 10 weeks');
  });
});
