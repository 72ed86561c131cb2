/**
 * The demo store that `npm start` creates on an empty database: a shop of products over every product type
 * and the commerce features of the specs (options, sold-out variants, sales, a gift card, a subscription,
 * an additional-fields form, scarcity and restock notices).
 */
import { sql } from 'drizzle-orm';
import { productImageUrl } from '../images.js';
import type { Store } from './database.js';
import { collections, products, variants, websites } from './schema.js';
import { seedDemoContent } from './seed-content.js';
import { demoLanguage, localizeDemo } from './demo-language.js';

type NewProduct = typeof products.$inferInsert;
type NewVariant = Omit<typeof variants.$inferInsert, 'productId' | 'id' | 'sku' | 'ordering'>;

const WEBSITE_ID = 'demo';
export const SHOP_COLLECTION_ID = 'shop';

interface ProductSeed extends Omit<NewProduct, 'id' | 'collectionId' | 'ordering'> {
  variants?: NewVariant[];
}

const one = (priceCents: number, extra: Partial<NewVariant> = {}): NewVariant => ({ priceCents, qtyInStock: 25, ...extra });

const PRODUCTS: ProductSeed[] = [
  {
    urlId: 'linen-apron',
    featured: true,
    title: 'Linen Apron',
    body: '<p>Stonewashed linen with deep pockets.</p>',
    productType: 1,
    variants: [one(4800)],
  },
  {
    urlId: 'field-shirt',
    featured: true,
    title: 'Field Shirt',
    body: '<p>Heavy cotton twill, three colours, four sizes.</p>',
    productType: 1,
    variantOptionOrdering: JSON.stringify(['Color', 'Size']),
    variants: ['Olive', 'Navy', 'Sand'].flatMap((Color, c) =>
      ['S', 'M', 'L', 'XL'].map((Size, s) => one(8900 + (Size === 'XL' ? 500 : 0), { attributes: JSON.stringify({ Color, Size }), qtyInStock: (c * 4 + s) % 5 === 0 ? 0 : 6 + s })),
    ),
  },
  {
    urlId: 'enamel-mug',
    featured: true,
    title: 'Enamel Mug',
    body: '<p>On sale while stock lasts.</p>',
    productType: 1,
    variants: [one(2400, { onSale: true, salePriceCents: 1800, qtyInStock: 3 })],
    merchandising: JSON.stringify({
      scarcityEnabled: true,
      scarcityText: 'Only {qtyInStock} left!',
      scarcityShownByDefault: true,
    }),
  },
  {
    urlId: 'canvas-tote',
    title: 'Canvas Tote',
    body: '<p>Sold out for now: leave your e-mail and we will tell you when it is back.</p>',
    productType: 1,
    variants: [one(3200, { qtyInStock: 0 })],
    merchandising: JSON.stringify({
      customSoldOutText: 'Back soon',
      mailingListSignUpEnabled: true,
      mailingListOptInByDefault: false,
      restockNotificationMessages: {
        CTAText: 'Get notified by email when this product is back in stock',
        placeholderText: 'Your Email',
        buttonText: 'Sign Up',
        mailingListDescription: 'Subscribe to our mailing list',
      },
    }),
  },
  {
    urlId: 'wool-blanket',
    featured: true,
    title: 'Wool Blanket',
    body: '<p>Two sizes, two prices.</p>',
    productType: 1,
    variantOptionOrdering: JSON.stringify(['Size']),
    variants: [one(12000, { attributes: JSON.stringify({ Size: 'Throw' }) }), one(18000, { attributes: JSON.stringify({ Size: 'Queen' }), onSale: true, salePriceCents: 15000 })],
  },
  {
    urlId: 'coffee-subscription',
    title: 'Coffee Subscription',
    body: '<p>Fresh beans every two weeks.</p>',
    productType: 1,
    isSubscribable: true,
    subscriptionPlan: JSON.stringify({ billingPeriod: { value: 2, unit: 'WEEK' }, numBillingCycles: 0 }),
    variants: [one(1600, { unlimited: true })],
  },
  {
    urlId: 'monogram',
    title: 'Monogrammed Napkins',
    body: '<p>Tell us the initials.</p>',
    productType: 1,
    useCustomAddButtonText: true,
    customAddButtonText: 'Personalise',
    additionalFieldsForm: JSON.stringify({ name: 'Monogram', fields: [{ type: 'text', title: 'Initials', required: true }] }),
    variants: [one(3600)],
  },
  {
    urlId: 'gift-card',
    title: 'Gift Card',
    body: '<p>For someone who knows what they want.</p>',
    productType: 4,
    variantOptionOrdering: JSON.stringify(['Value']),
    variants: [25, 50, 100].map((v) => one(v * 100, { attributes: JSON.stringify({ Value: String(v) }), unlimited: true })),
  },
  { urlId: 'field-guide', title: 'Field Guide (PDF)', body: '<p>A downloadable guide.</p>', productType: 2, priceCents: 900 },
  { urlId: 'pattern-pack', title: 'Pattern Pack', body: '<p>Digital sewing patterns, on sale.</p>', productType: 2, priceCents: 2000, onSale: true, salePriceCents: 1200 },
  {
    urlId: 'repair-service',
    title: 'Repair Service',
    body: '<p>We mend what you love.</p>',
    productType: 3,
    variants: [one(4500, { qtyInStock: 10 })],
  },
  {
    urlId: 'workshop-seat',
    title: 'Workshop Seat',
    body: '<p>One seat left in the apron workshop.</p>',
    productType: 3,
    variants: [one(7500, { qtyInStock: 1 })],
  },
  {
    urlId: 'candle-set',
    title: 'Candle Set',
    body: '<p>Three scents.</p>',
    productType: 1,
    variantOptionOrdering: JSON.stringify(['Scent']),
    variants: ['Cedar', 'Fig', 'Smoke'].map((Scent, i) => one(2800, { attributes: JSON.stringify({ Scent }), qtyInStock: i === 2 ? 0 : 12 })),
  },
  // Paywall (type 5), not shown in the store (the display layer knows types 1–4): the member area's
  // access-denied page sells it.
  {
    urlId: 'makers-circle-pass',
    title: 'Makers Circle membership',
    body: '<p>A year in the Makers Circle member area.</p>',
    productType: 5,
    priceCents: 1500,
  },
];

