/**
 * The store's tables (drizzle, SQLite). Their PostgreSQL twin is `schema-pg.ts`, kept equal by
 * `schema-drift.test.ts`: text ids, integer money in minor units with a currency (bigint in PostgreSQL), booleans
 * as integers (booleans there), times as epoch milliseconds (timestamptz there), structured fields as JSON text.
 * Invariants the app relies on are the database's too, in both dialects: stock never below 0 (a CHECK), one order
 * per order number and website (a unique index), a form key spent once (its hash is the primary key; spending
 * deletes the row).
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

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
    /** Main content of a content page (type 10), HTML. */
    body: text('body').notNull().default(''),
    /**
     * Per-collection settings as JSON: view mode (list, grid), gallery options (spec 001 "Gallery options"),
     * folder behaviour, page password (lock screen), member-area id (access denied)…
     */
    settings: text('settings').notNull().default('{}'),
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
    /** Shown on the home page's featured products (the item JSON's `starred`, as the platform names it). */
    featured: integer('featured', { mode: 'boolean' }).notNull().default(false),
    /** Archived by the merchant (server/merchant/products/): kept with its variants, hidden from the storefront. */
    archived: integer('archived', { mode: 'boolean' }).notNull().default(false),
    ordering: integer('ordering').notNull().default(0),
    /** Category names and tags, as JSON lists of strings. */
    categories: text('categories').notNull().default('[]'),
    tags: text('tags').notNull().default('[]'),
    /**
     * A digital product's file as the merchant uploaded it (server/merchant/digital-files/): its storage key, name,
     * type and size as JSON, or null (the buyer then gets a PDF made from the product's description).
     */
    digitalFile: text('digital_file'),
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
    /** Shipping weight in grams; null when not given. */
    weightGrams: integer('weight_grams'),
    ordering: integer('ordering').notNull().default(0),
  },
  (t) => [index('variants_product').on(t.productId), check('variants_stock_not_negative', sql`${t.qtyInStock} >= 0`)],
);

