/** The commerce formatters through the engine, with the spec's exact strings (spec 001 §4, §5, §8, §9). */
import { describe, expect, it } from 'vitest';
import { render } from '../../index.js';

const html = (template: string, data: unknown, locale: string | null = 'en') => render(template, data, { locale }).html;
const errors = (template: string, data: unknown) => render(template, data, { locale: 'en' }).errors.map((e) => e.message);

const physical = (variants: unknown[], extra: Record<string, unknown> = {}) => ({
  id: 'p1',
  structuredContent: { productType: 1, variants, ...extra },
});

describe('product status marks', () => {
  const soldOut = physical([{ qtyInStock: 0 }]);
  it("sold out: custom text, else the localized text, else 'sold out'", () => {
    expect(html('{@|product-status}', soldOut)).toBe('<div class="product-mark sold-out">sold out</div>');
    expect(html('{item|product-status}', { item: soldOut, localizedStrings: { productSoldOutText: 'Épuisé' } })).toContain('>Épuisé<');
    expect(
      html('{item|product-status}', {
        item: soldOut,
        localizedStrings: { productSoldOutText: 'Épuisé' },
        productMerchandisingContext: { p1: { customSoldOutText: 'Gone <for now>' } },
      }),
    ).toBe('<div class="product-mark sold-out">Gone &lt;for now&gt;</div>');
  });
  it("sale: the localized text, else 'sale'", () => {
    const sale = physical([{ qtyInStock: 3, onSale: true }]);
    expect(html('{@|product-status}', sale)).toBe('<div class="product-mark sale">sale</div>');
    expect(html('{item|product-status}', { item: sale, localizedStrings: { productSaleText: 'Solde' } })).toContain('>Solde<');
  });
});

