/** The instalment pill rules with the spec's exact texts (spec 000 §4, §5, §9). */
import { describe, expect, it } from 'vitest';
import {
  allPhysical,
  amountText,
  DEFAULT_NUM_INSTALLMENTS,
  eligibility,
  INSTALLMENT_TEXTS,
  type InstallmentContext,
  installmentCents,
  installmentContextOf,
  installmentModalUrl,
  installmentPill,
  productInstallmentPill,
  providerFor,
} from './installments.js';

const context = installmentContextOf({ afterPayAvailable: true, afterPayMin: 3500, afterPayMax: 10000, shopperLanguage: 'en_US', stripeAccountCountry: 'US' })!;
const PHYSICAL = 1;

describe('texts', () => {
  it('are the spec strings', () => {
    expect(INSTALLMENT_TEXTS).toEqual({
      payments: '{numInstallments} interest-free payments of {amount}',
      pill: 'or {numInstallments} interest-free payments of {amount} with',
      upTo: 'available for orders up to {amount}',
      over: 'available for orders over {amount}',
    });
    expect(DEFAULT_NUM_INSTALLMENTS).toBe(4);
  });
});

describe('installmentPill', () => {
  it('offers 4 payments in range', () => {
    expect(installmentPill(context, [PHYSICAL], 8900)).toEqual({
      inRange: true,
      provider: 'afterpay',
      providerName: 'Afterpay',
      numInstallments: 4,
      installmentCents: 2225,
      text: 'or 4 interest-free payments of $22.25 with',
      paymentsText: '4 interest-free payments of $22.25',
    });
  });

  it('says up to the maximum above it, over the minimum at or below it', () => {
    expect(installmentPill(context, [PHYSICAL], 10001)).toMatchObject({ inRange: false, text: 'available for orders up to $100.00' });
    expect(installmentPill(context, [PHYSICAL], 1800)).toMatchObject({ inRange: false, text: 'available for orders over $35.00' });
    expect(installmentPill(context, [PHYSICAL], 3500)).toMatchObject({ inRange: false, text: 'available for orders over $35.00' });
  });

  it('is in range strictly above the minimum and up to the maximum itself', () => {
    expect(eligibility(context, 3500)).toBe('under-minimum');
    expect(eligibility(context, 3501)).toBe('in-range');
    expect(eligibility(context, 10000)).toBe('in-range');
    expect(eligibility(context, 10001)).toBe('over-maximum');
    expect(installmentPill(context, [PHYSICAL], 10000)).toMatchObject({ inRange: true, text: 'or 4 interest-free payments of $25.00 with' });
  });

  it('shows nothing unless every item is physical', () => {
    expect(allPhysical([1, 1])).toBe(true);
    expect(allPhysical([1, 2])).toBe(false);
    expect(allPhysical([])).toBe(false);
    for (const types of [[2], [3], [4], [1, 3], []]) expect(installmentPill(context, types, 5000), JSON.stringify(types)).toBeNull();
  });

  it('shows nothing when the provider is off, the setting is broken, or the language is not served', () => {
    expect(installmentPill({ ...context, afterPayAvailable: false }, [PHYSICAL], 5000)).toBeNull();
    expect(installmentPill(null, [PHYSICAL], 5000)).toBeNull();
    expect(installmentPill({ ...context, shopperLanguage: 'de_DE' }, [PHYSICAL], 5000)).toBeNull();
  });

  it('uses the UK variant for en_GB and a configured number of instalments', () => {
    const uk: InstallmentContext = { ...context, shopperLanguage: 'en_GB', numInstallments: 3 };
    expect(installmentPill(uk, [PHYSICAL], 9000, 'GBP')).toMatchObject({
      provider: 'clearpay',
      providerName: 'Clearpay',
      text: 'or 3 interest-free payments of £30.00 with',
      paymentsText: '3 interest-free payments of £30.00',
    });
    expect(['en_US', 'en_CA', 'fr_CA', 'en_AU', 'en_NZ'].map(providerFor)).toEqual(Array(5).fill('afterpay'));
  });
});

describe('productInstallmentPill', () => {
  it('is the pill of a cart of one while the product can be bought', () => {
    expect(productInstallmentPill(context, { productType: PHYSICAL, soldOut: false }, 8900)).toEqual(installmentPill(context, [PHYSICAL], 8900));
    expect(productInstallmentPill(context, { productType: 2, soldOut: false }, 8900)).toBeNull();
  });

  it('a sold-out product (or a sold-out choice) advertises no instalments, in range or not', () => {
    for (const cents of [3200, 8900, 12000]) expect(productInstallmentPill(context, { productType: PHYSICAL, soldOut: true }, cents), String(cents)).toBeNull();
  });
});

describe('amounts', () => {
  it('splits in whole cents, rounding half up', () => {
    expect(installmentCents(8900, 4)).toBe(2225);
    expect(installmentCents(4801, 4)).toBe(1200); // 12.0025
    expect(installmentCents(4802, 4)).toBe(1201); // 12.005
    expect(installmentCents(1000, 3)).toBe(333);
  });

  it('prints the currency symbol and its digits', () => {
    expect(amountText(123456)).toBe('$1,234.56');
    expect(amountText(1200, 'JPY')).toBe('¥1,200');
    expect(amountText(9900, 'NOK')).toBe('kr 99.00');
  });
});

describe('installmentContextOf', () => {
  it('reads the stored context with cents and the default of 4', () => {
    expect(context).toEqual({ afterPayAvailable: true, afterPayMin: 3500, afterPayMax: 10000, shopperLanguage: 'en_US', stripeAccountCountry: 'US', numInstallments: 4 });
  });

  it('refuses amounts that are not whole cents and a minimum above the maximum', () => {
    for (const bad of [undefined, null, [], { afterPayMin: '35.00', afterPayMax: 10000 }, { afterPayMin: 35.5, afterPayMax: 10000 }, { afterPayMin: -1, afterPayMax: 10000 }, { afterPayMin: 200, afterPayMax: 100 }, { afterPayMin: 1, afterPayMax: 2, numInstallments: 1 }]) {
      expect(installmentContextOf(bad), JSON.stringify(bad)).toBeNull();
    }
  });
});

describe('installmentModalUrl', () => {
  it("takes a store's own web host, and falls back to the provider's for any other scheme (issue 30: a data: host became a frame)", () => {
    expect(installmentModalUrl(context, 'https://pay.example.com/')).toBe('https://pay.example.com/modal/en_US.html');
    for (const host of ['data:text/html,<script>alert(1)</script>', 'javascript:alert(1)', '//evil.example', ' /\t/evil.example']) {
      expect(installmentModalUrl(context, host), host).toBe('https://static.afterpay.com/modal/en_US.html');
    }
  });
});
