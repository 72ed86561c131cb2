/** The product page's instalment pill, reviews section and images, through the app (Fastify inject). */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { lowestCurrentPrice, productPageParts } from './product-page.js';
import { demoApp, writeBeside } from '../test-support.js';

let app: FastifyInstance;
let seededSettings: string;
const problems: string[] = [];

beforeAll(async () => {
  ({ app } = await demoApp({ log: (p) => problems.push(p) }));
  const { db, t } = app.reads;
  seededSettings = (await db.select().from(t.websites).limit(1))[0]!.settings;
});
afterAll(() => app.close());
beforeEach(() => setSettings(seededSettings));

/** The one site's settings set beside the app (either database), as JSON text. */
const setSettings = (settings: string) =>
  writeBeside(app, async ({ db, t }) => {
    await db.update(t.websites).set({ settings });
  });

function changeSettings(change: (settings: Record<string, any>) => void) {
  const settings = JSON.parse(seededSettings);
  change(settings);
  return setSettings(JSON.stringify(settings));
}

const page = async (urlId: string) => (await app.inject(`/shop/p/${urlId}`)).body;

describe('instalment pill', () => {
  it('offers 4 payments for a physical product in range, with its information panel', async () => {
    const body = await page('field-shirt'); // from $89.00
    expect(body).toContain('<p class="installment-pill">or 4 interest-free payments of $22.25 with <strong class="installment-provider">Afterpay</strong></p>');
    expect(body).toContain('<summary>How it works</summary><p>Pay in 4 interest-free payments of $22.25 with Afterpay.</p>');
    // the island's props carry what the browser needs to recalculate it for another variant
    expect(body).toContain('data-island="installment-pill"');
    expect(body).toContain('&quot;modalUrl&quot;:&quot;https://static.afterpay.com/modal/en_US.html&quot;');
  });

  it('shows the availability message out of range', async () => {
    expect(await page('enamel-mug')).toContain('<strong class="installment-provider">Afterpay</strong> available for orders over $35.00</p>'); // $18 on sale
    expect(await page('wool-blanket')).toContain('<strong class="installment-provider">Afterpay</strong> available for orders up to $100.00</p>'); // from $120
  });

  it('is absent for products that are not physical, and when instalments are off', async () => {
    for (const urlId of ['gift-card', 'field-guide', 'repair-service']) expect(await page(urlId), urlId).not.toContain('installment-pill');
    await changeSettings((s) => (s['storeSettings']['installmentContext']['afterPayAvailable'] = false));
    expect(await page('field-shirt')).not.toContain('installment-pill');
  });

  it('is absent for a sold-out product, which cannot be bought (the sold-out tote once said "available for orders over $35.00")', async () => {
    const tote = await page('canvas-tote');
    expect(tote).toContain('Back soon'); // the page is the sold-out tote
    expect(tote).not.toContain('installment-pill');
    expect(tote).not.toContain('Afterpay');
    const { item } = (await app.inject('/shop/p/canvas-tote?format=json')).json();
    expect(item.installmentPill).toBeUndefined();
  });

  it('carries the instalment context in the page JSON, amounts in cents', async () => {
    const { item } = (await app.inject('/shop/p/linen-apron?format=json')).json();
    expect(item.installmentContext).toMatchObject({ afterPayAvailable: true, afterPayMin: 3500, afterPayMax: 10000 });
    expect(item.installmentPill).toMatchObject({ inRange: true, installmentCents: 1200 });
  });
});

describe('reviews section', () => {
  it('shows when native reviews are on and no kill switch is present', async () => {
    expect(await page('linen-apron')).toContain('<section class="product-reviews" id="reviews"');
  });

  it('is a quiet line while there are no reviews, not a headed block', async () => {
    const html = await page('linen-apron');
    const section = html.slice(html.indexOf('<section class="product-reviews"'), html.indexOf('</section>', html.indexOf('<section class="product-reviews"')));
    expect(section).toContain('aria-label="Reviews"');
    expect(section).toContain('<p class="product-reviews-empty">No reviews yet.</p>');
    expect(section).not.toMatch(/<h[1-6]/);
  });

  it('hides when the kill switch is present', async () => {
    await changeSettings((s) => (s['killSwitches'] = ['productReviews']));
    expect(await page('linen-apron')).not.toContain('product-reviews');
  });

  it('hides when neither native nor imported display is on, shows for imported only', async () => {
    await changeSettings((s) => (s['storeSettings']['productReviews'] = { nativeDisplayEnabled: false, importedDisplayEnabled: false }));
    expect(await page('linen-apron')).not.toContain('product-reviews');
    await changeSettings((s) => (s['storeSettings']['productReviews'] = { nativeDisplayEnabled: false, importedDisplayEnabled: true }));
    expect(await page('linen-apron')).toContain('product-reviews');
  });
});

describe('product images', () => {
  it('puts a responsive, eagerly loaded image on the product page', async () => {
    const body = await page('linen-apron');
    expect(body).toContain('<img class="product-main-image" data-image-id="p01-image" src="/static/images/p01.svg?format=1000w" srcset="/static/images/p01.svg?format=100w 100w,');
    expect(body).toContain('/static/images/p01.svg?format=2500w 2500w" sizes="(max-width: 767px) 100vw, 36rem" width="1000" height="1250"');
    expect(body).toContain('alt="Linen Apron" fetchpriority="high"');
  });

  it('loads only the first image of the shop list eagerly', async () => {
    const body = (await app.inject('/shop')).body;
    const images = body.match(/<img [^>]*>/g) ?? [];
    expect(images.length).toBeGreaterThanOrEqual(12);
    expect(images[0]).toContain('fetchpriority="high"');
    expect(images[0]).not.toContain('loading="lazy"');
    expect(images.slice(1).every((img) => img.includes('loading="lazy"'))).toBe(true);
    expect(images[1]).toMatch(/src="\/static\/images\/p02\.svg\?format=500w".* width="500" height="625" .*alt="Field Shirt"/);
  });

  it('serves the images the pages link to', async () => {
    const res = await app.inject('/static/images/p02.svg?format=500w');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(problems).toEqual([]);
  });
});

describe('productPageParts', () => {
  it('prices the product at its cheapest current price', () => {
    const item = {
      structuredContent: {
        productType: 1,
        variants: [
          { priceMoney: { value: '120.00', currency: 'USD' }, qtyInStock: 3 },
          { priceMoney: { value: '180.00', currency: 'USD' }, onSale: true, salePriceMoney: { value: '40.00', currency: 'USD' }, qtyInStock: 1 },
        ],
      },
    };
    expect(lowestCurrentPrice(item)).toEqual({ minor: 4000n, currency: 'USD' });
    const settings = { storeSettings: { installmentContext: { afterPayAvailable: true, afterPayMin: 3500, afterPayMax: 10000 } } };
    expect(productPageParts(item, settings).item['installmentPill']).toMatchObject({ text: 'or 4 interest-free payments of $10.00 with' });
    expect(productPageParts(item, {}).item['installmentPill']).toBeUndefined();
    expect(productPageParts(item, {}).extra).toEqual({ reviewsEnabled: false });
    // the same product with nothing left in stock has no pill
    const soldOut = { structuredContent: { ...item.structuredContent, variants: item.structuredContent.variants.map((v) => ({ ...v, qtyInStock: 0 })) } };
    expect(productPageParts(soldOut, settings).item['installmentPill']).toBeUndefined();
  });
});
