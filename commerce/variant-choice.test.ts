import { describe, expect, it } from 'vitest';
import { ADD_TO_CART_MESSAGES } from './add-to-cart.js';
import { chooseVariant, optionNames } from './variant-choice.js';

const shirt = {
  variantOptionOrdering: ['Color', 'Size', 'Fit'],
  variants: [
    { id: 'a', attributes: { Color: 'Navy', Size: 'XL', Fit: 'Slim' } },
    { id: 'b', attributes: { Color: 'Navy', Size: 'M', Fit: 'Slim' } },
    { id: 'c', attributes: { Color: 'Olive', Size: 'XL', Fit: 'Loose' } },
  ],
};

describe('chooseVariant', () => {
  it('picks the variant whose attributes match every chosen value', () => {
    expect(chooseVariant(shirt, { Color: 'Navy', Size: 'XL', Fit: 'Slim' })).toEqual({ ok: true, variant: shirt.variants[0] });
    expect(chooseVariant(shirt, { Fit: 'Loose', Size: 'XL', Color: 'Olive' })).toEqual({ ok: true, variant: shirt.variants[2] });
  });

  it('names the options left empty, in the product order', () => {
    expect(chooseVariant(shirt, { Color: 'Navy', Size: '', Fit: 'Slim' })).toEqual({ ok: false, message: 'Please select the Size option.', missing: ['Size'] });
    expect(chooseVariant(shirt, { Fit: 'Slim' })).toEqual({ ok: false, message: 'Please select the Color and Size options.', missing: ['Color', 'Size'] });
    expect(chooseVariant(shirt, { Color: ' ', Size: null, Fit: undefined })).toEqual({ ok: false, message: 'Please select the Color, Size and Fit options.', missing: ['Color', 'Size', 'Fit'] });
  });

  it('refuses a combination no variant has, and a value for an option the product does not have', () => {
    const unavailable = { ok: false, message: 'Sorry, that item variant is unavailable. Please select another variant.' };
    expect(chooseVariant(shirt, { Color: 'Olive', Size: 'M', Fit: 'Slim' })).toEqual(unavailable);
    expect(chooseVariant(shirt, { Color: 'navy', Size: 'XL', Fit: 'Slim' })).toEqual(unavailable);
    expect(chooseVariant(shirt, { Color: 'Navy', Size: 'XL', Fit: 'Slim', Sleeve: 'Long' })).toEqual(unavailable);
  });

  it('asks a gift card for its denomination', () => {
    const card = { productType: 4, variantOptionOrdering: ['Value'], variants: [{ attributes: { Value: '25' } }, { attributes: { Value: '50' } }] };
    expect(chooseVariant(card, { Value: '' })).toEqual({ ok: false, message: ADD_TO_CART_MESSAGES.giftCardDenomination });
    expect(chooseVariant(card, { Value: '50' })).toEqual({ ok: true, variant: card.variants[1] });
  });

  it('takes the option names from the attributes when the product has no ordering, and the one variant of a product without options', () => {
    const candles = { variants: [{ attributes: { Scent: 'Fig' } }, { attributes: { Scent: 'Cedar' } }] };
    expect(optionNames(candles)).toEqual(['Scent']);
    expect(chooseVariant(candles, {})).toEqual({ ok: false, message: 'Please select the Scent option.', missing: ['Scent'] });
    expect(chooseVariant(candles, { Scent: 'Cedar' })).toEqual({ ok: true, variant: candles.variants[1] });
    const apron = { variantOptionOrdering: [], variants: [{ attributes: {} }] };
    expect(chooseVariant(apron, {})).toEqual({ ok: true, variant: apron.variants[0] });
    expect(chooseVariant({ variants: [] }, {}).ok).toBe(false);
  });
});
