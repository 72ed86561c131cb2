/**
 * The props each island is rendered with, built from the page context in the platform's shape (the item,
 * the cart, `websiteSettings`, `localizedStrings`, the crumb): the server renders the island with them and
 * the browser hydrates it with the same JSON.
 */
import { additionalForm } from '../../commerce/additional-fields.js';
import { captchaConfigOf, TEST_CAPTCHA_TOKEN } from '../forms/captcha.js';
import { type AddMode } from '../../commerce/add-to-cart.js';
import { installmentContextOf, installmentModalUrl } from '../../commerce/installments.js';
import { isRecord } from '../../commerce/json.js';
import { flag, isSoldOut, isSubscribable, neverRunsOut, productContent, productType, ProductType, showsQuantityInput, variantOptions, variantsOf } from '../../commerce/products.js';
import type { MessageKey } from '../../commerce/messages/en-US.js';
import { islandMessages } from '../../commerce/messages/island-messages.js';
import { ADD_REFUSAL_KEYS, CART_REFUSAL_KEYS, ruleMessages } from '../../commerce/messages/rule-wording.js';
import { translator } from '../../commerce/messages/translate.js';
import { fill } from '../../commerce/text.js';
import { variantViews } from '../../commerce/variant-view.js';
import { soldOut } from '../../engine/plugins/commerce/platform-product.js';
import { DEFAULT_LABELS, type LabelKey } from '../../engine/plugins/commerce/strings.js';
import { type BuyBoxState, PRICE_MESSAGES } from '../../hydrate/components/product-form.js';
import { RESTOCK_ERROR_CODES } from '../../hydrate/components/restock-form.js';
import { CART_LINES_MESSAGES } from '../../hydrate/components/cart-lines.js';
import { INSTALLMENT_MESSAGES } from '../../hydrate/components/installment-pill.js';
import type { IslandProps } from '../../hydrate/ssr.js';
import type { ShoppingCart } from '../../hydrate/cart-store.js';
import { lowestCurrentPrice } from '../commerce/product-page.js';

type Root = Record<string, unknown>;

const record = (v: unknown): Record<string, unknown> => (isRecord(v) ? v : {});
const str = (v: unknown, fallback = ''): string => (typeof v === 'string' && v !== '' ? v : fallback);

export const localeOf = (root: Root) => str(record(root['website'])['language'], 'en-US');

/** The labels the message catalogs hold (the rest keep the platform's English default). */
const LABEL_MESSAGES: Partial<Record<LabelKey, MessageKey>> = {
  productAddToCartText: 'product.addToCart',
  productSubscribeText: 'product.subscribe',
  productSoldOutText: 'product.soldOut',
  productSaleText: 'product.sale',
  productQuantityInputLabel: 'product.quantity',
};

/** A label: the store's own (`localizedStrings`), else the catalog's in the site's language, else the platform's default. */
function labelOf(root: Root, key: LabelKey): string {
  const message = LABEL_MESSAGES[key];
  return str(record(root['localizedStrings'])[key], message !== undefined ? translator(localeOf(root))(message) : DEFAULT_LABELS[key]);
}
export const currencyOf = (root: Root) => str(record(root['website'])['baseCurrency'], 'USD');
const storeSettings = (root: Root) => record(record(root['websiteSettings'])['storeSettings']);

function modeOf(item: unknown, root: Root): AddMode {
  if (isSubscribable(item)) return 'subscription';
  if (productType(item) === ProductType.GIFT_CARD) return 'gift-card';
  return storeSettings(root)['expressCheckout'] === true ? 'express' : 'cart';
}

const ACTIONS: Record<AddMode, string> = { cart: '/cart/add', express: '/cart/add', subscription: '/cart/subscribe', 'gift-card': '/cart/gift-card' };

function merchandisingOf(item: Root, root: Root): Root {
  const own = record(item['merchandising']);
  if (Object.keys(own).length > 0) return own;
  return record(record(root['productMerchandisingContext'])[String(item['id'])]);
}

/**
 * The buy box's state for this one request, from the page context's root `buyBox` (server/routes/
 * product-page-response.ts): `variantId` (the variant a plain post of a sold-out choice came back with) and what
 * a refused post had chosen and typed, with its errors. Null on every other page view.
 */