describe('prices', () => {
  it("an unavailable subscription plan falls back to 'Unavailable'", () => {
    const item = physical([{ priceMoney: { value: '5' } }], { isSubscribable: true });
    expect(html('{@|product-price}', item)).toContain('\nUnavailable\n');
  });
  it('shows whole-year plans in years and other plans in their unit', () => {
    const plan = (unit: string, value: number, numBillingCycles: number) =>
      physical([{ priceMoney: { value: '5' } }], { isSubscribable: true, subscriptionPlan: { billingPeriod: { unit, value }, numBillingCycles } });
    expect(html('{@|product-price}', plan('WEEK', 1, 52))).toContain(' every week for 1 year');
    expect(html('{@|product-price}', plan('MONTH', 3, 8))).toContain(' every 3 months for 2 years');
    expect(html('{@|product-price}', plan('MONTH', 1, 5))).toContain(' every month for 5 months');
    expect(html('{@|product-price}', plan('YEAR', 1, 0))).toContain(' every year\n');
  });
  it('reads a subscribable product of any type as the platform: no plan is unavailable, any plan prints its period', () => {
    const digital = (extra: object) => ({ structuredContent: { productType: 2, isSubscribable: true, priceMoney: { value: '3' }, ...extra } });
    expect(html('{@|product-price}', digital({}))).toBe('\n\n\n<div class="product-price">\nUnavailable\n\n</div>');
    const weekly = { subscriptionPlan: { billingPeriod: { value: 1, unit: 'WEEK' } } };
    expect(html('{@|product-price}', digital(weekly))).toBe('\n\n\n<div class="product-price">\n<span class="sqs-money-native">3.00</span> every week\n</div>');
    // isSubscribable is read as a comparison reads a boolean: true, "true" or a whole non-zero number
    expect(html('{@|product-price}', digital({ isSubscribable: 2 }))).toContain('Unavailable');
    expect(html('{@|product-price}', digital({ isSubscribable: '1' }))).not.toContain('Unavailable');
    // odd plans: any object with a billingPeriod; value and cycles read as numbers, the unit as written
    const plan = (subscriptionPlan: unknown) => html('{@|product-price}', digital({ subscriptionPlan }));
    expect(plan({ billingPeriod: { value: '2x', unit: 'DAY' }, numBillingCycles: 3 })).toContain(' every 2 days for 6 days\n');
    expect(plan({ billingPeriod: { value: 0, unit: 'WEEK' }, numBillingCycles: 104 })).toContain(' every week for 0 weeks\n');
    expect(plan({ billingPeriod: { value: 2, unit: 'WEEK' }, numBillingCycles: 26 })).toContain(' every 2 weeks for 1 year\n');
    expect(plan({ billingPeriod: null })).toContain('</span> every \n');
    expect(plan({})).toContain('Unavailable');
  });
  it('prices a product without variants, or of an unknown type, at 0.00, and type -1 not at all (as the platform)', () => {
    expect(html('{@|product-price}', { structuredContent: {} })).toContain('<span class="sqs-money-native">0.00</span>');
    expect(html('{@|product-price}', {})).toContain('<span class="sqs-money-native">0.00</span>');
    expect(html('{@|product-price}', { structuredContent: { productType: -1 } })).toBe('\n\n\n<div class="product-price">\n\n</div>');
  });
  it('keeps the blank lines the platform templates put around the commerce blocks (the fixtures compare trimmed)', () => {
    expect(html('{@|add-to-cart-btn}', {})).toMatch(/^\n{13}<div class="sqs-add-to-cart-button-wrapper"/);
    expect(html('{@|product-restock-notification}', {})).toBe('\n\n\n\n\n\n');
    expect(html('{@|product-checkout}', {})).toMatch(/^\n{13}<div class="sqs-add-to-cart-button-wrapper"/);
    // No scarcity message in the buy box, even enabled (found against the reference); product-scarcity shows it.
    const scarce = { item: { id: 'p1' }, productMerchandisingContext: { p1: { scarcityEnabled: true, scarcityTemplateViews: [{}] } } };
    expect(html('{item|product-checkout}', scarce)).not.toContain('product-scarcity');
    // A field the chain's value lacks is read from the tag's own value outward, as on the platform: after json or
    // htmltag (text, so an empty product) the button still names b's id; not the page's.
    for (const chain of ['json', 'htmltag']) expect(html(`{b|${chain}|product-checkout}`, { b: { id: '1' }, id: '9' })).toContain('data-item-id="1"');
    expect(html('{item|product-scarcity}', scarce)).toContain('<div class="product-scarcity">');
  });
  it('shows the restock captcha container when website.captchaSettings has a site key, without the key in it', () => {
    const item = { id: 'p1' };
    const merch = { p1: { restockNotificationViews: [{ variantId: 2 }], restockNotificationMessages: {} } };
    const restock = (extra: object) => html('{item|product-restock-notification}', { item, productMerchandisingContext: merch, ...extra });
    expect(restock({ website: { captchaSettings: { siteKey: 'K' } } })).toContain('\n  <div class="captcha-container"></div>\n</div>');
    expect(restock({ website: { captchaSettings: { siteKey: '' } } })).not.toContain('captcha-container');
    expect(restock({ websiteSettings: { captchaSettings: { siteKey: 'K' } } })).not.toContain('captcha-container');
  });
  it('shows on sale only physical goods and services by their variants, and digital goods by their own flag', () => {
    const sale = (productType: unknown) => html('{.on-sale?}Y{.or}N{.end}|{@|item-classes}', { recordType: 11, structuredContent: { productType, variants: [{ onSale: true }] } });
    expect(sale(1)).toBe('Y|hentry post-type- on-sale sold-out');
    expect(sale(3)).toBe('Y|hentry post-type- on-sale sold-out');
    expect(sale(4)).toBe('N|hentry post-type-');
    expect(sale(undefined)).toBe('N|hentry post-type- sold-out');
    // the flag is read as truthiness, as on the platform
    expect(html('{.on-sale?}Y{.or}N{.end}', { structuredContent: { productType: 2, onSale: '3' } })).toBe('Y');
  });
  it('keeps the price block without locale data, with empty texts (as the platform without CLDR)', () => {
    const from = physical([{ price: 100, priceMoney: { value: '1' } }, { price: 200, priceMoney: { value: '2' } }]);
    expect(html('{@|product-price}', from, null)).toBe('\n\n\n<div class="product-price">\n\n\n</div>');
    const single = physical([{ priceMoney: { value: '1' } }]);
    expect(html('{@|product-price}', single, null)).toBe('\n\n\n<div class="product-price">\n\n</div>');
    // Asked for CLDR money with no locale data, the sale and "from" parts are left out (found against the reference).
    const cldr = { featureFlags: { useCLDRMoneyFormat: true } };
    const onSale = physical([{ onSale: true, priceMoney: { value: '2' }, salePriceMoney: { value: '1' } }]);
    expect(html('{@|product-price}', onSale, null)).toContain('Sale Price:');
    expect(html('{item|product-price}', { item: onSale, ...cldr }, null)).toBe('\n\n\n<div class="product-price">\n\n</div>');
    expect(html('{item|product-price}', { item: from, ...cldr }, null)).toBe('\n\n\n<div class="product-price">\n\n</div>');
  });
  it('varies prices by the legacy price, salePrice and onSale fields compared as JSON, as the platform', () => {
    const varied = (variants: unknown[]) => html('{.varied-prices?}V{.or}-{.end}|{@|product-price}', physical(variants));
    // different priceMoney, same legacy price: one price, the highest
    expect(varied([{ priceMoney: { value: '2' } }, { priceMoney: { value: '1' } }])).toBe('-|\n\n\n<div class="product-price">\n<span class="sqs-money-native">2.00</span>\n</div>');
    expect(varied([{ price: 3, priceMoney: { value: '1' } }, { price: '3', priceMoney: { value: '1' } }])).toMatch(/^V\|.*from <span class="sqs-money-native">1.00<\/span>/s);
    expect(varied([{ onSale: false }, {}])).toMatch(/^V/);
    expect(varied([{ price: null }, {}])).toMatch(/^-/);
    expect(varied([{ onSale: 'x', salePrice: 1 }, { onSale: 'x', salePrice: 2 }])).toMatch(/^V/);
    expect(varied([{ price: 1 }, 'x'])).toMatch(/^V/);
  });
  it('prints no block for a price whose money is missing (legacy cents only), with locale data; the bare block without', () => {
    const legacy = physical([{ price: 100 }, { price: 200 }]);
    expect(html('{@|product-price}', legacy)).toBe('');
    expect(errors('{@|product-price}', legacy)[0]).toMatch(/cannot show the price/);
    expect(html('{@|product-price}', physical([{ price: 100, priceMoney: { value: '1' } }, { price: 200, priceMoney: { value: null } }]))).toBe('');
    expect(html('{@|product-price}', physical([{ onSale: true, priceMoney: { value: '2' } }]))).toBe('');
    expect(html('{@|product-price}', { structuredContent: { productType: 2 } })).toBe('');
    expect(html('{@|product-price}', legacy, null)).toBe('\n\n\n<div class="product-price">\n\n\n</div>');
    // a value that is no number is still a price the block prints (0.00), as is a product of an unknown type
    expect(html('{@|product-price}', physical([{ priceMoney: { value: 'abc' } }]))).toContain('>0.00<');
    expect(html('{@|product-price}', { structuredContent: { productType: 7 } })).toContain('>0.00<');
  });
  it('prints amounts in cents with the digits the amount has, unreadable amounts as 0, NaN first in a minimum', () => {
    const cents = (value: unknown) => html('{@|normal-price}', physical([{ priceMoney: { value } }]));
    expect([cents('1.005'), cents('1.230'), cents('-0'), cents('1e2'), cents(' 7 '), cents('12abc'), cents(true), cents('nan'), cents('-Infinity')]).toEqual([
      '100.5', '123.0', '-0', '10000', '0', '0', '0', 'NaN', '-Infinity',
    ]);
    const from = (a: string, b: string) => html('{@|from-price}', physical([{ priceMoney: { value: a } }, { priceMoney: { value: b } }]));
    expect([from('NaN', '5'), from('5', 'NaN')]).toEqual(['500', 'NaN']);
    // the product type is read as the numeric formatters read a value; an unknown type is priced at 0 and sold out
    const typed = (productType: unknown) => html('{@|normal-price}|{.sold-out?}S{.end}', { structuredContent: { productType, variants: [{ priceMoney: { value: '5' }, qtyInStock: 3 }] } });
    expect([typed('1abc'), typed(true), typed([1]), typed(5)]).toEqual(['500|', '500|', '0|S', '0|S']);
  });
  it('prices a subscription by the first pricing option of the variant that costs least now', () => {
    const option = (value: string) => ({ pricingOptions: [{ priceMoney: { value } }] });
    const sub = (variants: unknown[]) => html('{@|subscription-price}', physical(variants));
    expect(sub([{ priceMoney: { value: '5' }, ...option('9') }, { priceMoney: { value: '3' }, ...option('7') }])).toContain('>7.00<');
    expect(sub([{ price: 1, ...option('9') }, { price: 2, ...option('7') }])).toContain('from <span class="sqs-money-native">9.00</span>');
    expect(sub([{}, option('9')])).toBe('\n\n\n<div class="subscription-price">\n\n</div>');
    expect(sub([{ pricingOptions: [null] }])).toContain('>0.00<');
  });
  it('reads the add-to-cart fields as variables: a field the item lacks comes from the scopes around it, still escaped', () => {
    const page = { id: 'page"1', structuredContent: { productType: 2, isSubscribable: 'yes' }, item: {} };
    const button = html('{item|add-to-cart-btn}', page);
    expect(button).toContain('data-item-id="page&quot;1" data-product-type="2"');
    expect(button).toContain('data-is-subscription="yes" data-original-label="Subscribe"');
    expect(html('{item|add-to-cart-btn}', { item: { id: 'own', structuredContent: {} }, id: 'page' })).toContain('data-item-id="own" data-product-type=""');
  });
  it('shows the quantity input when the variants stock adds up to more than one, negatives included', () => {
    const qty = (variants: unknown[]) => html('{@|quantity-input|raw}', physical(variants));
    expect(qty([{ qtyInStock: -3 }, { qtyInStock: 4 }])).toBe('null');
    expect(qty([{ qtyInStock: '1.5' }])).toContain('product-quantity-input');
    expect(qty([{ unlimited: 1 }])).toContain('product-quantity-input');
  });
  it('counts every entry of the variants list for has-variants?, as the platform', () => {
    expect(html('{.has-variants?}Y{.or}N{.end}', { structuredContent: { variants: ['', {}] } })).toBe('Y');
    expect(html('{.has-variants?}Y{.or}N{.end}', { structuredContent: { productType: 2, variants: [{}, {}] } })).toBe('N');
  });
  it('leaves the messages of variants-select and scarcity empty without locale data (the platform without CLDR)', () => {
    const item = { id: 'p', structuredContent: { variants: [{ attributes: { fit: 'a' } }, { attributes: { fit: 'b' } }], variantOptionOrdering: ['fit'] } };
    const out = html('{@|variants-select}', item, null);
    expect(out).toContain('<div class="variant-option-title">: </div>');
    expect(out).toContain('<option value=""></option>');
    expect(html('{@|variants-select}', item)).toContain('<option value="">Select fit</option>');
    // activate-twitter-links of a missing value is empty text, which a numeric formatter reads as NaN
    expect(html('{v|activate-twitter-links|mod}', {})).toBe('NaN');
  });
  it('passes a value that is not a product through product-scarcity', () => {
    expect(html('{@|product-scarcity}', { v: 1 }).trim()).toBe('');
    expect(html('{v|product-scarcity}', { v: 'abc' })).toBe('abc');
    expect(html('{v|product-scarcity}', { v: true })).toBe('true');
    expect(html('{v|product-scarcity|round}', {})).toBe('0');
  });
  it('passes a product without scarcity enabled through product-scarcity; enabled without views, nothing', () => {
    const item = { id: 'x', n: 7 };
    const withEntry = (entry: unknown) => ({ item, productMerchandisingContext: { x: entry } });
    expect(html('{item|product-scarcity|json}', { item })).toBe('{"id":"x","n":7}');
    expect(html('{item|product-scarcity|json}', withEntry({ scarcityEnabled: false }))).toBe('{"id":"x","n":7}');
    expect(html('{item|product-scarcity|json}', withEntry({ scarcityEnabled: 'yes', scarcityTemplateViews: [{}] }))).toBe('{"id":"x","n":7}');
    expect(html('{item|product-scarcity|json}', withEntry({ scarcityEnabled: true, scarcityTemplateViews: [] }))).toBe('""');
    expect(html('[{item|product-scarcity}]', { item })).toBe('[]');
  });
  it('switches to CLDR money with featureFlags.useCLDRMoneyFormat', () => {
    const data = { item: { structuredContent: { productType: 2, priceMoney: { value: '1234.5', currency: 'JPY' } } }, featureFlags: { useCLDRMoneyFormat: true } };
    expect(html('{item|product-price}', data)).toContain('¥1,234') // half to even;
  });
});