export const carts = sqliteTable('carts', {
  id: text('id').primaryKey(),
  /** 'standard' (the visitor's cart cookie) or 'subscription' (a one-product cart reached by its token). */
  kind: text('kind').notNull().default('standard'),
  /** Set once checkout turns the cart into an order; a purchased cart takes no more changes. */
  orderId: text('order_id'),
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

/** Store categories of a products collection (spec 001 "Root category"). */
export const categories = sqliteTable(
  'categories',
  {
    id: text('id').primaryKey(),
    collectionId: text('collection_id').notNull().references(() => collections.id),
    displayName: text('display_name').notNull(),
    parentCategoryId: text('parent_category_id'),
    /** ROOT or CATEGORY. */
    type: text('type').notNull(),
    pageRendering: text('page_rendering').notNull().default('LIST_VIEW'),
    displayIndex: integer('display_index').notNull().default(1),
  },
  (t) => [index('categories_collection').on(t.collectionId)],
);

/**
 * Content records outside the store (spec 001 "Record or item"): blog posts, events, gallery images, album
 * tracks, videos. Fields every kind shares are columns; the rest of a kind's structure is JSON in `data`.
 */
export const records = sqliteTable(
  'records',
  {
    id: text('id').primaryKey(),
    collectionId: text('collection_id').notNull().references(() => collections.id),
    urlId: text('url_id').notNull(),
    /** Record type code (spec 001: text 1, image 2, audio 7, video 8, event 12…). */
    recordType: integer('record_type').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    excerpt: text('excerpt').notNull().default(''),
    authorName: text('author_name'),
    /** Category names and tags, as JSON lists of strings. */
    categories: text('categories').notNull().default('[]'),
    tags: text('tags').notNull().default('[]'),
    /** Publication time (epoch ms). */
    publishOn: integer('publish_on').notNull(),
    /** Events: start and end (epoch ms). */
    startDate: integer('start_date'),
    endDate: integer('end_date'),
    assetUrl: text('asset_url'),
    commentState: integer('comment_state').notNull().default(0),
    publicCommentCount: integer('public_comment_count').notNull().default(0),
    likeCount: integer('like_count').notNull().default(0),
    starred: integer('starred', { mode: 'boolean' }).notNull().default(false),
    /** Kind-specific structure (location, oembed, originalSize, mediaFocalPoint, colorData…), as JSON. */
    data: text('data').notNull().default('{}'),
    ordering: integer('ordering').notNull().default(0),
  },
  (t) => [uniqueIndex('records_url').on(t.collectionId, t.urlId)],
);

/** Orders created by checkout (test mode); lines and amounts are a snapshot of the cart when it was bought. */
export const orders = sqliteTable(
  'orders',
  {
    id: text('id').primaryKey(),
    websiteId: text('website_id').notNull().references(() => websites.id),
    /** Human-facing order number, increasing per website. */
    orderNumber: integer('order_number').notNull(),
    purchasedCartId: text('purchased_cart_id').notNull().references(() => carts.id),
    testMode: integer('test_mode', { mode: 'boolean' }).notNull().default(true),
    email: text('email').notNull(),
    /** Shipping address and other customer details, as JSON. */
    customer: text('customer').notNull().default('{}'),
    /** Lines (sku, productName, quantity, unitPrice cents, additional fields), as JSON. */
    items: text('items').notNull(),
    currency: text('currency').notNull(),
    subtotalCents: integer('subtotal_cents').notNull(),
    taxCents: integer('tax_cents').notNull(),
    shippingCents: integer('shipping_cents').notNull(),
    discountCents: integer('discount_cents').notNull(),
    grandTotalCents: integer('grand_total_cents').notNull(),
    createdAt: integer('created_at').notNull(),
    /**
     * The site user (customer account) the order belongs to: set at checkout when signed in, or when the account's
     * e-mail is verified for orders placed with it before (server/site-users/). Null for a visitor's order.
     */
    siteUserId: text('site_user_id'),
    /** When the order was marked fulfilled (shipped), with its carrier and tracking number if any (server/email/fulfil.ts). */
    fulfilledAt: integer('fulfilled_at'),
    shippingCarrier: text('shipping_carrier'),
    trackingNumber: text('tracking_number'),
    /** When the merchant cancelled the order (its stock went back): server/merchant/orders/. */
    cancelledAt: integer('cancelled_at'),
  },
  // the dashboard's orders and revenue per day read this index alone
  (t) => [
    index('orders_created').on(t.websiteId, t.createdAt, t.currency, t.grandTotalCents),
    index('orders_site_user').on(t.siteUserId),
    uniqueIndex('orders_number').on(t.websiteId, t.orderNumber),
  ],
);

/** The merchant's notes on an order (server/merchant/orders/), oldest first; never shown to the customer. */
export const orderNotes = sqliteTable(
  'order_notes',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id').notNull().references(() => orders.id),
    websiteId: text('website_id').notNull().references(() => websites.id),
    /** Who wrote it, as they were called then (a contributor may be removed later). */
    author: text('author').notNull(),
    body: text('body').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('order_notes_order').on(t.orderId, t.createdAt)],
);

/** Forms of the site (spec 000 "Form"); fields as JSON. */
export const forms = sqliteTable('forms', {
  id: text('id').primaryKey(),
  websiteId: text('website_id').notNull().references(() => websites.id),
  name: text('name').notNull(),
  fields: text('fields').notNull().default('[]'),
  submissionMessage: text('submission_message').notNull().default(''),
  submissionHtml: text('submission_html').notNull().default(''),
  successRedirect: text('success_redirect'),
  disclaimerMessage: text('disclaimer_message').notNull().default(''),
  captchaEnabled: integer('captcha_enabled', { mode: 'boolean' }).notNull().default(false),
  /** The captcha widget's look: `light` or `dark`. */
  captchaTheme: text('captcha_theme').notNull().default('light'),
  /** Where the captcha widget sits: `left`, `center` or `right`. */
  captchaAlignment: text('captcha_alignment').notNull().default('left'),
});

export const formSubmissions = sqliteTable(
  'form_submissions',
  {
    id: text('id').primaryKey(),
    formId: text('form_id').notNull().references(() => forms.id),
    /** Form-item id → sanitised value, as JSON. */
    data: text('data').notNull(),
    /** Page and event fields sent with the submission (pageId, collectionId, url…), as JSON. */
    meta: text('meta').notNull().default('{}'),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('form_submissions_form').on(t.formId), index('form_submissions_created').on(t.createdAt, t.formId)],
);

/** Form submission keys (spec 000 §7 FormSubmissionKey): single-use, expiring; only their SHA-256 is kept. */
export const formSubmissionKeys = sqliteTable(
  'form_submission_keys',
  {
    keyHash: text('key_hash').primaryKey(),
    createdAt: integer('created_at').notNull(),
    expiresAt: integer('expires_at').notNull(),
  },
  (t) => [index('form_submission_keys_expiry').on(t.expiresAt)],
);

/** Back-in-stock signups (spec 000 "Restock signup payload"): one per e-mail address and variant. */
export const restockSignups = sqliteTable(
  'restock_signups',
  {
    id: text('id').primaryKey(),
    websiteId: text('website_id').notNull().references(() => websites.id),
    productId: text('product_id').notNull().references(() => products.id),
    variantId: text('variant_id').notNull().references(() => variants.id),
    /** Lower-cased and trimmed, so one person is one signup. */
    email: text('email').notNull(),
    isJoinMailingList: integer('is_join_mailing_list', { mode: 'boolean' }).notNull().default(false),
    /** The visitor's language, kept only with multilingual e-mails on (docs/storefront.md). */
    language: text('language'),
    createdAt: integer('created_at').notNull(),
    /** When the owner sent the back-in-stock e-mail; null while waiting. */
    notifiedAt: integer('notified_at'),
  },
  (t) => [uniqueIndex('restock_signups_variant_email').on(t.variantId, t.email), index('restock_signups_group').on(t.productId, t.variantId), index('restock_signups_created').on(t.websiteId, t.createdAt)],
);

/**
 * Outgoing e-mails, written in the same transaction as what caused them; a mailer (none here) sends the rows
 * whose `sentAt` is null and sets it.
 */
export const outboxEmails = sqliteTable(
  'outbox_emails',
  {
    id: text('id').primaryKey(),
    websiteId: text('website_id').notNull().references(() => websites.id),
    /** What the e-mail is: `order-confirmation`, `restock`, `form-notification`… (server/email/kinds.ts). */
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    bodyText: text('body_text').notNull(),
    /** The HTML part, rendered from the kind's template when queued; null for rows queued before it existed. */
    bodyHtml: text('body_html'),
    /** BCP 47 tag of the e-mail's language, or null for the site's own. */
    language: text('language'),
    /** What it is about (productId, variantId, signupId…), as JSON. */
    related: text('related').notNull().default('{}'),
    createdAt: integer('created_at').notNull(),
    sentAt: integer('sent_at'),
    /** `queued` → `sending` (claimed by one node until its lease expires) → `sent`, or back to `queued`, or `failed`. */
    status: text('status').notNull().default('queued'),
    /** Delivery attempts begun so far. */
    attempts: integer('attempts').notNull().default(0),
    /** Not sent before this moment (the retry backoff); null: as soon as possible. */
    nextAttemptAt: integer('next_attempt_at'),
    /** The SMTP server's answer (or the connection error) of the last failed attempt. */
    lastError: text('last_error'),
    /** While `sending`: the claim's id and when its lease runs out (then another node may take the row). */
    claimId: text('claim_id'),
    leaseExpiresAt: integer('lease_expires_at'),
  },
  (t) => [index('outbox_emails_due').on(t.status, t.nextAttemptAt, t.createdAt), index('outbox_emails_site').on(t.websiteId, t.createdAt)],
);

/**
 * Site-wide settings documents, one JSON document per name and website: 'layout' (site layout and main
 * navigation), 'header-footer', 'multilingual', 'commerce-preferences/<namespace>'. Owners replace them whole
 * through the settings APIs.
 */
export const siteDocuments = sqliteTable(
  'site_documents',
  {
    websiteId: text('website_id').notNull().references(() => websites.id),
    name: text('name').notNull(),
    value: text('value').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.name] })],
);

