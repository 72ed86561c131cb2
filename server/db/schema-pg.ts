/**
 * The store's tables in PostgreSQL (drizzle pg-core): the twin of `schema.ts`, table for table and column for
 * column, kept equal by `schema-drift.test.ts`. What differs is only how a type is spelled: money is `bigint` cents
 * (read as a JS number), times are `timestamptz` (read and written as epoch milliseconds, so code sees the same
 * numbers as on SQLite), flags are real booleans, structured fields stay JSON text (the code parses them itself).
 * The exported names are those of `schema.ts`, so a store interface can be written once over either.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, customType, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';

/** The ISO-8601 text a timestamptz arrives as (session time zone UTC) or a Date, to epoch milliseconds. */
export function timestamptzToMs(value: unknown): number {
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'number') return value;
  // `2026-11-27 03:04:05.123+00`: PostgreSQL's text form; Date.parse wants a `T` and a `+00:00` offset
  const iso = String(value)
    .replace(' ', 'T')
    .replace(/([+-]\d\d)$/, '$1:00');
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) throw new Error(`not a timestamp: ${String(value)}`);
  return ms;
}

/** `timestamptz`, seen by the code as epoch milliseconds (what SQLite's integer columns hold). */
const epochMs = customType<{ data: number; driverData: string }>({
  dataType: () => 'timestamp with time zone',
  toDriver: (ms) => new Date(ms).toISOString(),
  fromDriver: timestamptzToMs,
});

/** Integer cents and other numbers past 2^31 (client epoch times), read as JS numbers. */
const bigNumber = (name: string) => bigint(name, { mode: 'number' });

export const websites = pgTable('websites', {
  id: text('id').primaryKey(),
  title: text('title').notNull(),
  timeZone: text('time_zone').notNull().default('America/New_York'),
  currency: text('currency').notNull().default('USD'),
  settings: text('settings').notNull().default('{}'),
  localizedStrings: text('localized_strings').notNull().default('{}'),
});

export const collections = pgTable(
  'collections',
  {
    id: text('id').primaryKey(),
    websiteId: text('website_id').notNull().references(() => websites.id),
    urlId: text('url_id').notNull(),
    title: text('title').notNull(),
    navigationTitle: text('navigation_title'),
    description: text('description').notNull().default(''),
    type: integer('type').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    ordering: integer('ordering').notNull().default(0),
    body: text('body').notNull().default(''),
    settings: text('settings').notNull().default('{}'),
  },
  (t) => [uniqueIndex('collections_url').on(t.websiteId, t.urlId)],
);

export const products = pgTable(
  'products',
  {
    id: text('id').primaryKey(),
    collectionId: text('collection_id').notNull().references(() => collections.id),
    urlId: text('url_id').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    productType: integer('product_type').notNull(),
    priceCents: bigNumber('price_cents'),
    salePriceCents: bigNumber('sale_price_cents'),
    onSale: boolean('on_sale').notNull().default(false),
    currency: text('currency').notNull().default('USD'),
    variantOptionOrdering: text('variant_option_ordering').notNull().default('[]'),
    isSubscribable: boolean('is_subscribable').notNull().default(false),
    subscriptionPlan: text('subscription_plan'),
    useCustomAddButtonText: boolean('use_custom_add_button_text').notNull().default(false),
    customAddButtonText: text('custom_add_button_text'),
    merchandising: text('merchandising').notNull().default('{}'),
    additionalFieldsForm: text('additional_fields_form'),
    imageUrl: text('image_url'),
    featured: boolean('featured').notNull().default(false),
    archived: boolean('archived').notNull().default(false),
    ordering: integer('ordering').notNull().default(0),
    categories: text('categories').notNull().default('[]'),
    tags: text('tags').notNull().default('[]'),
    digitalFile: text('digital_file'),
  },
  (t) => [uniqueIndex('products_url').on(t.collectionId, t.urlId)],
);

export const variants = pgTable(
  'variants',
  {
    id: text('id').primaryKey(),
    productId: text('product_id').notNull().references(() => products.id),
    sku: text('sku').notNull(),
    attributes: text('attributes').notNull().default('{}'),
    priceCents: bigNumber('price_cents').notNull(),
    salePriceCents: bigNumber('sale_price_cents').notNull().default(0),
    onSale: boolean('on_sale').notNull().default(false),
    currency: text('currency').notNull().default('USD'),
    unlimited: boolean('unlimited').notNull().default(false),
    qtyInStock: integer('qty_in_stock').notNull().default(0),
    weightGrams: integer('weight_grams'),
    ordering: integer('ordering').notNull().default(0),
  },
  (t) => [index('variants_product').on(t.productId), check('variants_stock_not_negative', sql`${t.qtyInStock} >= 0`)],
);