describe('money options', () => {
  const usd = { decimalValue: '0', currencyCode: 'USD' };
  it('freeIfZero needs a Free label', () => {
    expect(errors('{@|money freeIfZero}', usd)).toEqual(['freeIfZero requires a Free label']);
    expect(html('{@|money freeIfZero free:Free}', usd)).toBe('Free');
  });
  it('clamps digit options to 0..50', () => {
    const v = { decimalValue: '1.123456789012345678901234567', currencyCode: 'USD' };
    expect(html('{@|money maxfrac:99 minfrac:30}', v)).toBe('$1.123456789012345678901234567000');
    expect(html('{@|money maximumFractionDigits:-4}', v)).toBe('$1');
  });
  it('accepts the seven rounding modes and rejects others', () => {
    const v = { decimalValue: '2.345', currencyCode: 'USD' };
    expect(html('{@|money round:half-even}', v)).toBe('$2.34');
    expect(html('{@|money round:half-up}', v)).toBe('$2.35');
    expect(html('{@|money round:floor}', { decimalValue: '-2.341', currencyCode: 'USD' })).toBe('-$2.35');
    expect(errors('{@|money round:sideways}', v)[0]).toContain("Invalid rounding mode 'sideways'");
  });
  it('renders nothing without locale data, and nothing for a value that is not money with a currency', () => {
    expect(html('{@|money}', usd, null)).toBe('');
    expect(html('{@|money}', 'A')).toBe('');
    expect(html('{@|money}', 12.5)).toBe('');
    expect(html('{@|money}', { decimalValue: '12.5' })).toBe('');
  });
  it('reads {decimalValue, currencyCode} or else {value, currency}, never a mix (found against the reference)', () => {
    expect(html('{@|money}', { decimalValue: '1', value: '2', currencyCode: 'EUR', currency: 'USD' })).toBe('€1.00');
    expect(html('{@|money}', { value: '1', currency: 'USD', currencyCode: 'EUR' })).toBe('$1.00');
    expect(html('{@|money}', { value: '1', currencyCode: 'USD' })).toBe('');
    expect(html('{@|money}', { decimalValue: '1', currency: 'USD' })).toBe('');
    expect(html('{m|message v}', { m: '{0 money}', v: { value: '1', currencyCode: 'USD' } })).toBe('');
  });
  it('formats a currency that is there but no code with an empty symbol, and writes it as given in the code style', () => {
    for (const currencyCode of ['usd', 'XYZ', '', null, 5]) {
      expect(html('{@|money}', { decimalValue: '1234.5', currencyCode })).toBe('\u00a01,234.50');
      expect(html('{@|money style:accounting}', { decimalValue: '-1234.5', currencyCode })).toBe('(\u00a01,234.50)');
      expect(html('{@|money}', { decimalValue: '1234.5', currencyCode }, 'de-DE')).toBe('1.234,50\u00a0');
      expect(html('{@|money style:name}', { decimalValue: '1234.5', currencyCode })).toBe('1,234.50 ');
    }
    expect(html('{@|money style:code}', { decimalValue: '1', currencyCode: 'usd' })).toBe('1.00 usd');
    expect(html('{@|money}', { decimalValue: '1', currencyCode: 'XXX' })).toBe('¤1.00');
  });
  it('counts text with space around the cents as 0 in bookkeeper-money-format, as the platform', () => {
    for (const v of [' 1050', '1050 ', '\t5']) expect(html('{@|bookkeeper-money-format}', v)).toBe('$0.00');
    expect(html('{@|bookkeeper-money-format}', '+1050')).toBe('$10.50');
  });
  it('reads the digit options of decimal, with the currency digits as the default (found against the reference)', () => {
    const v = { decimalValue: '-1234.5', currencyCode: 'EUR' };
    expect(html('{@|money minfrac:3}', v)).toBe('-€1,234.500');
    expect(html('{@|money maxfrac:0}', v)).toBe('-€1,234');
    expect(html('{@|money minsig:2}', v)).toBe('-€1,234.5');
    expect(html('{@|money maxsig:3}', v)).toBe('-€1,230');
    expect(html('{@|money minint:6}', v)).toBe('-€001,234.50');
    expect(html('{@|money no-group}', v)).toBe('-€1234.50');
    expect(html('{@|money}', { decimalValue: '99.999', currencyCode: 'KWD' })).toBe('KWD\u00a099.999');
  });
  it('writes the code after the number, the narrow symbol on request, and rounds compact amounts half-even', () => {
    const v = { decimalValue: '-1234.5', currencyCode: 'EUR' };
    expect(html('{@|money style:code}', v)).toBe('-1,234.50 EUR');
    expect(html('{@|money symbol:narrow}', { decimalValue: '1000', currencyCode: 'SEK' })).toBe('kr\u00a01,000.00');
    expect(html('{@|money style:short}', { decimalValue: '12.50', currencyCode: 'EUR' })).toBe('€12');
    expect(html('{@|money style:name maxfrac:0}', v)).toBe('-1,234 euros');
  });
  it('reads a locale argument with a hyphen or an underscore (i18n-money-format)', () => {
    const v = { decimalValue: '1234.5', currencyCode: 'EUR' };
    expect(html('{@|i18n-money-format de_DE}', v)).toBe(html('{@|i18n-money-format de-DE}', v));
    expect(html('{@|i18n-money-format sv_SE}', v)).toBe('1\u00a0234,50€');
    expect(html('{@|bookkeeper-money-format}', 1250, 'en_GB')).toBe('£12.50');
  });
  it('hands the value on unchanged from the native money formatters without locale data (differential)', () => {
    for (const f of ['money-format', 'moneyFormat', 'money-string', 'i18n-money-format', 'i18n-money-format de-DE']) {
      expect(html(`{n|${f}}`, { n: 150 }, null)).toBe('150');
      expect(html(`{n|${f} ,"q"|json}`, { n: '0' }, null)).toBe('"0"');
      expect(html(`{n|${f}|json}`, { n: { value: '1.5', currency: 'EUR' } }, null)).toBe('{"value":"1.5","currency":"EUR"}');
    }
    expect(html('{x|round x y|money-format:a \'s\'}', { x: 0.2 }, null)).toBe('0');
    expect(html('{a.n.s|raw|money-string}', {}, null)).toBe('null');
    // with locale data they format, as before
    expect(html('{n|money-format}', { n: 150 })).toBe('1.50');
    expect(html('{n|money-string}', { n: 150 })).toBe('<span class="sqs-money-native">1.50</span>');
  });
  it('reads the page locale with a hyphen or an underscore', () => {
    const v = { decimalValue: '1234.5', currencyCode: 'EUR' };
    expect(html('{@|money}', v, 'de_DE')).toBe('1.234,50\u00a0€');
    expect(html('{@|money}', v, 'de-DE')).toBe('1.234,50\u00a0€');
    expect(html('{@|money}', { decimalValue: '1000', currencyCode: 'JPY' }, 'pl_PL')).toBe('1000\u00a0JPY');
  });
});