/** People who run the site (site owners and staff), with their contributor role names as a JSON list. */
export const contributors = sqliteTable(
  'contributors',
  {
    id: text('id').primaryKey(),
    websiteId: text('website_id').notNull().references(() => websites.id),
    email: text('email').notNull(),
    displayName: text('display_name').notNull(),
    /** scrypt hash: `scrypt$<salt hex>$<key hex>`. */
    passwordHash: text('password_hash').notNull(),
    roles: text('roles').notNull().default('[]'),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [uniqueIndex('contributors_email').on(t.websiteId, t.email)],
);

/**
 * Invitations to help run the site (issue 26, server/contributors/): the e-mail invited, the roles offered (JSON
 * list), the SHA-256 of the single-use token the invite e-mail's link carries, until when it works, and when it
 * was accepted (null while it waits). Inviting the same address again replaces its waiting invitation.
 */
export const contributorInvitations = sqliteTable(
  'contributor_invitations',
  {
    id: text('id').primaryKey(),
    websiteId: text('website_id').notNull().references(() => websites.id),
    email: text('email').notNull(),
    roles: text('roles').notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: text('invited_by').notNull(),
    createdAt: integer('created_at').notNull(),
    expiresAt: integer('expires_at').notNull(),
    acceptedAt: integer('accepted_at'),
  },
  (t) => [uniqueIndex('contributor_invitations_token').on(t.tokenHash), index('contributor_invitations_site').on(t.websiteId, t.email)],
);

/** Signed-in owner sessions; the cookie holds the token, the table its SHA-256 only. */
export const ownerSessions = sqliteTable('owner_sessions', {
  tokenHash: text('token_hash').primaryKey(),
  contributorId: text('contributor_id').notNull().references(() => contributors.id),
  createdAt: integer('created_at').notNull(),
  expiresAt: integer('expires_at').notNull(),
});

/**
 * Sign-in attempts per account (issue 24, server/security/sign-in-throttle.ts): keyed by a SHA-256 of the account's
 * kind and e-mail (known or not), the attempts in a row without a success, the last one's time and until when
 * the account must wait (ms since the epoch).
 */
export const signInThrottle = sqliteTable('sign_in_throttle', {
  account: text('account').primaryKey(),
  attempts: integer('attempts').notNull(),
  lastAttemptAt: integer('last_attempt_at').notNull(),
  waitUntil: integer('wait_until').notNull(),
});

/**
 * Per-visitor write limits shared by every node (issue 25; server/security/rate-limit-store-pg.ts): one row per
 * bucket (`group` NUL `address`), holding the time the bucket is full again (the generic cell rate algorithm's
 * "theoretical arrival time", a token bucket kept as one time). Only PostgreSQL uses it; on SQLite one process
 * serves the store and keeps its buckets in memory.
 */
export const rateLimitBuckets = sqliteTable('rate_limit_buckets', {
  key: text('key').primaryKey(),
  fullAt: integer('full_at').notNull(),
});

/*
 * Site users (issue 22): the site's customers, with accounts of their own (server/site-users/). Apart from the
 * owner's contributors: a customer never reaches /config, and an owner is not a customer by being one.
 */

/** Customer accounts, one per lower-cased e-mail and website. */
export const siteUsers = sqliteTable(
  'site_users',
  {
    id: text('id').primaryKey(),
    websiteId: text('website_id').notNull().references(() => websites.id),
    /** Trimmed and lower-cased. */
    email: text('email').notNull(),
    /** scrypt hash: `scrypt$<salt hex>$<key hex>` (server/owner/password.ts). */
    passwordHash: text('password_hash').notNull(),
    /** When the e-mail address was confirmed through its link; null until then (sign-in is refused). */
    verifiedAt: integer('verified_at'),
    /** BCP 47 tag the customer chose (POST /api/site-users/account/locale); null for the site's own. */
    locale: text('locale'),
    /** The account's cart (kept across devices and sign-ins); null when it has none. */
    cartId: text('cart_id'),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [uniqueIndex('site_users_email').on(t.websiteId, t.email)],
);

/** Signed-in customer sessions; the cookie holds the token, the table its SHA-256 only. */
export const siteUserSessions = sqliteTable(
  'site_user_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    siteUserId: text('site_user_id').notNull().references(() => siteUsers.id),
    createdAt: integer('created_at').notNull(),
    expiresAt: integer('expires_at').notNull(),
  },
  (t) => [index('site_user_sessions_user').on(t.siteUserId)],
);

/*
 * Analytics (issue 22, server/analytics/): one raw table per stream (census hits, events, performance records,
 * JavaScript errors) holding only the spec's fields plus website id, received-at (ms) and the day key
 * (`YYYY-MM-DD` in the site's time zone); and roll-ups kept in the same transaction as each insert, so the
 * owner dashboard never scans raw rows. Visitor and visit ids are keyed hashes (server/analytics/visitor-id.ts).
 * Rows and roll-ups older than the retention setting are swept (server/analytics/retention.ts).
 */

/** The columns every raw analytics row starts with: a row id, the site, when it was received and its site day. */
const rawAnalyticsColumns = () => ({
  id: integer('id').primaryKey({ autoIncrement: true }),
  websiteId: text('website_id').notNull(),
  receivedAt: integer('received_at').notNull(),
  day: text('day').notNull(),
});

/** Census page hits (POST /api/census/RecordHit): the page-hit data of spec 001 §3, as JSON. */
export const analyticsHits = sqliteTable(
  'analytics_hits',
  {
    ...rawAnalyticsColumns(),
    /** The census `event` field. */
    event: text('event').notNull(),
    /** Hashes of `ss_cvr` (visitor) and `ss_cvt` (visit); null when the visitor sent none. */
    visitor: text('visitor'),
    visit: text('visit'),
    data: text('data').notNull(),
  },
  (t) => [index('analytics_hits_day').on(t.day)],
);

/** Census events (button, form, overlay, quick view), RecordEvent and the newer tracker's events. */
export const analyticsEvents = sqliteTable(
  'analytics_events',
  {
    ...rawAnalyticsColumns(),
    /** The route family: `button-click`, `button-render`, `form-render`, `overlay`, `quick-view`, `record-event`, `clanker`. */
    source: text('source').notNull(),
    /** The event name (`event`, `eventName`, `eventSchemaName`) or the quick view's item id. */
    name: text('name').notNull(),
    visitor: text('visitor'),
    data: text('data').notNull(),
  },
  (t) => [index('analytics_events_day').on(t.day)],
);

/** Performance records (spec 001 §3 "Performance record": app, data, event, pageLoadId, ts). */
export const analyticsPerformance = sqliteTable(
  'analytics_performance',
  {
    ...rawAnalyticsColumns(),
    pageLoadId: text('page_load_id').notNull(),
    app: text('app').notNull(),
    event: text('event').notNull(),
    ts: integer('ts').notNull(),
    data: text('data').notNull(),
  },
  (t) => [index('analytics_performance_day').on(t.day)],
);

/** JavaScript errors (POST /api/events/RecordJavascriptErrors: event, data, timestamp). */
export const analyticsErrors = sqliteTable(
  'analytics_errors',
  {
    ...rawAnalyticsColumns(),
    event: text('event').notNull(),
    timestamp: integer('timestamp').notNull(),
    message: text('message').notNull(),
    page: text('page').notNull(),
    data: text('data').notNull(),
  },
  (t) => [index('analytics_errors_day').on(t.day)],
);

/** Roll-up per day: page views, unique visitors (rows added to analytics_day_visitors), add-to-cart. */
export const analyticsDaily = sqliteTable(
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

/** The visitors seen each day (INSERT OR IGNORE: a new row is a new unique visitor of that day). */
export const analyticsDayVisitors = sqliteTable(
  'analytics_day_visitors',
  {
    websiteId: text('website_id').notNull(),
    day: text('day').notNull(),
    visitor: text('visitor').notNull(),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.day, t.visitor] })],
);

