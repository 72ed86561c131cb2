/**
 * The store's tables (drizzle, SQLite today). Kept portable to PostgreSQL: text ids, integer money in minor
 * units with a currency, booleans as integers, structured fields as JSON text.
 */
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

export const websites = sqliteTable('websites', {
  id: text('id').primaryKey(),
  title: text('title').notNull(),
  timeZone: text('time_zone').notNull().default('America/New_York'),
  currency: text('currency').notNull().default('USD'),
  /** Site settings of spec 001 §3 (commentsEnabled, storeSettings, captchaSettings…) as JSON. */
  settings: text('settings').notNull().default('{}'),
  /** Overrides of the storefront's localized strings, as JSON. */
  localizedStrings: text('localized_strings').notNull().default('{}'),
});

export const collections = sqliteTable(
  'collections',
  {
    id: text('id').primaryKey(),
    websiteId: text('website_id').notNull().references(() => websites.id),
    urlId: text('url_id').notNull(),
    title: text('title').notNull(),
    navigationTitle: text('navigation_title'),
    description: text('description').notNull().default(''),
    /** Collection type code (spec 001 §3: 1 generic, 13 products…). */
    type: integer('type').notNull(),
    enabled: integer('enabled', { mode: 'boolean' }).notNull().default(true),
    ordering: integer('ordering').notNull().default(0),
  },
  (t) => [uniqueIndex('collections_url').on(t.websiteId, t.urlId)],
);

export const products = sqliteTable(
  'products',
  {
    id: text('id').primaryKey(),
    collectionId: text('collection_id').notNull().references(() => collections.id),
    urlId: text('url_id').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    /** 1 physical, 2 digital, 3 service, 4 gift card. */
    productType: integer('product_type').notNull(),
    /** Digital products carry their price on the product. */
    priceCents: integer('price_cents'),
    salePriceCents: integer('sale_price_cents'),
    onSale: integer('on_sale', { mode: 'boolean' }).notNull().default(false),
    currency: text('currency').notNull().default('USD'),
    variantOptionOrdering: text('variant_option_ordering').notNull().default('[]'),
    isSubscribable: integer('is_subscribable', { mode: 'boolean' }).notNull().default(false),
    subscriptionPlan: text('subscription_plan'),
    useCustomAddButtonText: integer('use_custom_add_button_text', { mode: 'boolean' }).notNull().default(false),
    customAddButtonText: text('custom_add_button_text'),
    /** Scarcity, restock and sold-out text settings (productMerchandisingContext), as JSON. */
    merchandising: text('merchandising').notNull().default('{}'),
    additionalFieldsForm: text('additional_fields_form'),
    imageUrl: text('image_url'),
    ordering: integer('ordering').notNull().default(0),
  },
  (t) => [uniqueIndex('products_url').on(t.collectionId, t.urlId)],
);

export const variants = sqliteTable(
  'variants',
  {
    id: text('id').primaryKey(),
    productId: text('product_id').notNull().references(() => products.id),
    sku: text('sku').notNull(),
    /** Option name → value, as JSON, in the product's option order. */
    attributes: text('attributes').notNull().default('{}'),
    priceCents: integer('price_cents').notNull(),
    salePriceCents: integer('sale_price_cents').notNull().default(0),
    onSale: integer('on_sale', { mode: 'boolean' }).notNull().default(false),
    currency: text('currency').notNull().default('USD'),
    unlimited: integer('unlimited', { mode: 'boolean' }).notNull().default(false),
    qtyInStock: integer('qty_in_stock').notNull().default(0),
    ordering: integer('ordering').notNull().default(0),
  },
  (t) => [index('variants_product').on(t.productId)],
);

export const carts = sqliteTable('carts', {
  id: text('id').primaryKey(),
  createdAt: integer('created_at').notNull(),
  updatedAt: integer('updated_at').notNull(),
});

export const cartEntries = sqliteTable(
  'cart_entries',
  {
    id: text('id').primaryKey(),
    cartId: text('cart_id').notNull().references(() => carts.id),
    productId: text('product_id').notNull().references(() => products.id),
    variantId: text('variant_id').references(() => variants.id),
    quantity: integer('quantity').notNull(),
    additionalFields: text('additional_fields'),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('cart_entries_cart').on(t.cartId)],
);