export const carts = pgTable('carts', {
  id: text('id').primaryKey(),
  kind: text('kind').notNull().default('standard'),
  orderId: text('order_id'),
  createdAt: epochMs('created_at').notNull(),
  updatedAt: epochMs('updated_at').notNull(),
});

export const cartEntries = pgTable(
  'cart_entries',
  {
    id: text('id').primaryKey(),
    cartId: text('cart_id').notNull().references(() => carts.id),
    productId: text('product_id').notNull().references(() => products.id),
    variantId: text('variant_id').references(() => variants.id),
    quantity: integer('quantity').notNull(),
    additionalFields: text('additional_fields'),
    createdAt: epochMs('created_at').notNull(),
  },
  (t) => [index('cart_entries_cart').on(t.cartId)],
);

export const categories = pgTable(
  'categories',
  {
    id: text('id').primaryKey(),
    collectionId: text('collection_id').notNull().references(() => collections.id),
    displayName: text('display_name').notNull(),
    parentCategoryId: text('parent_category_id'),
    type: text('type').notNull(),
    pageRendering: text('page_rendering').notNull().default('LIST_VIEW'),
    displayIndex: integer('display_index').notNull().default(1),
  },
  (t) => [index('categories_collection').on(t.collectionId)],
);

export const records = pgTable(
  'records',
  {
    id: text('id').primaryKey(),
    collectionId: text('collection_id').notNull().references(() => collections.id),
    urlId: text('url_id').notNull(),
    recordType: integer('record_type').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    excerpt: text('excerpt').notNull().default(''),
    authorName: text('author_name'),
    categories: text('categories').notNull().default('[]'),
    tags: text('tags').notNull().default('[]'),
    publishOn: epochMs('publish_on').notNull(),
    startDate: epochMs('start_date'),
    endDate: epochMs('end_date'),
    assetUrl: text('asset_url'),
    commentState: integer('comment_state').notNull().default(0),
    publicCommentCount: integer('public_comment_count').notNull().default(0),
    likeCount: integer('like_count').notNull().default(0),
    starred: boolean('starred').notNull().default(false),
    data: text('data').notNull().default('{}'),
    ordering: integer('ordering').notNull().default(0),
  },
  (t) => [uniqueIndex('records_url').on(t.collectionId, t.urlId)],
);

export const orders = pgTable(
  'orders',
  {
    id: text('id').primaryKey(),
    websiteId: text('website_id').notNull().references(() => websites.id),
    orderNumber: integer('order_number').notNull(),
    purchasedCartId: text('purchased_cart_id').notNull().references(() => carts.id),
    testMode: boolean('test_mode').notNull().default(true),
    email: text('email').notNull(),
    customer: text('customer').notNull().default('{}'),
    items: text('items').notNull(),
    currency: text('currency').notNull(),
    subtotalCents: bigNumber('subtotal_cents').notNull(),
    taxCents: bigNumber('tax_cents').notNull(),
    shippingCents: bigNumber('shipping_cents').notNull(),
    discountCents: bigNumber('discount_cents').notNull(),
    grandTotalCents: bigNumber('grand_total_cents').notNull(),
    createdAt: epochMs('created_at').notNull(),
    siteUserId: text('site_user_id'),
    fulfilledAt: epochMs('fulfilled_at'),
    shippingCarrier: text('shipping_carrier'),
    trackingNumber: text('tracking_number'),
    cancelledAt: epochMs('cancelled_at'),
  },
  (t) => [
    index('orders_created').on(t.websiteId, t.createdAt, t.currency, t.grandTotalCents),
    index('orders_site_user').on(t.siteUserId),
    uniqueIndex('orders_number').on(t.websiteId, t.orderNumber),
  ],
);

export const orderNotes = pgTable(
  'order_notes',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id').notNull().references(() => orders.id),
    websiteId: text('website_id').notNull().references(() => websites.id),
    author: text('author').notNull(),
    body: text('body').notNull(),
    createdAt: epochMs('created_at').notNull(),
  },
  (t) => [index('order_notes_order').on(t.orderId, t.createdAt)],
);

export const forms = pgTable('forms', {
  id: text('id').primaryKey(),
  websiteId: text('website_id').notNull().references(() => websites.id),
  name: text('name').notNull(),
  fields: text('fields').notNull().default('[]'),
  submissionMessage: text('submission_message').notNull().default(''),
  submissionHtml: text('submission_html').notNull().default(''),
  successRedirect: text('success_redirect'),
  disclaimerMessage: text('disclaimer_message').notNull().default(''),
  captchaEnabled: boolean('captcha_enabled').notNull().default(false),
  captchaTheme: text('captcha_theme').notNull().default('light'),
  captchaAlignment: text('captcha_alignment').notNull().default('left'),
});