function buyBoxOf(item: Root, root: Root): (BuyBoxState & { variantId: string | null }) | null {
  const raw = root['buyBox'];
  if (!isRecord(raw)) return null;
  const variantId = typeof raw['variantId'] === 'string' ? raw['variantId'] : null;
  const variant = variantId === null ? undefined : variantViews(item).find((v) => v.id === variantId);
  const chosen = isRecord(raw['chosen']) ? (raw['chosen'] as Record<string, string>) : variant?.attributes;
  return {
    variantId: variant?.id ?? null,
    ...(chosen !== undefined ? { chosen } : {}),
    ...(typeof raw['quantity'] === 'string' ? { quantity: raw['quantity'] } : {}),
    ...(isRecord(raw['answers']) ? { answers: raw['answers'] as BuyBoxState['answers'] } : {}),
    ...(isRecord(raw['errors']) ? { errors: raw['errors'] as Record<string, string> } : {}),
  };
}

export function productFormProps(item: Root, root: Root): IslandProps['product-form'] {
  const sc = productContent(item);
  const mode = modeOf(item, root);
  const merchandising = merchandisingOf(item, root);
  const customAdd = flag(sc['useCustomAddButtonText']) ? str(sc['customAddButtonText']) : '';
  const giftCard = productType(item) === ProductType.GIFT_CARD;
  const ordering = Array.isArray(sc['variantOptionOrdering']) ? sc['variantOptionOrdering'].filter((n): n is string => typeof n === 'string') : [];
  const buyBox = buyBoxOf(item, root);
  const t = translator(localeOf(root));
  return {
    itemId: String(item['id']),
    productType: productType(item),
    currency: currencyOf(root),
    locale: localeOf(root),
    mode,
    action: ACTIONS[mode],
    crumb: str(root['crumb']),
    labels: {
      add: customAdd !== '' ? customAdd : labelOf(root, mode === 'subscription' ? 'productSubscribeText' : 'productAddToCartText'),
      soldOut: str(merchandising['customSoldOutText'], labelOf(root, 'productSoldOutText')),
      sale: labelOf(root, 'productSaleText'),
      quantity: labelOf(root, 'productQuantityInputLabel'),
      adding: t('addButton.adding'),
      added: t('addButton.added'),
      fewer: t('quantity.fewer', { subject: t('quantity.item') }),
      more: t('quantity.more', { subject: t('quantity.item') }),
      ok: t('alert.ok'),
      choose: t('form.choose'),
    },
    showQuantity: showsQuantityInput(item, root['websiteSettings']),
    options: variantOptions(item).map(({ name, values }) => ({
      name,
      selectText: giftCard ? labelOf(root, 'giftCardVariantSelectText') : fill(labelOf(root, 'productVariantSelectText'), { variantName: name }),
      values,
    })),
    variantOptionOrdering: ordering,
    variants: variantViews(item),
    scarcityText: merchandising['scarcityEnabled'] === true ? str(merchandising['scarcityText']) || null : null,
    additionalForm: additionalForm(sc['additionalFieldsForm']),
    messages: islandMessages(localeOf(root), PRICE_MESSAGES),
    refusals: ruleMessages(localeOf(root), ADD_REFUSAL_KEYS),
    ...(buyBox !== null ? { initial: { chosen: buyBox.chosen, quantity: buyBox.quantity, answers: buyBox.answers, errors: buyBox.errors } } : {}),
  };
}

/** Null when the product shows no instalment pill (provider off, not physical, no provider for the language). */
export function installmentPillProps(item: Root, root: Root): IslandProps['installment-pill'] | null {
  const context = installmentContextOf(item['installmentContext']);
  const price = lowestCurrentPrice(item);
  if (context === null || price === null || item['installmentPill'] === undefined) return null;
  return {
    itemId: String(item['id']),
    context,
    productType: productType(item),
    soldOut: isSoldOut(item),
    priceCents: Number(price.minor),
    currency: price.currency,
    modalUrl: installmentModalUrl(context, str(storeSettings(root)['installmentModalHost']) || undefined),
    messages: islandMessages(localeOf(root), INSTALLMENT_MESSAGES),
  };
}

