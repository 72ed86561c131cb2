/**
 * GET /api/owner/pages over the demo store: every page in the site's order with its address and, for a store,
 * its products; a store made with the store setup calls shows at once; the roles of the table, 401 signed out.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type EveryRole, signInEveryRole } from '../merchant/role-test-support.js';
import { CONTRIBUTOR_ROLES, OWNER_PERMISSIONS } from '../owner/roles.js';
import { demoApp } from '../test-support.js';

let app: FastifyInstance;
let roles: EveryRole;

beforeAll(async () => {
  ({ app } = await demoApp());
  roles = await signInEveryRole(app);
});
afterAll(async () => app.close());

it('lists the pages with their stores’ product counts; a new store shows at once', async () => {
  const res = await roles.call({ url: '/api/owner/pages' });
  expect(res.statusCode, res.body).toBe(200);
  const { websiteId, pages } = res.json();
  expect(websiteId).toBe('demo');
  const shop = pages.find((p: { urlId: string }) => p.urlId === 'shop');
  expect(shop).toMatchObject({ url: '/shop', type: 13, isStore: true, enabled: true });
  expect(shop.productCount).toBeGreaterThan(0);
  expect(pages.some((p: { isStore: boolean }) => !p.isStore)).toBe(true);

  const created = await roles.call({ method: 'POST', url: '/api/content-service/product/1.1/websites/demo/products', payload: { title: 'Shop' } });
  expect(created.statusCode, created.body).toBe(201);
  const again = (await roles.call({ url: '/api/owner/pages' })).json().pages;
  // the URL-id rule of spec 001: `shop` is taken, so the new store is shop-1
  expect(again.at(-1)).toMatchObject({ title: 'Shop', urlId: 'shop-1', isStore: true, productCount: 0 });
});

it('answers each role as the table says, and 401 signed out', async () => {
  expect((await app.inject('/api/owner/pages')).statusCode).toBe(401);
  for (const role of CONTRIBUTOR_ROLES) {
    const allowed = (OWNER_PERMISSIONS.readPages as readonly string[]).includes(role);
    expect((await roles.call({ url: '/api/owner/pages' }, role)).statusCode, role).toBe(allowed ? 200 : 403);
  }
});
