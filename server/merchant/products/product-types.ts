/**
 * The merchant's product types (issue 26: physical, digital, service, gift card, subscription, membership) and
 * how the store keeps them. The store has the platform's type codes (commerce/products.ts `ProductType`: 1
 * physical, 2 digital, 3 service, 4 gift card, 5 paywall pass); a subscription is a physical product with
 * `isSubscribable` and a plan (as the demo's coffee subscription), and a membership is the paywall pass that a
 * member area's access-denied page sells. Digital products and memberships carry their price on the product and
 * have no variants; the others are priced by their variants.
 */
import { ProductType, pricedOnProduct } from '../../../commerce/products.js';

export const PRODUCT_TYPES = ['physical', 'digital', 'service', 'gift-card', 'subscription', 'membership'] as const;
export type ProductTypeName = (typeof PRODUCT_TYPES)[number];

const CODES: Readonly<Record<ProductTypeName, number>> = {
  physical: ProductType.PHYSICAL,
  digital: ProductType.DIGITAL,
  service: ProductType.SERVICE,
  'gift-card': ProductType.GIFT_CARD,
  subscription: ProductType.PHYSICAL,
  membership: ProductType.PAYWALL,
};

/** The stored fields of a type: its code and whether it is sold by subscription. */
export function storedType(type: ProductTypeName): { productType: number; isSubscribable: boolean } {
  return { productType: CODES[type], isSubscribable: type === 'subscription' };
}

/** The type's name for a stored product (a subscribable product is a subscription whatever its code). */
export function typeName(row: { productType: number; isSubscribable: boolean }): ProductTypeName {
  if (row.isSubscribable) return 'subscription';
  const name = PRODUCT_TYPES.find((t) => t !== 'subscription' && CODES[t] === row.productType);
  return name ?? 'physical';
}

/** Priced on the product, without variants: digital products and memberships. */
export const isPricedOnProduct = (type: ProductTypeName): boolean => pricedOnProduct(CODES[type]);

/** The type's label in messages ("gift card"). */
export const typeLabel = (type: ProductTypeName): string => type.replace('-', ' ');

/**
 * Types a product may change to once created: only between physical and subscription (same variants, same
 * shipping). Any other change would leave orders, stock or prices meaning something else, so the platform's
 * editor does not offer it either; the merchant creates a new product instead.
 */
export function canChangeType(from: ProductTypeName, to: ProductTypeName): boolean {
  if (from === to) return true;
  const shipped = new Set<ProductTypeName>(['physical', 'subscription']);
  return shipped.has(from) && shipped.has(to);
}