/**
 * Fill an empty store with the demo shop; does nothing when the store already has a website. `language` (by
 * default `TESSERA_DEMO_LANGUAGE`, server/db/demo-language.ts) seeds it in a shipped language; null, English.
 */
export function seedDemoStore(db: Store, now: number = Date.now(), language: string | null = demoLanguage()): boolean {
  const existing = db.select({ n: sql<number>`count(*)` }).from(websites).get();
  if (existing !== undefined && existing.n > 0) return false;
  db.transaction((tx) => {
    tx.insert(websites)
      .values({
        id: WEBSITE_ID,
        title: 'Tessera Supply Co.',
        settings: JSON.stringify({
          commentsEnabled: true,
          killSwitches: [],
          // the home page's hero (server/home-page.ts); its picture is the first featured product's
          homePage: {
            heroTitle: 'Made to be used every day',
            heroText: 'Linen, cotton, wool and enamel from small workshops: things for the kitchen, the table and the road, made to last and easy to mend.',
            heroButtonText: 'Shop the collection',
          },
          // the page context's root `featureFlags`: prices print as CLDR money text (`$89.00`) on every page
          featureFlags: { useCLDRMoneyFormat: true },
          storeSettings: {
            multipleQuantityAllowedForServices: true,
            productReviews: { nativeDisplayEnabled: true, importedDisplayEnabled: false },
            // Cents: the apron and the shirt are in range, the mug under $35, the blanket over $100.
            installmentContext: { afterPayAvailable: true, afterPayMin: 3500, afterPayMax: 10000, shopperLanguage: 'en_US', stripeAccountCountry: 'US' },
          },
        }),
      })
      .run();
    tx.insert(collections)
      .values({ id: SHOP_COLLECTION_ID, websiteId: WEBSITE_ID, urlId: 'shop', title: 'Shop', type: 13, settings: JSON.stringify({ productsPerPage: 12, viewMode: 'grid' }) })
      .run();
    PRODUCTS.forEach(({ variants: vs, ...p }, i) => {
      const id = `p${String(i + 1).padStart(2, '0')}`;
      const facets = FACETS[p.urlId] ?? [[], []];
      const [categories, tags] = facets.map((list) => JSON.stringify(list));
      tx.insert(products).values({ imageUrl: productImageUrl(id), categories, tags, ...p, id, collectionId: SHOP_COLLECTION_ID, ordering: i }).run();
      (vs ?? []).forEach((v, k) => tx.insert(variants).values({ ...v, id: `${id}-v${k + 1}`, productId: id, sku: `SQ${id}${k + 1}`.toUpperCase(), ordering: k }).run());
    });
    seedDemoContent(tx, WEBSITE_ID, now);
    if (language !== null) localizeDemo(tx, WEBSITE_ID, language);
  });
  return true;
}

/** Store categories and tags of the demo products, by URL id: [categories, tags]. */
const FACETS: Record<string, [string[], string[]]> = {
  'linen-apron': [['Kitchen', 'Apparel'], ['linen']],
  'field-shirt': [['Apparel'], ['cotton', 'new']],
  'enamel-mug': [['Kitchen'], ['sale']],
  'canvas-tote': [['Apparel'], ['cotton']],
  'wool-blanket': [['Home'], ['wool']],
  'coffee-subscription': [['Kitchen'], ['subscription']],
  monogram: [['Apparel'], ['linen', 'personalised']],
  'gift-card': [['Gifts'], []],
  'field-guide': [['Digital'], ['new']],
  'pattern-pack': [['Digital'], ['sale']],
  'repair-service': [['Services'], []],
  'workshop-seat': [['Services'], ['new']],
  'candle-set': [['Home', 'Gifts'], []],
};

/** Drop every row, for `npm run seed -- --reset`. */
export function clearStore(db: Store): void {
  db.$client.exec('DELETE FROM site_user_sessions; DELETE FROM site_users; DELETE FROM outbox_emails; DELETE FROM restock_signups; DELETE FROM form_submission_keys; DELETE FROM order_notes; DELETE FROM orders; DELETE FROM cart_entries; DELETE FROM carts; DELETE FROM variants; DELETE FROM products; DELETE FROM form_submissions; DELETE FROM forms; DELETE FROM records; DELETE FROM categories; DELETE FROM site_documents; DELETE FROM collections; DELETE FROM owner_sessions; DELETE FROM contributor_invitations; DELETE FROM contributors; DELETE FROM websites;');
}