export function cartPillProps(root: Root): IslandProps['cart-pill'] {
  return { currency: currencyOf(root), locale: localeOf(root), messages: islandMessages(localeOf(root), CART_PILL_MESSAGES) };
}

const CART_PILL_MESSAGES = ['cartPill.items', 'cartPill.linkName'] as const;

export function cartLinesProps(cart: Root, root: Root): IslandProps['cart-lines'] {
  return {
    cart: cart as unknown as ShoppingCart,
    currency: currencyOf(root),
    locale: localeOf(root),
    crumb: str(root['crumb']),
    messages: islandMessages(localeOf(root), CART_LINES_MESSAGES),
    refusals: ruleMessages(localeOf(root), CART_REFUSAL_KEYS),
  };
}

/**
 * The back-in-stock block's props; null when no variant is sold out. The variants are the merchandising
 * context's `restockNotificationViews` when it has them (a store with its own restock messages), else every
 * sold-out variant: our store offers the signup for any sold-out choice, with the block's default wording
 * where the product sets none (ours; the platform's default text is not shown).
 */
export function restockProps(item: Root, root: Root): IslandProps['restock'] | null {
  const merchandising = merchandisingOf(item, root);
  const raw = variantsOf(item);
  const views = merchandising['restockNotificationViews'];
  const soldOutIds = Array.isArray(views)
    ? views.filter(isRecord).map((v) => str(v['variantId']))
    : neverRunsOut(productType(item))
      ? []
      : raw.filter((v) => v['unlimited'] !== true && Number(v['qtyInStock']) <= 0).map((v) => str(v['id']));
  const labelOf = (variantId: string): string => {
    const v = raw.find((r) => r['id'] === variantId);
    const attributes = v === undefined ? {} : record(v['attributes']);
    const text = Object.values(attributes).filter((a): a is string => typeof a === 'string' && a !== '').join(' / ');
    return text !== '' ? text : str(v?.['sku'], variantId);
  };
  const variants = soldOutIds.filter((id) => id !== '').map((variantId) => ({ variantId, label: labelOf(variantId) }));
  if (variants.length === 0) return null;
  const messages = record(merchandising['restockNotificationMessages']);
  const settings = record(root['websiteSettings']);
  const chosen = buyBoxOf(item, root)?.variantId ?? null;
  const t = translator(localeOf(root));
  return {
    productId: String(item['id']),
    variants,
    productSoldOut: soldOut(item),
    ...(chosen !== null ? { chosenVariantId: chosen } : {}),
    // the product's own words, else the block's defaults in the site's language
    cta: str(messages['CTAText'], t('restock.cta')),
    placeholder: str(messages['placeholderText'], t('restock.emailLabel')),
    button: str(messages['buttonText'], t('restock.signUp')),
    mailingListDescription: str(messages['mailingListDescription']),
    mailingList: merchandising['mailingListSignUpEnabled'] === true,
    optIn: merchandising['mailingListOptInByDefault'] === true,
    captchaSiteKey: str(record(settings['captchaSettings'])['siteKey']),
    // the test provider's widget is a checkbox carrying its token (docs/storefront.md "Captcha widget")
    ...(captchaConfigOf(settings['captchaSettings']).provider.name === 'test' ? { captchaTestToken: TEST_CAPTCHA_TOKEN } : {}),
    successText: str(storeSettings(root)['restockSuccessText']).trim() === '' ? translator(localeOf(root))('restock.signedUp') : str(storeSettings(root)['restockSuccessText']),
    variantLabel: t('restock.variant'),
    crumb: str(root['crumb']),
    outcome: restockOutcomeOf(root['restockOutcome']),
    messages: islandMessages(localeOf(root), RESTOCK_ERROR_CODES),
  };
}

/** How a plain signup went (`?restock=signed-up|error&message=`), shown in the block; null otherwise. */
function restockOutcomeOf(value: unknown): { kind: 'done' | 'error'; message: string } | null {
  if (!isRecord(value) || typeof value['message'] !== 'string') return null;
  return { kind: value['kind'] === 'signed-up' ? 'done' : 'error', message: value['message'] };
}
