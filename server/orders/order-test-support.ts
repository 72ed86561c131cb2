/**
 * Helpers for the order tests (not a test file itself): a fresh demo app with a loose cart limit, and buying a
 * list of items through the plain checkout form as a browser without JavaScript does, keeping what the
 * browser then holds (the order cookie, the member cookies).
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterEach } from 'vitest';
import type { Store } from '../db/database.js';
import { addToCartApi, demoApp, postCheckoutForm } from '../test-support.js';

/** A customer whose order ships (the address is asked for physical lines only). */
export const CUSTOMER = { email: 'ada@example.com', name: 'Ada Lovelace', address1: '12 St James Sq', city: 'London', postalCode: 'SW1Y 4JH', country: 'GB' };

export interface TestShop {
  readonly app: FastifyInstance;
  readonly store: Store;
  /** Problems the theme reported (expected to stay empty). */
  readonly problems: string[];
}

/** Registers the closing of every app `freshShop` makes after each test of the file that calls it. */
export function useFreshShops(): () => Promise<TestShop> {
  const apps: FastifyInstance[] = [];
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((a) => a.close()));
  });
  return async () => {
    const problems: string[] = [];
    const { app, store } = await demoApp({ log: (p) => problems.push(p), guards: { rateLimits: { cart: { burst: 1000, perMinute: 1000 } } } });
    apps.push(app);
    return { app, store, problems };
  };
}

export interface Bought {
  readonly orderId: string;
  /** `/checkout/order-confirmed/{id}` */
  readonly location: string;
  /** The cookies the checkout's answer set, by name (the order cookie, member cookies…). */
  readonly cookies: Record<string, string>;
  readonly response: LightMyRequestResponse;
}

/** Adds `items` (cart API bodies) to a new cart and checks it out with the plain form. */
export async function buy(app: FastifyInstance, items: readonly Record<string, unknown>[], details: Record<string, string> = CUSTOMER): Promise<Bought> {
  let cart: string | undefined;
  for (const item of items) cart = await addToCartApi(app, { quantity: 1, ...item }, cart);
  const response = await postCheckoutForm(app, details, cart === undefined ? {} : { tessera_cart: cart });
  if (response.statusCode !== 303) throw new Error(`checkout answered ${response.statusCode}: ${response.body.slice(0, 500)}`);
  const location = String(response.headers.location);
  const cookies = Object.fromEntries(response.cookies.filter((c) => c.value !== '').map((c) => [c.name, c.value]));
  return { orderId: location.split('/').at(-1)!, location, cookies, response };
}

/** The confirmation page as the buyer's browser asks for it (with its order cookie). */
export function confirmation(app: FastifyInstance, bought: Bought, query = '') {
  return app.inject({ url: `${bought.location}${query}`, cookies: { tessera_order: bought.cookies['tessera_order'] ?? '' } });
}

/** The order's lines as stored (its `items` JSON, as `JSON.parse` gives it), read through the app's reads (either database). */
export async function storedLines(app: FastifyInstance, orderId: string): Promise<ReturnType<typeof JSON.parse>> {
  const { db, t } = app.reads;
  const [order] = await db.select({ items: t.orders.items }).from(t.orders).where(eq(t.orders.id, orderId));
  if (order === undefined) throw new Error(`no order ${orderId}`);
  return JSON.parse(order.items);
}
