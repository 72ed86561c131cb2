/**
 * The product blocks: status mark, add-to-cart button, variant selects, quantity input, scarcity and
 * restock notices, quick view, the whole checkout box and the variant descriptor. Each builds a view from the
 * item and renders its built-in template from `markup.ts`.
 */
import { flag, multipleQuantityAllowedForServices } from '../../../commerce/products.js';
import { isObject, isTruthy, readsTrue, toNumber, toText } from '../../values.js';
import { field, text } from '../content/scalars.js';
import type { Formatter, PluginContext } from '../types.js';
import {
  ADD_TO_CART_BUTTON,
  PRODUCT_CHECKOUT,
  PRODUCT_SCARCITY,
  PRODUCT_STATUS,
  QUANTITY_INPUT,
  QUICK_VIEW_BUTTON,
  RESTOCK_NOTIFICATION,
  VARIANTS_SELECT,
} from './markup.js';
import { contentOf, GIFT_CARD, isSubscribableProduct, onSale, PHYSICAL, selectOptions, SERVICE, soldOut, typeOf, variantEntries } from './platform-product.js';
import { DEFAULT_LABELS, fill, label, type LabelKey, localizedString } from './strings.js';

type Json = Record<string, unknown>;

/** The merchandising settings of this product (`productMerchandisingContext[item.id]`). */
function merchandising(ctx: PluginContext, item: unknown): Json {
  const all = ctx.resolve('productMerchandisingContext');
  const own = isObject(all) ? all[text(field(item, 'id'))] : undefined;
  return isObject(own) ? own : {};
}

const productStatus: Formatter = {
  name: 'product-status',
  format(item, _args, ctx) {
    if (soldOut(item)) {
      const custom = merchandising(ctx, item)['customSoldOutText'];
      const soldOut = typeof custom === 'string' && custom !== '' ? custom : label(ctx, 'productSoldOutText');
      return ctx.renderBuiltin(PRODUCT_STATUS, { soldOut });
    }
    return onSale(item) ? ctx.renderBuiltin(PRODUCT_STATUS, { sale: label(ctx, 'productSaleText') }) : '';
  },
};

/** A label as the platform's templates print it: the page's translation when it is truthy (of any type), else the default. */
function labelValue(ctx: PluginContext, key: LabelKey): unknown {
  const translated = field(ctx.resolve('localizedStrings'), key);
  return isTruthy(translated) ? translated : DEFAULT_LABELS[key];
}

/**
 * The platform's template reads the item's fields as variables: a field the value lacks is looked up in the
 * scopes around the tag (a missing item reads the page's own `id` and `structuredContent`), hence `scoped`.
 * Fields print as a variable prints them (a list joined with commas); flags are read by truthiness.
 */
const addToCartButton: Formatter = {
  name: 'add-to-cart-btn',
  scoped: 'always',
  format(_item, _args, ctx) {
    const sc = (key: string) => ctx.resolvePath(['structuredContent', key]);
    const subscribable = sc('isSubscribable');
    const custom = sc('customAddButtonText');
    const form = sc('additionalFieldsForm');
    const subscription = isTruthy(subscribable);
    // The first option's id shows for any non-empty text, list or object of options (not for a number or a flag).
    const options = sc('productSubscriptionOptions');
    const listed = isTruthy(options) && (typeof options === 'string' || typeof options === 'object');
    const optionId = subscription && listed ? { text: toText(ctx.resolvePath(['structuredContent', 'productSubscriptionOptions', '0', 'id'])) } : undefined;
    return ctx.renderBuiltin(ADD_TO_CART_BUTTON, {
      id: toText(ctx.resolve('id')),
      collectionId: toText(ctx.resolve('collectionId')),
      productType: toText(sc('productType')),
      useCustomLabel: toText(sc('useCustomAddButtonText')),
      subscription: subscription ? { text: toText(subscribable) } : undefined,
      label: isTruthy(sc('useCustomAddButtonText')) && isTruthy(custom) ? custom : labelValue(ctx, subscription ? 'productSubscribeText' : 'productAddToCartText'),
      form: isTruthy(sc('additionalFieldsFormId')) && isTruthy(form) ? JSON.stringify(form) : '',
      optionId,
    });
  },
};

