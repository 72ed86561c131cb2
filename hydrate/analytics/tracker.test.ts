// @vitest-environment happy-dom
/**
 * The tracker in a DOM: what a page view sends (RecordHit with exactly the page-hit fields, the session info and
 * `ss_cvr`), the cookies and their lifetimes, first landing and first session, the add-to-cart buttons and
 * forms, the restrictive cookie policy, `/config`, the 2.5 s timeout with failures ignored, the beacon and its
 * fetch fallback, the newer tracker's fields and every message of spec 001 §8 "Tracking", the legacy event and
 * the shop's events.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADDED_TO_CART_EVENT } from '../cart-event.js';
import { readCookie } from './cookies.js';
import { ANALYTICS_ID_EXPIRY_KEY, ANALYTICS_ID_KEY, ANALYTICS_ID_MS, analyticsId, trackEvent } from './events.js';
import { startTracker } from './start.js';
import { STORAGE_WARNING } from './storage.js';
import { afterCookiesExpire, censusPage, cleanSlate, fields, network, noteListeners, owner, PAGE, refuseStorage, restoreAfterTest } from './test-page.js';
import { post, TIMEOUT_MS } from './transport.js';
import { FIRST_SESSION_KEY, HAS_LANDED_KEY, sessionInfo, VISIT_SECONDS, VISITOR_SECONDS } from './visitor.js';

let warn: ReturnType<typeof vi.spyOn>;
let error: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  vi.useFakeTimers();
  cleanSlate();
  noteListeners();
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  error = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  restoreAfterTest();
  document.body.innerHTML = '';
});

/** The cookie strings the tracker wrote, by name. */
function cookieWrites(): Map<string, string> {
  const writes = new Map<string, string>();
  const proto = owner(document, 'cookie');
  const descriptor = Object.getOwnPropertyDescriptor(proto, 'cookie')!;
  Object.defineProperty(document, 'cookie', {
    configurable: true,
    get: () => descriptor.get!.call(document) as string,
    set: (value: string) => {
      writes.set(value.split('=')[0]!, value);
      descriptor.set!.call(document, value);
    },
  });
  return writes;
}