/**
 * LCP histogram per page, one row per day (and per month) and path, one column per bucket (`b0`…, the buckets
 * of server/analytics/lcp-buckets.ts): a year of a shop's pages is a few thousand monthly rows, whose columns
 * SQLite sums in one pass.
 */
const LCP_BUCKET_COUNT = 45;
const lcpBucketColumns = () =>
  Object.fromEntries(Array.from({ length: LCP_BUCKET_COUNT }, (_, i) => [`b${i}`, integer(`b${i}`).notNull().default(0)])) as Record<`b${number}`, ReturnType<typeof integer>>;

export const analyticsLcpDaily = sqliteTable(
  'analytics_lcp_daily',
  {
    websiteId: text('website_id').notNull(),
    day: text('day').notNull(),
    path: text('path').notNull(),
    ...lcpBucketColumns(),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.day, t.path] })],
);

export const analyticsLcpMonthly = sqliteTable(
  'analytics_lcp_monthly',
  {
    websiteId: text('website_id').notNull(),
    /** `YYYY-MM`. */
    month: text('month').notNull(),
    path: text('path').notNull(),
    ...lcpBucketColumns(),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.month, t.path] })],
);

/** JavaScript errors per day and message: how many, when last, on which page last. */
export const analyticsErrorsDaily = sqliteTable(
  'analytics_errors_daily',
  {
    websiteId: text('website_id').notNull(),
    day: text('day').notNull(),
    message: text('message').notNull(),
    count: integer('count').notNull().default(0),
    lastSeen: integer('last_seen').notNull(),
    lastPage: text('last_page').notNull(),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.day, t.message] })],
);
