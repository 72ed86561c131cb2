/**
 * Choosing a variant by its option values (spec 000 §5 "Add to cart"), the one rule the server's form posts
 * and the browser islands share: every option of the product must be chosen, then the variant whose
 * attributes match all the chosen values is the one bought.
 */
import { ADD_TO_CART_MESSAGES, missingOptionsMessage } from './add-to-cart.js';
import { ProductType } from './products.js';

/** A variant as the item JSON carries it (`structuredContent.variants[n]`): only `attributes` is read. */
export interface OptionedVariant {
  readonly attributes?: Readonly<Record<string, unknown>> | null;
}

/** The product's part the rule reads: the item JSON's `structuredContent` fits as it is. */
export interface OptionedProduct<V extends OptionedVariant> {
  readonly variants: readonly V[];
  /** The option names in the order the product shows them; missing options are named in this order. */
  readonly variantOptionOrdering?: readonly string[] | null;
  /** A gift card's one option is its denomination, and it gets the spec's own message. */
  readonly productType?: number;
}

/** The chosen value per option name; an empty or blank value means the option was left unselected. */
export type ChosenOptions = Readonly<Record<string, string | null | undefined>>;

export type VariantChoice<V> = { readonly ok: true; readonly variant: V } | { readonly ok: false; readonly message: string; readonly missing?: readonly string[] };

const isBlank = (value: string | null | undefined) => value === undefined || value === null || value.trim() === '';

/**
 * The product's option names: its `variantOptionOrdering`, else the attribute names of its variants in the
 * order they first appear (a product saved without an ordering still has options).
 */
export function optionNames(product: OptionedProduct<OptionedVariant>): string[] {
  const ordering = product.variantOptionOrdering ?? [];
  if (ordering.length > 0) return [...ordering];
  const names: string[] = [];
  for (const v of product.variants) for (const name of Object.keys(v.attributes ?? {})) if (!names.includes(name)) names.push(name);
  return names;
}

/**
 * The variant the chosen option values name.
 * - Any option left empty: 'Please select the {option} option.' (the names in the product's order), or for a
 *   gift card 'Select a denomination for the Gift Card'.
 * - All chosen but no variant has exactly those values, or a value names an option the product does not
 *   have: 'Sorry, that item variant is unavailable. Please select another variant.'
 * A product without options and with one variant is that variant. Stock is not looked at here: the cart
 * checks it when adding.
 */
export function chooseVariant<V extends OptionedVariant>(product: OptionedProduct<V>, chosen: ChosenOptions): VariantChoice<V> {
  const names = optionNames(product);
  const unavailable = { ok: false, message: ADD_TO_CART_MESSAGES.variantUnavailable } as const;
  if (Object.keys(chosen).some((name) => !names.includes(name) && !isBlank(chosen[name]))) return unavailable;
  const missing = names.filter((name) => isBlank(chosen[name]));
  if (missing.length > 0) {
    // the missing names go along, for saying the message in another language (commerce/messages/rule-text.ts)
    if (product.productType === ProductType.GIFT_CARD) return { ok: false, message: ADD_TO_CART_MESSAGES.giftCardDenomination };
    return { ok: false, message: missingOptionsMessage(missing), missing };
  }
  if (names.length === 0) {
    const only = product.variants.length === 1 ? product.variants[0] : undefined;
    return only === undefined ? unavailable : { ok: true, variant: only };
  }
  const variant = product.variants.find((v) => names.every((name) => v.attributes?.[name] === chosen[name]));
  return variant === undefined ? unavailable : { ok: true, variant };
}