export const formSubmissions = pgTable(
  'form_submissions',
  {
    id: text('id').primaryKey(),
    formId: text('form_id').notNull().references(() => forms.id),
    data: text('data').notNull(),
    meta: text('meta').notNull().default('{}'),
    createdAt: epochMs('created_at').notNull(),
  },
  (t) => [index('form_submissions_form').on(t.formId), index('form_submissions_created').on(t.createdAt, t.formId)],
);

export const formSubmissionKeys = pgTable(
  'form_submission_keys',
  {
    keyHash: text('key_hash').primaryKey(),
    createdAt: epochMs('created_at').notNull(),
    expiresAt: epochMs('expires_at').notNull(),
  },
  (t) => [index('form_submission_keys_expiry').on(t.expiresAt)],
);

export const restockSignups = pgTable(
  'restock_signups',
  {
    id: text('id').primaryKey(),
    websiteId: text('website_id').notNull().references(() => websites.id),
    productId: text('product_id').notNull().references(() => products.id),
    variantId: text('variant_id').notNull().references(() => variants.id),
    email: text('email').notNull(),
    isJoinMailingList: boolean('is_join_mailing_list').notNull().default(false),
    language: text('language'),
    createdAt: epochMs('created_at').notNull(),
    notifiedAt: epochMs('notified_at'),
  },
  (t) => [uniqueIndex('restock_signups_variant_email').on(t.variantId, t.email), index('restock_signups_group').on(t.productId, t.variantId), index('restock_signups_created').on(t.websiteId, t.createdAt)],
);

export const outboxEmails = pgTable(
  'outbox_emails',
  {
    id: text('id').primaryKey(),
    websiteId: text('website_id').notNull().references(() => websites.id),
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    bodyText: text('body_text').notNull(),
    bodyHtml: text('body_html'),
    language: text('language'),
    related: text('related').notNull().default('{}'),
    createdAt: epochMs('created_at').notNull(),
    sentAt: epochMs('sent_at'),
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: epochMs('next_attempt_at'),
    lastError: text('last_error'),
    claimId: text('claim_id'),
    leaseExpiresAt: epochMs('lease_expires_at'),
  },
  (t) => [index('outbox_emails_due').on(t.status, t.nextAttemptAt, t.createdAt), index('outbox_emails_site').on(t.websiteId, t.createdAt)],
);