describe('a page view', () => {
  it('sends RecordHit as a beacon: the session info, exactly the page-hit fields, ss_cvr', () => {
    const sent = network();
    censusPage();
    document.title = 'Field Shirt — Tessera';
    startTracker(window);
    const hit = sent.find((s) => s.url === '/api/census/RecordHit')!;
    expect(hit.via).toBe('beacon');
    const form = fields(hit.body);
    expect(Object.keys(form).sort()).toEqual(['crumb', 'data', 'event', 'ss_cvr']);
    expect(form['ss_cvr']).toMatch(/^[0-9a-f]{32}$/);
    expect(form['ss_cvr']).toBe(readCookie('ss_cvr'));
    expect(JSON.parse(form['event']!)).toEqual({ isFirstLanding: true, isFirstSession: true, sessionId: readCookie('ss_cvt') });
    const data = JSON.parse(form['data']!) as Record<string, unknown>;
    expect(Object.keys(data).sort()).toEqual(
      ['websiteId', 'templateId', 'website_locale', 'userAgent', 'clientDate', 'viewportInnerWidth', 'viewportInnerHeight', 'screenWidth', 'screenHeight', 'url', 'title', 'itemId', 'recordType', 'collectionId', 'localStorageSupported', 'queryString', 'referrer'].sort(),
    );
    expect(data).toMatchObject({ websiteId: 'site-1', templateId: 'templates', website_locale: 'en-US', url: '/shop/p/field-shirt', title: 'Field Shirt — Tessera', itemId: 'p02', recordType: 11, collectionId: 'shop', localStorageSupported: true, queryString: '?color=navy', userAgent: navigator.userAgent });
    expect(new Date(data['clientDate'] as string).getTime()).toBe(Date.now());
  });

  it('sets ss_cvr for two years and ss_cvt for thirty minutes, keeping their ids on the next page', () => {
    network();
    censusPage();
    const writes = cookieWrites();
    startTracker(window);
    expect(writes.get('ss_cvr')).toMatch(new RegExp(`^ss_cvr=[0-9a-f]{32}; path=/; max-age=${VISITOR_SECONDS}; samesite=lax$`));
    expect(writes.get('ss_cvt')).toMatch(new RegExp(`^ss_cvt=[0-9a-f]{32}; path=/; max-age=${VISIT_SECONDS}; samesite=lax$`));
    expect(VISITOR_SECONDS).toBe(730 * 24 * 3600);
    expect(VISIT_SECONDS).toBe(1800);
    const [visitor, visit] = [readCookie('ss_cvr'), readCookie('ss_cvt')];
    const sent = network();
    startTracker(window);
    expect(fields(sent[0]!.body)['ss_cvr']).toBe(visitor);
    expect(readCookie('ss_cvt')).toBe(visit);
  });

  it('first landing and first session: the flags of spec 001 §4', () => {
    expect(sessionInfo()).toMatchObject({ isFirstLanding: true, isFirstSession: true });
    expect(sessionStorage.getItem(FIRST_SESSION_KEY)).toBe('true');
    expect(localStorage.getItem(HAS_LANDED_KEY)).toBe('true');
    // the next page of the same session: not a landing, still the first session
    expect(sessionInfo()).toMatchObject({ isFirstLanding: false, isFirstSession: true });
    // a new session (session storage gone): a landing, not the first session
    sessionStorage.clear();
    expect(sessionInfo()).toMatchObject({ isFirstLanding: true, isFirstSession: false });
    expect(sessionInfo()).toMatchObject({ isFirstLanding: false, isFirstSession: false });
    // a session id is made and kept in the visit cookie when there is none
    const { sessionId } = sessionInfo();
    expect(sessionId).toBe(readCookie('ss_cvt'));
  });

  it('storage that throws: the spec’s warning, and the page view still goes', () => {
    const sent = network();
    censusPage();
    const restore = refuseStorage();
    startTracker(window);
    restore();
    expect(warn).toHaveBeenCalledWith(STORAGE_WARNING);
    expect(STORAGE_WARNING).toBe('Unable to access local/session storage');
    expect(sent.some((s) => s.url === '/api/census/RecordHit')).toBe(true);
  });

  it('reports the add-to-cart buttons and forms on the page, and each press of an add button', () => {
    const sent = network();
    censusPage();
    document.body.insertAdjacentHTML(
      'beforeend',
      '<form data-item-id="p02"><button class="add-to-cart-button">Add</button></form><div class="sqs-add-to-cart-button" data-item-id="p05"><span>Add</span></div><form id="form-contact-form"></form><form id="search"></form>',
    );
    startTracker(window);
    const renders = sent.filter((s) => s.url === '/api/census/button-render').map((s) => fields(s.body));
    expect(renders.map((f) => f['itemId'])).toEqual(['p02', 'p05']);
    expect(renders[0]).toEqual({ visitorCookie: readCookie('ss_cvr'), websiteId: 'site-1', collectionId: 'shop', itemId: 'p02', url: '/shop/p/field-shirt', pagePermissionType: 'open', crumb: '' });
    const forms = sent.filter((s) => s.url === '/api/census/form-render').map((s) => fields(s.body));
    expect(forms).toEqual([expect.objectContaining({ formId: 'contact-form', visitorCookie: readCookie('ss_cvr') })]);
    document.querySelector('.sqs-add-to-cart-button span')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    const clicks = sent.filter((s) => s.url === '/api/census/button-click').map((s) => fields(s.body));
    expect(clicks).toEqual([expect.objectContaining({ itemId: 'p05', visitorCookie: readCookie('ss_cvr') })]);
  });

  it('under a restrictive cookie policy: the five census cookies are cleared and nothing is sent', () => {
    const sent = network();
    for (const name of ['ss_cid', 'ss_cpvisit', 'ss_cvisit', 'ss_cvr', 'ss_cvt', 'crumb']) document.cookie = `${name}=1; path=/`;
    censusPage({ restrictiveCookies: true });
    startTracker(window);
    afterCookiesExpire();
    vi.advanceTimersByTime(120_000);
    expect(sent).toEqual([]);
    expect(document.cookie).toBe('crumb=1');
    window.dispatchEvent(new CustomEvent(ADDED_TO_CART_EVENT, { detail: { itemId: 'p02', variantId: 'v1', quantity: 1 } }));
    expect(sent).toEqual([]);
  });

  it('nothing under /config, nothing without census data', () => {
    const sent = network();
    censusPage({}, '/config/analytics');
    startTracker(window);
    document.body.innerHTML = '';
    history.replaceState(null, '', '/shop');
    startTracker(window);
    document.body.innerHTML = '<script type="application/json" id="tessera-census">{not json</script>';
    startTracker(window);
    expect(sent).toEqual([]);
    expect(readCookie('ss_cvr')).toBeNull();
    expect(readCookie('ss_cvt')).toBeNull();
  });

  it('without a beacon: fetch, given up after 2.5 s, the failure ignored', async () => {
    const sent = network({ beacon: false, status: 'hang' });
    censusPage();
    startTracker(window);
    const hit = sent.find((s) => s.url === '/api/census/RecordHit')!;
    expect(hit.via).toBe('fetch');
    const signal = (vi.mocked(fetch).mock.calls[0]![1] as RequestInit).signal!;
    expect(signal.aborted).toBe(false);
    vi.advanceTimersByTime(TIMEOUT_MS - 1);
    expect(signal.aborted).toBe(false);
    vi.advanceTimersByTime(1);
    expect(signal.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(error).not.toHaveBeenCalled();
    expect(warn).not.toHaveBeenCalled();
    const failed = post('/x', 'y');
    await vi.advanceTimersByTimeAsync(TIMEOUT_MS);
    await expect(failed).resolves.toBe(0);
  });

  it('a beacon the browser refuses goes by fetch', () => {
    const sent = network();
    Object.defineProperty(navigator, 'sendBeacon', { configurable: true, value: () => false });
    censusPage();
    startTracker(window);
    expect(sent.find((s) => s.url === '/api/census/RecordHit')!.via).toBe('fetch');
  });
});

describe('the newer tracker (clanker events)', () => {
  const withVisitor = () => (document.cookie = 'ss_cvr=abc; path=/');

  it('sends eventSchemaName and eventContent as a JSON string with the spec’s fields, as a beacon', () => {
    const sent = network();
    withVisitor();
    history.replaceState(null, '', '/shop?tag=linen');
    trackEvent(PAGE, 'ProductView', { object_identifier: 'p02', destination_url: '/cart' });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ url: '/api/v1/clanker/events', via: 'beacon' });
    const body = JSON.parse(sent[0]!.body) as { eventSchemaName: string; eventContent: string };
    expect(body.eventSchemaName).toBe('ProductView');
    const content = JSON.parse(body.eventContent) as Record<string, unknown>;
    expect(Object.keys(content).sort()).toEqual(
      [
        'analytics_id', 'browser_language', 'browser_window_height', 'browser_window_width', 'client_name', 'client_version', 'marketing_id', 'page_host', 'page_path',
        'page_query_params', 'page_referrer_url', 'session_id', 'enduser_user_agent', 'event_occurrence_timestamp', 'browser_locale', 'custom_schema_name', 'source_environment',
        'context_website_id', 'destination_url', 'member_account_id', 'object_identifier', 'resolved_locale', 'website_locale', 'member_account_locale', 'page_permission_type',
      ].sort(),
    );
    expect(content).toMatchObject({ page_path: '/shop', page_query_params: 'tag=linen', context_website_id: 'site-1', object_identifier: 'p02', destination_url: '/cart', custom_schema_name: 'ProductView', page_permission_type: 'open', session_id: readCookie('ss_cvt'), event_occurrence_timestamp: Date.now() });
    expect(warn).not.toHaveBeenCalled();
  });

  it('warns when a caller’s field is overwritten because it is auto-populated', () => {
    const sent = network();
    withVisitor();
    history.replaceState(null, '', '/');
    trackEvent(PAGE, 'X', { page_path: '/elsewhere', custom: 1 });
    expect(warn).toHaveBeenCalledWith("Tracking field 'page_path' is auto-populated: the value given is overwritten");
    expect(warn).toHaveBeenCalledTimes(1);
    const content = JSON.parse((JSON.parse(sent[0]!.body) as { eventContent: string }).eventContent) as Record<string, unknown>;
    expect(content['page_path']).toBe('/');
    expect(content['custom']).toBe(1);
  });

  it("'no payload' when there is none; nothing without the visitor cookie", () => {
    const sent = network();
    withVisitor();
    trackEvent(PAGE, 'X');
    trackEvent(PAGE, 'X', null);
    expect(error.mock.calls).toEqual([['no payload'], ['no payload']]);
    document.cookie = 'ss_cvr=; path=/; max-age=0';
    afterCookiesExpire();
    trackEvent(PAGE, 'X', { a: 1 });
    expect(sent).toEqual([]);
  });

  it('by fetch without a beacon: JSON, only 200 and 202 are success', async () => {
    withVisitor();
    for (const [status, logged] of [[200, false], [202, false], [204, true], [400, true], [500, true]] as const) {
      error.mockClear();
      const sent = network({ beacon: false, status });
      trackEvent(PAGE, 'X', { a: 1 });
      await vi.runAllTimersAsync();
      expect(sent[0]).toMatchObject({ via: 'fetch', headers: { 'content-type': 'application/json' } });
      expect(error.mock.calls).toEqual(logged ? [[`Error tracking event: HTTP Status ${status}`]] : []);
    }
  });

  it('the analytics id lasts 390 days in local storage; "Unable to store analyticsId" when it cannot be kept', () => {
    const now = Date.now();
    const id = analyticsId(now);
    expect(localStorage.getItem(ANALYTICS_ID_KEY)).toBe(id);
    expect(Number(localStorage.getItem(ANALYTICS_ID_EXPIRY_KEY))).toBe(now + ANALYTICS_ID_MS);
    expect(ANALYTICS_ID_MS).toBe(390 * 86_400_000);
    expect(analyticsId(now + ANALYTICS_ID_MS - 1)).toBe(id);
    expect(analyticsId(now + ANALYTICS_ID_MS)).not.toBe(id);
    localStorage.removeItem(ANALYTICS_ID_KEY);
    const restore = refuseStorage('writes');
    analyticsId();
    restore();
    expect(warn).toHaveBeenCalledWith('Unable to store analyticsId');
  });

  it('tesseraTrack sends a theme script’s event through the newer tracker', () => {
    const sent = network();
    censusPage();
    startTracker(window);
    window.tesseraTrack!('NewsletterOpened', { object_identifier: 'footer' });
    expect(JSON.parse(sent.at(-1)!.body)).toMatchObject({ eventSchemaName: 'NewsletterOpened' });
  });
});