/**
 * Attribute text that keeps `&` as written (the platform prints select labels that way) but can never end
 * the attribute or open a tag.
 */
function attributeSafe(s: string): string {
  return s.replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

const variantsSelect: Formatter = {
  name: 'variants-select',
  format(item, _args, ctx) {
    const options = selectOptions(item);
    // Nothing to choose leaves the value missing (`raw` prints null, `round` 0), as on the platform.
    if (options.length === 0) return undefined;
    const sc = contentOf(item);
    const giftCard = typeOf(item) === GIFT_CARD;
    const plan = sc['subscriptionPlan'];
    return ctx.renderBuiltin(VARIANTS_SELECT, {
      id: text(field(item, 'id')),
      variants: JSON.stringify(sc['variants']),
      // The flag is read by truthiness; the plan is written as JSON whatever it is (nothing when missing).
      subscription: isTruthy(sc['isSubscribable']) ? { plan: plan === undefined ? '' : JSON.stringify(plan) } : undefined,
      options: options.map(({ name, values }) => {
        // Without locale data the platform formats no message: the title and the select texts are empty.
        const silent = ctx.locale === null;
        const selectText = silent
          ? ''
          : giftCard
            ? label(ctx, 'giftCardVariantSelectText')
            : fill(label(ctx, 'productVariantSelectText'), { variantName: name });
        return {
          name,
          values,
          title: silent ? '' : giftCard ? localizedString(ctx, 'giftCardValueDisplayText', name) : name,
          selectText,
          ariaLabel: attributeSafe(selectText),
        };
      }),
    });
  },
};

/**
 * The quantity input shows for physical products, or services when the store allows several, that are not
 * sold by subscription, when any variant is unlimited or the stock of all variants adds up to more than one
 * (a negative count subtracts; a count that is no number makes the total NaN, which shows it), the product
 * read as its templates read it (platform-product.ts).
 */
function showsQuantity(item: unknown, settings: unknown): boolean {
  const type = typeOf(item);
  const kindAllows = type === PHYSICAL || (type === SERVICE && multipleQuantityAllowedForServices(settings));
  if (!kindAllows || isSubscribableProduct(item)) return false;
  let total = 0;
  for (const v of variantEntries(item)) {
    if (isTruthy(field(v, 'unlimited'))) return true;
    total += toNumber(field(v, 'qtyInStock'));
  }
  // Hidden only for a total of at most one: stock that is no number (NaN) shows it, as on the platform.
  return !(total <= 1);
}

/** Scoped for the item's `id`, which the platform's template reads as a variable (see add-to-cart-btn). */
const quantityInput: Formatter = {
  name: 'quantity-input',
  scoped: 'always',
  format(item, _args, ctx) {
    if (!showsQuantity(item, ctx.resolve('websiteSettings'))) return undefined;
    return ctx.renderBuiltin(QUANTITY_INPUT, { id: toText(ctx.resolve('id')), label: labelValue(ctx, 'productQuantityInputLabel') });
  },
};

const productScarcity: Formatter = {
  name: 'product-scarcity',
  format(item, _args, ctx) {
    // A value that is not a product passes through unchanged (missing and null as missing), as on the platform.
    if (item === undefined || item === null) return undefined;
    if (typeof item !== 'object' || Array.isArray(item)) return item;
    const m = merchandising(ctx, item);
    const views = m['scarcityTemplateViews'];
    // Enabled as a comparison reads a boolean (true, "true", a whole non-zero number); every entry is a view.
    // Not enabled (no merchandising entry at all, say): the product passes through, as on the platform;
    // enabled with no views: nothing.
    if (!readsTrue(m['scarcityEnabled'])) return item;
    if (!Array.isArray(views) || views.length === 0) return '';
    const template = typeof m['scarcityText'] === 'string' ? m['scarcityText'] : '';
    return ctx.renderBuiltin(PRODUCT_SCARCITY, {
      views: views.map((v) => {
        const attributes = field(v, 'attributes');
        // A view for some variants (any truthy attributes, written as JSON) starts hidden; one for all shows.
        const forVariants = isTruthy(attributes);
        return {
          attributes: forVariants ? JSON.stringify(attributes) : '',
          hidden: forVariants,
          // Without locale data the platform formats no message: the block stays, its text is empty.
          text: ctx.locale === null ? '' : fill(template, { qtyInStock: text(field(v, 'qtyInStock')) }),
        };
      }),
    });
  },
};

const restockNotification: Formatter = {
  name: 'product-restock-notification',
  format(item, _args, ctx) {
    const m = merchandising(ctx, item);
    const views = m['restockNotificationViews'];
    // No view still prints the platform template's six line breaks.
    if (!Array.isArray(views) || views.length === 0) return '\n'.repeat(6);
    const messages = isObject(m['restockNotificationMessages']) ? m['restockNotificationMessages'] : {};
    // As on the platform, the captcha container shows when the site has a captcha site key, read from
    // `website.captchaSettings` (the key itself is not written into the markup: the page's script has it).
    const website = ctx.resolve('website');
    const captcha = isObject(website) ? field(website['captchaSettings'], 'siteKey') : undefined;
    const shared = {
      productId: text(field(item, 'id')),
      cta: text(messages['CTAText']),
      placeholder: text(messages['placeholderText']),
      button: text(messages['buttonText']),
      mailingListDescription: text(messages['mailingListDescription']),
      mailingList: isTruthy(m['mailingListSignUpEnabled']),
      optIn: isTruthy(m['mailingListOptInByDefault']),
      captcha: isTruthy(captcha),
    };
    return ctx.renderBuiltin(RESTOCK_NOTIFICATION, {
      // Every entry is a view (null, a number: one without a variant), its fields read as the template prints them.
      views: views.map((v) => ({ ...shared, variantId: toText(field(v, 'variantId')), hidden: isTruthy(field(v, 'hiddenByDefault')) })),
    });
  },
};

/**
 * `{item|product-quick-view group}`: the group is the variable of that name (one key, not a path) as text (a
 * list, an object or null print empty), or the word itself when there is no such variable; without a word,
 * the variable named by the empty key. Scoped: the item is looked in first (`@` is the item itself), as on the
 * platform (differential).
 */
const productQuickView: Formatter = {
  name: 'product-quick-view',
  scoped: true,
  format(item, args, ctx) {
    const name = args[0] ?? '';
    const v = ctx.resolvePath([name]);
    const group = v === undefined ? name : text(v);
    return ctx.renderBuiltin(QUICK_VIEW_BUTTON, { id: text(field(item, 'id')), group, label: labelValue(ctx, 'productQuickViewText') });
  },
};

const productCheckout: Formatter = {
  name: 'product-checkout',
  // Its parts see a value that is not a product as an empty one (product-scarcity would pass it through); a field
  // that value lacks is looked up from the tag's own value outward, as on the platform (`{b|json|product-checkout}`
  // names b's id).
  scoped: true,
  format: (item, _args, ctx) => ctx.renderBuiltin(PRODUCT_CHECKOUT, isObject(item) ? item : {}),
};

/** "blue / large": the option values of a variant (or cart entry). */
const variantDescriptor: Formatter = {
  name: 'variant-descriptor',
  format(variant) {
    const values = field(variant, 'optionValues');
    if (!Array.isArray(values)) return '';
    return values.map((o) => text(field(o, 'value'))).join(' / ');
  },
};

export const PRODUCT_FORMATTERS: Formatter<any>[] = [
  productStatus,
  addToCartButton,
  variantsSelect,
  quantityInput,
  productScarcity,
  restockNotification,
  productQuickView,
  productCheckout,
  variantDescriptor,
];