export const siteDocuments = pgTable(
  'site_documents',
  {
    websiteId: text('website_id').notNull().references(() => websites.id),
    name: text('name').notNull(),
    value: text('value').notNull(),
    updatedAt: epochMs('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.name] })],
);

export const contributors = pgTable(
  'contributors',
  {
    id: text('id').primaryKey(),
    websiteId: text('website_id').notNull().references(() => websites.id),
    email: text('email').notNull(),
    displayName: text('display_name').notNull(),
    passwordHash: text('password_hash').notNull(),
    roles: text('roles').notNull().default('[]'),
    createdAt: epochMs('created_at').notNull(),
  },
  (t) => [uniqueIndex('contributors_email').on(t.websiteId, t.email)],
);

/** Invitations to help run the site: schema.ts says more. */
export const contributorInvitations = pgTable(
  'contributor_invitations',
  {
    id: text('id').primaryKey(),
    websiteId: text('website_id').notNull().references(() => websites.id),
    email: text('email').notNull(),
    roles: text('roles').notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: text('invited_by').notNull(),
    createdAt: epochMs('created_at').notNull(),
    expiresAt: epochMs('expires_at').notNull(),
    acceptedAt: epochMs('accepted_at'),
  },
  (t) => [uniqueIndex('contributor_invitations_token').on(t.tokenHash), index('contributor_invitations_site').on(t.websiteId, t.email)],
);

export const ownerSessions = pgTable('owner_sessions', {
  tokenHash: text('token_hash').primaryKey(),
  contributorId: text('contributor_id').notNull().references(() => contributors.id),
  createdAt: epochMs('created_at').notNull(),
  expiresAt: epochMs('expires_at').notNull(),
});

export const signInThrottle = pgTable('sign_in_throttle', {
  account: text('account').primaryKey(),
  attempts: integer('attempts').notNull(),
  lastAttemptAt: epochMs('last_attempt_at').notNull(),
  waitUntil: epochMs('wait_until').notNull(),
});

/** Per-visitor write limits shared by every node: schema.ts says more. */
export const rateLimitBuckets = pgTable('rate_limit_buckets', {
  key: text('key').primaryKey(),
  fullAt: epochMs('full_at').notNull(),
});

export const siteUsers = pgTable(
  'site_users',
  {
    id: text('id').primaryKey(),
    websiteId: text('website_id').notNull().references(() => websites.id),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    verifiedAt: epochMs('verified_at'),
    locale: text('locale'),
    cartId: text('cart_id'),
    createdAt: epochMs('created_at').notNull(),
  },
  (t) => [uniqueIndex('site_users_email').on(t.websiteId, t.email)],
);

export const siteUserSessions = pgTable(
  'site_user_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    siteUserId: text('site_user_id').notNull().references(() => siteUsers.id),
    createdAt: epochMs('created_at').notNull(),
    expiresAt: epochMs('expires_at').notNull(),
  },
  (t) => [index('site_user_sessions_user').on(t.siteUserId)],
);

/** The columns every raw analytics row starts with; the id is an identity (SQLite's AUTOINCREMENT). */
const rawAnalyticsColumns = () => ({
  id: bigNumber('id').primaryKey().generatedByDefaultAsIdentity(),
  websiteId: text('website_id').notNull(),
  receivedAt: epochMs('received_at').notNull(),
  day: text('day').notNull(),
});

export const analyticsHits = pgTable(
  'analytics_hits',
  {
    ...rawAnalyticsColumns(),
    event: text('event').notNull(),
    visitor: text('visitor'),
    visit: text('visit'),
    data: text('data').notNull(),
  },
  (t) => [index('analytics_hits_day').on(t.day)],
);

export const analyticsEvents = pgTable(
  'analytics_events',
  {
    ...rawAnalyticsColumns(),
    source: text('source').notNull(),
    name: text('name').notNull(),
    visitor: text('visitor'),
    data: text('data').notNull(),
  },
  (t) => [index('analytics_events_day').on(t.day)],
);

export const analyticsPerformance = pgTable(
  'analytics_performance',
  {
    ...rawAnalyticsColumns(),
    pageLoadId: text('page_load_id').notNull(),
    app: text('app').notNull(),
    event: text('event').notNull(),
    /** The client's clock (epoch ms), kept as sent: any number, not a checked time. */
    ts: bigNumber('ts').notNull(),
    data: text('data').notNull(),
  },
  (t) => [index('analytics_performance_day').on(t.day)],
);

export const analyticsErrors = pgTable(
  'analytics_errors',
  {
    ...rawAnalyticsColumns(),
    event: text('event').notNull(),
    /** The client's clock (epoch ms), kept as sent. */
    timestamp: bigNumber('timestamp').notNull(),
    message: text('message').notNull(),
    page: text('page').notNull(),
    data: text('data').notNull(),
  },
  (t) => [index('analytics_errors_day').on(t.day)],
);

export const analyticsDaily = pgTable(
  'analytics_daily',
  {
    websiteId: text('website_id').notNull(),
    day: text('day').notNull(),
    pageViews: integer('page_views').notNull().default(0),
    uniqueVisitors: integer('unique_visitors').notNull().default(0),
    addToCart: integer('add_to_cart').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.day] })],
);

export const analyticsDayVisitors = pgTable(
  'analytics_day_visitors',
  {
    websiteId: text('website_id').notNull(),
    day: text('day').notNull(),
    visitor: text('visitor').notNull(),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.day, t.visitor] })],
);

const LCP_BUCKET_COUNT = 45;
const lcpBucketColumns = () =>
  Object.fromEntries(Array.from({ length: LCP_BUCKET_COUNT }, (_, i) => [`b${i}`, integer(`b${i}`).notNull().default(0)])) as Record<`b${number}`, ReturnType<typeof integer>>;

export const analyticsLcpDaily = pgTable(
  'analytics_lcp_daily',
  {
    websiteId: text('website_id').notNull(),
    day: text('day').notNull(),
    path: text('path').notNull(),
    ...lcpBucketColumns(),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.day, t.path] })],
);

export const analyticsLcpMonthly = pgTable(
  'analytics_lcp_monthly',
  {
    websiteId: text('website_id').notNull(),
    month: text('month').notNull(),
    path: text('path').notNull(),
    ...lcpBucketColumns(),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.month, t.path] })],
);

export const analyticsErrorsDaily = pgTable(
  'analytics_errors_daily',
  {
    websiteId: text('website_id').notNull(),
    day: text('day').notNull(),
    message: text('message').notNull(),
    count: integer('count').notNull().default(0),
    lastSeen: epochMs('last_seen').notNull(),
    lastPage: text('last_page').notNull(),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.day, t.message] })],
);