describe('the shop’s events', () => {
  it('an add to the cart goes to the legacy RecordEvent with its variant and the page’s permission type', () => {
    const sent = network();
    document.cookie = 'crumb=c0ffee; path=/';
    censusPage({ permissionType: 'members' });
    startTracker(window);
    window.dispatchEvent(new CustomEvent(ADDED_TO_CART_EVENT, { detail: { itemId: 'p02', variantId: 'v-navy-m', quantity: 2 } }));
    const event = sent.find((s) => s.url === '/api/events/RecordEvent')!;
    const form = fields(event.body);
    expect(form).toMatchObject({ crumb: 'c0ffee', event: 'AddToCart', eventName: 'AddToCart' });
    expect(JSON.parse(form['data']!)).toEqual({
      pageHash: '',
      pagePath: '/shop/p/field-shirt',
      websiteId: 'site-1',
      templateId: 'templates',
      variantId: 'v-navy-m',
      memberAccountId: null,
      member_locale: null,
      website_locale: 'en-US',
      pagePermissionType: 'members',
    });
  });

  it('a signed-in customer’s id from the user-info cookie goes in both trackers’ member fields; a cookie that does not parse sends none', () => {
    const sent = network();
    censusPage();
    startTracker(window);
    document.cookie = `SiteUserInfo=${encodeURIComponent('{"authenticated":true,"siteUserId":"su-7"}')}; path=/`;
    trackEvent(PAGE, 'X', { a: 1 });
    window.dispatchEvent(new CustomEvent(ADDED_TO_CART_EVENT, { detail: { itemId: 'p02', variantId: 'v1', quantity: 1 } }));
    const content = (s: { body: string }) => JSON.parse((JSON.parse(s.body) as { eventContent: string }).eventContent) as Record<string, unknown>;
    expect(content(sent.find((s) => s.url === '/api/v1/clanker/events')!)['member_account_id']).toBe('su-7');
    expect(JSON.parse(fields(sent.find((s) => s.url === '/api/events/RecordEvent')!.body)['data']!)).toMatchObject({ memberAccountId: 'su-7' });
    sent.length = 0;
    document.cookie = 'SiteUserInfo=not-json; path=/';
    trackEvent(PAGE, 'X', { a: 1 });
    expect(content(sent[0]!)['member_account_id']).toBeNull();
  });

  it('the order confirmation sends CheckoutConfirmed with orderId, cartId, testMode, websiteId, once per order', () => {
    let sent = network();
    const order = { orderId: 'o-1', cartId: 'cart-1', testMode: true, websiteId: 'site-1' };
    censusPage({ pageType: 202, order }, '/checkout/order-confirmed/o-1');
    startTracker(window);
    const confirmed = sent.filter((s) => s.url === '/api/v1/clanker/events').map((s) => JSON.parse(s.body) as { eventSchemaName: string; eventContent: string });
    expect(confirmed.map((c) => c.eventSchemaName)).toEqual(['CheckoutConfirmed']);
    expect(JSON.parse(confirmed[0]!.eventContent)).toMatchObject(order);
    sent = network();
    startTracker(window);
    expect(sent.filter((s) => s.url === '/api/v1/clanker/events')).toEqual([]);
  });
});