describe('labels and forms', () => {
  it("default labels: 'Add To Cart', 'Subscribe', 'Quick View', 'Quantity', 'Select Value', 'Select {variantName}'", () => {
    const item = physical([{ attributes: { Size: 'S' }, qtyInStock: 5 }, { attributes: { Size: 'M' }, qtyInStock: 5 }], { variantOptionOrdering: ['Size'] });
    expect(html('{@|add-to-cart-btn}', item)).toContain('>Add To Cart<');
    expect(html('{@|add-to-cart-btn}', { ...item, structuredContent: { ...item.structuredContent, isSubscribable: true } })).toContain('>Subscribe<');
    expect(html('{@|product-quick-view}', item)).toContain('>Quick View<');
    expect(html('{@|quantity-input}', item)).toContain('<div class="quantity-label">Quantity:</div>');
    expect(html('{@|variants-select}', item)).toContain('<option value="">Select Size</option>');
    const giftCard = { ...item, structuredContent: { ...item.structuredContent, productType: 4 } };
    expect(html('{@|variants-select}', giftCard)).toContain('<option value="">Select Value</option>');
  });
  it('keeps select labels attribute-safe', () => {
    const item = physical([{ attributes: { 'a"b': '1' } }, { attributes: { 'a"b': '2' } }], { variantOptionOrdering: ['a"b'] });
    expect(html('{@|variants-select}', item)).toContain('aria-label="Select a&quot;b"');
  });
  it('likert answers -2..2 and the N/A fallback', () => {
    const values = { a: '-2', b: '-1', c: '0', d: '1', e: '2' };
    const out = html('{@|summary-form-field}', { type: 'likert', rawTitle: 'Q', values });
    for (const word of ['Strongly Disagree', 'Disagree', 'Neutral', 'Agree', 'Strongly Agree']) expect(out).toContain(`</span> ${word}</div>`);
    expect(html('{@|summary-form-field}', { type: 'text', rawTitle: 'Q' })).toContain('</span> N/A\n');
    expect(html('{f|summary-form-field}', { f: { type: 'text', rawTitle: 'Q' }, localizedStrings: { productSummaryFormNoAnswerText: 'Sin respuesta' } })).toContain(
      '</span> Sin respuesta\n',
    );
  });
});
