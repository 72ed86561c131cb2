/** The merchant product API's answers as the admin's screens read them (server/merchant/products/queries.ts). */
export const PRODUCT_TYPES = ['physical', 'digital', 'service', 'gift-card', 'subscription', 'membership'] as const;
export type ProductTypeName = (typeof PRODUCT_TYPES)[number];

/** Digital products and memberships are priced on the product and have no variants. */
export const pricedOnProduct = (type: ProductTypeName) => type === 'digital' || type === 'membership';

export interface Variant {
  readonly id: string;
  readonly sku: string;
  readonly attributes: Record<string, string>;
  readonly priceCents: number;
  readonly salePriceCents: number;
  readonly onSale: boolean;
  readonly unlimited: boolean;
  readonly qtyInStock: number;
}

export interface Product {
  readonly id: string;
  readonly storeId: string;
  readonly url: string;
  readonly title: string;
  readonly description: string;
  readonly type: ProductTypeName;
  readonly archived: boolean;
  readonly currency: string;
  readonly price: { priceCents: number; salePriceCents: number; onSale: boolean } | null;
  readonly subscriptionPlan: unknown;
  /** The picture's address, null when none (server/merchant/pictures/). */
  readonly imageUrl: string | null;
  readonly options: { name: string; values: string[] }[];
  readonly variants: Variant[];
  /** A digital product's file (server/merchant/digital-files/), null when none. */
  readonly digitalFile: { readonly fileName: string; readonly contentType: string; readonly bytes: number } | null;
  /** The store page's category filter and the tag links. */
  readonly categories: string[];
  readonly tags: string[];
  /** The questions for the buyer (`{ name, fields }`), null when none. */
  readonly additionalFieldsForm: unknown;
}

export interface ProductPage {
  readonly products: Product[];
  readonly total: number;
  readonly page: number;
  readonly hasNextPage: boolean;
}
