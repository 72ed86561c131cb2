/**
 * A membership that unlocks the member area (issue 21): buying the Makers Circle pass (a paywall product, type
 * 5) gives its buyer a signed, HttpOnly, SameSite=Lax member cookie tied to the order and ending with the pass,
 * set when the order is placed and on its confirmation; `/members` then answers 200 to that browser and 403 to
 * everyone else, and a forged, changed, expired or orphaned cookie opens nothing. Without JavaScript throughout.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signToken } from '../security/signed-token.js';
import { cookieOf, FORM_HEADERS, TEST_COOKIES, TEST_CRUMB, TEST_CRUMB_SECRET, withCrumb, writeBeside } from '../test-support.js';
import { memberCookieName } from './member-cookie.js';
import { buy, confirmation, storedLines, useFreshShops } from './order-test-support.js';

const freshShop = useFreshShops();
const PASS = { itemId: 'p14' };
const COOKIE = memberCookieName('makers-circle');
const DAY = 86_400_000;
const MEMBERS_BODY = 'Patterns and recordings for members of the Makers Circle.';

describe('the member area’s join button', () => {
  it('shows the pass, its price and how long it lasts', async () => {
    const { app } = await freshShop();
    const res = await app.inject('/members');
    expect(res.statusCode).toBe(403);
    expect(res.body).toContain('<button type="submit" class="button member-area-join">Join for $15.00</button>');
    expect(res.body).toContain('<p class="member-area-offer">Makers Circle membership: $15.00 for one year.</p>');
    expect((await app.inject('/members?format=json')).json().memberArea.pass).toMatchObject({ itemId: 'p14', title: 'Makers Circle membership', priceMoney: { value: '15.00', currency: 'USD' }, accessText: 'one year' });
  });
});

describe('buying the pass', () => {
  it('without JavaScript: join, check out, and the member area opens to this browser only', async () => {
    const { app, problems } = await freshShop();
    // the join button's plain post
    const join = await app.inject({ method: 'POST', url: '/cart/add', headers: FORM_HEADERS, cookies: TEST_COOKIES, payload: `crumb=${TEST_CRUMB}&itemId=p14` });
    expect(join.statusCode).toBe(303);
    expect(join.headers.location).toBe('/cart');
    const cart = cookieOf(join, 'tessera_cart')!.value;
    // nothing is shipped: no address asked
    const checkout = await app.inject({ url: '/checkout', cookies: { tessera_cart: cart } });
    expect(checkout.body).toContain('Makers Circle membership');
    expect(checkout.body).not.toContain('name="address1"');
    const before = Date.now();
    const placed = await app.inject({ method: 'POST', url: '/checkout', headers: FORM_HEADERS, cookies: { ...TEST_COOKIES, tessera_cart: cart }, payload: `crumb=${TEST_CRUMB}&email=ada%40example.com&name=Ada` });
    expect(placed.statusCode).toBe(303);
    const member = cookieOf(placed, COOKIE)!;
    expect(member).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    // a year, as the member area says (memberAccessDays: 365)
    expect(member.maxAge).toBeGreaterThan(364 * 86_400);
    expect(member.maxAge).toBeLessThanOrEqual(365 * 86_400);
    const orderId = String(placed.headers.location).split('/').at(-1)!;
    expect(member.value.startsWith(`${orderId}.`)).toBe(true);

    const open = await app.inject({ url: '/members', cookies: { [COOKIE]: member.value } });
    expect(open.statusCode).toBe(200);
    expect(open.body).toContain(MEMBERS_BODY);
    expect((await app.inject({ url: '/members?format=json', cookies: { [COOKIE]: member.value } })).json().collection.body).toContain(MEMBERS_BODY);
    const stranger = await app.inject('/members');
    expect(stranger.statusCode).toBe(403);
    expect(stranger.body).not.toContain(MEMBERS_BODY);

    // the confirmation sets it again and leads there
    const page = await app.inject({ url: String(placed.headers.location), cookies: { tessera_order: cookieOf(placed, 'tessera_order')!.value } });
    expect(page.statusCode).toBe(200);
    expect(cookieOf(page, COOKIE)?.value).toBe(member.value);
    expect(page.body).toContain('<a class="order-line-access" href="/members">Open Makers Circle</a>');
    const [line] = await storedLines(app, orderId);
    expect(line.memberAccess).toEqual([{ memberAreaId: 'makers-circle', title: 'Makers Circle', url: '/members', expiresAt: expect.any(Number) }]);
    expect(line.memberAccess[0].expiresAt).toBeGreaterThanOrEqual(before + 365 * DAY);
    expect(problems).toEqual([]);
  });

  it('through the orders API too, and not for an order without the pass', async () => {
    const { app } = await freshShop();
    const add = await app.inject(withCrumb({ method: 'POST', url: '/api/commerce/shopping-cart/entries', payload: { itemId: 'p14', quantity: 1 } }));
    const cart = cookieOf(add, 'tessera_cart')!.value;
    const res = await app.inject(withCrumb({ method: 'POST', url: '/api/commerce/orders', payload: { email: 'ada@example.com', name: 'Ada' }, cookies: { tessera_cart: cart } }));
    expect(res.statusCode).toBe(201);
    expect(res.json().order.items[0].memberAccess[0]).toMatchObject({ memberAreaId: 'makers-circle', url: '/members' });
    const member = cookieOf(res, COOKIE)!.value;
    expect((await app.inject({ url: '/members', cookies: { [COOKIE]: member } })).statusCode).toBe(200);

    const other = await buy(app, [{ itemId: 'p01' }]);
    expect(other.cookies[COOKIE]).toBeUndefined();
    expect(Object.keys(other.cookies).filter((name) => name.startsWith('tessera_member'))).toEqual([]);
  });

  it('a pass without an end gives a cookie for the longest a browser keeps one', async () => {
    const { app } = await freshShop();
    await writeBeside(app, async ({ db, t }) => {
      const [members] = await db.select({ settings: t.collections.settings }).from(t.collections).where(eq(t.collections.id, 'members'));
      const { memberAccessDays: _, ...settings } = JSON.parse(members!.settings);
      await db.update(t.collections).set({ settings: JSON.stringify(settings) }).where(eq(t.collections.id, 'members'));
    });
    const bought = await buy(app, [PASS], { email: 'ada@example.com', name: 'Ada' });
    expect(cookieOf(bought.response, COOKIE)!.maxAge).toBe(400 * 86_400);
    const [line] = await storedLines(app, bought.orderId);
    expect(line.memberAccess[0].expiresAt).toBeNull();
    expect((await app.inject({ url: '/members', cookies: { [COOKIE]: bought.cookies[COOKIE]! } })).statusCode).toBe(200);
  });
});

describe('a member cookie that is not the server’s, or no longer good', () => {
  it('opens nothing: changed, forged, of another area, expired, or of an order that is gone', async () => {
    const { app } = await freshShop();
    const bought = await buy(app, [PASS], { email: 'ada@example.com', name: 'Ada' });
    const good = bought.cookies[COOKIE]!;
    const status = async (value: string, name = COOKIE) => (await app.inject({ url: '/members', cookies: { [name]: value } })).statusCode;
    expect(await status(good)).toBe(200);

    const [orderId, expires] = good.split('.');
    const last = good.at(-1) === 'A' ? 'B' : 'A';
    const refused = {
      'a changed signature': good.slice(0, -1) + last,
      'a later end': `${orderId}.${(Number.parseInt(expires!, 36) + DAY).toString(36)}.${good.split('.')[2]}`,
      'another secret': signToken('not the server’s secret', 'member:makers-circle', [orderId!, expires!]),
      'another purpose': signToken(TEST_CRUMB_SECRET, 'download', [orderId!, expires!]),
      'an order that does not exist': signToken(TEST_CRUMB_SECRET, 'member:makers-circle', ['00000000-0000-4000-8000-000000000000', expires!]),
      'an end already past': signToken(TEST_CRUMB_SECRET, 'member:makers-circle', [orderId!, (Date.now() - 1000).toString(36)]),
      'no end, though the order has one': signToken(TEST_CRUMB_SECRET, 'member:makers-circle', [orderId!, '']),
      'nonsense': 'x',
    };
    for (const [what, value] of Object.entries(refused)) expect(await status(value), what).toBe(403);
    // the same (valid) token under another area's cookie name opens nothing there either
    const another = memberCookieName('another-area');
    await writeBeside(app, ({ db, t }) => db.update(t.collections).set({ settings: JSON.stringify({ memberAreaId: 'another-area', memberPassItemId: 'p14' }) }).where(eq(t.collections.id, 'trade')));
    expect((await app.inject({ url: '/trade', cookies: { [another]: good } })).statusCode).toBe(403);

    // the order's grant is what counts: an order no longer holding it (or gone) closes the door again
    const items = await storedLines(app, orderId!);
    items[0].memberAccess[0].expiresAt = Date.now() - 1000;
    await writeBeside(app, ({ db, t }) => db.update(t.orders).set({ items: JSON.stringify(items) }).where(eq(t.orders.id, orderId!)));
    expect(await status(good)).toBe(403);
  });
});

describe('confirmation', () => {
  it('re-sets the cookie for the buyer only', async () => {
    const { app } = await freshShop();
    const bought = await buy(app, [PASS], { email: 'ada@example.com', name: 'Ada' });
    expect(cookieOf(await confirmation(app, bought), COOKIE)?.value).toBe(bought.cookies[COOKIE]);
    const stranger = await app.inject(bought.location);
    expect(stranger.statusCode).toBe(404);
    expect(cookieOf(stranger, COOKIE)).toBeUndefined();
  });
});
