// @vitest-environment happy-dom
/**
 * The site-user session module and the account island in a DOM (spec 001 §4 "Site-user session", §7, §8):
 * sign-in keeps the answered token and later session requests send it as X-CSRF-Token; sign-out is retried once
 * on crumbFail (and only once); the locale is not sent for a custom-code language; an unparseable user-info
 * cookie is logged and means logged out; preferences per namespace are cached, and saving updates the cache,
 * fires the refetch event, then sends (a refused save reads the server again). The island signs in and out
 * through the API and shows a refusal in place.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SITE_USER_INFO_COOKIE } from '../commerce/cookies.js';
import { fetchMock, flush, offline, respond, sentRequest, setCookie, useIslandTestPage } from './dom-testing.js';
import mountAccount from './islands/account.js';
import { cachedPreferences, loadPreferences, onPreferencesRefetch, PREFERENCES_REFETCH_EVENT, resetPreferences, savePreferences } from './preferences.js';
import { currentXsrfToken, resetSiteUserSession, signIn, signOut, siteUserInfo, updateLocale, USER_INFO_PARSE_ERROR } from './site-user-session.js';

useIslandTestPage({ cookies: { crumb: 'page-crumb' } });
beforeEach(() => {
  resetSiteUserSession();
  resetPreferences();
  sessionStorage.clear();
});

const SESSION = '/api/site-users/account/session';

describe('sign-in and sign-out', () => {
  it('sign-in posts the login payload and keeps the answered token for later session requests', async () => {
    respond(200, { xsrfToken: 'token-from-login' });
    const result = await signIn({ email: 'a@example.com', password: 'secret pw', rememberMe: true });
    expect(result).toEqual({ ok: true, status: 200, data: { xsrfToken: 'token-from-login' } });
    expect(sentRequest(0)).toMatchObject({ path: SESSION, method: 'POST', body: { email: 'a@example.com', password: 'secret pw', rememberMe: true } });
    expect(sentRequest(0).headers['x-csrf-token']).toBe('page-crumb');
    expect(currentXsrfToken()).toBe('token-from-login');
    respond(200, { signedOut: true });
    await signOut(false);
    expect(sentRequest(1)).toMatchObject({ path: `${SESSION}?cloneCart=false`, method: 'DELETE' });
    expect(sentRequest(1).headers['x-csrf-token']).toBe('token-from-login');
  });

  it('the token outlives the page (kept for the tab)', async () => {
    respond(200, { xsrfToken: 'kept' });
    await signIn({ email: 'a@example.com', password: 'secret pw', rememberMe: false });
    resetSiteUserSession();
    expect(currentXsrfToken()).toBe('kept');
  });

  it('sign-out retries once on crumbFail, with the crumb the browser holds now', async () => {
    respond(200, { xsrfToken: 'old-token' });
    await signIn({ email: 'a@example.com', password: 'secret pw', rememberMe: false });
    setCookie('crumb', 'rotated-crumb');
    respond(403, { message: 'Invalid or missing crumb: reload the page and try again.', crumbFail: true });
    respond(200, { signedOut: true });
    const result = await signOut(true);
    expect(result.ok).toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(sentRequest(1).headers['x-csrf-token']).toBe('old-token');
    expect(sentRequest(2)).toMatchObject({ path: `${SESSION}?cloneCart=true`, method: 'DELETE' });
    expect(sentRequest(2).headers['x-csrf-token']).toBe('rotated-crumb');
  });

  it('retries only once, and not for other failures', async () => {
    respond(403, { message: 'x', crumbFail: true });
    respond(403, { message: 'x', crumbFail: true });
    expect((await signOut(false)).ok).toBe(false);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    fetchMock.mockClear();
    respond(429, { message: 'Too many requests: try again in 5 s.' });
    expect(await signOut(false)).toEqual({ ok: false, status: 429, message: 'Too many requests: try again in 5 s.' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('a network failure is a value, not a throw', async () => {
    offline();
    expect(await signIn({ email: 'a@example.com', password: 'secret pw', rememberMe: false })).toEqual({ ok: false, status: 0 });
  });
});

describe('locale', () => {
  it('is sent, unless the site language is a custom-code language', async () => {
    expect(await updateLocale('fr-CA', 'de', ['de', 'x-custom'])).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
    respond(200, { language: 'fr-CA' });
    await updateLocale('fr-CA', 'en-US', ['de']);
    expect(sentRequest(0)).toMatchObject({ path: '/api/site-users/account/locale', method: 'POST', body: { language: 'fr-CA' } });
  });
});

describe('the user-info cookie', () => {
  it('reads authenticated and siteUserId', () => {
    expect(siteUserInfo()).toEqual({ authenticated: false, siteUserId: null });
    setCookie(SITE_USER_INFO_COOKIE, encodeURIComponent(JSON.stringify({ authenticated: true, siteUserId: 'u1' })));
    expect(siteUserInfo()).toEqual({ authenticated: true, siteUserId: 'u1' });
  });

  it(`logs '${USER_INFO_PARSE_ERROR}' for a value that does not parse, and means logged out`, () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    for (const bad of ['not json', encodeURIComponent('{"authenticated":"yes"}'), encodeURIComponent('{"authenticated":true}'), encodeURIComponent('[1]')]) {
      setCookie(SITE_USER_INFO_COOKIE, bad);
      expect(siteUserInfo()).toEqual({ authenticated: false, siteUserId: null });
    }
    expect(warn).toHaveBeenCalledTimes(4);
    expect(warn).toHaveBeenCalledWith(USER_INFO_PARSE_ERROR);
  });
});

describe('preferences per namespace', () => {
  const PATH = '/api/v1/commerce-preferences/checkout';

  it('reads once, then from the cache', async () => {
    respond(200, { express: true });
    expect(await loadPreferences('checkout')).toEqual({ express: true });
    expect(await loadPreferences('checkout')).toEqual({ express: true });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(sentRequest(0)).toMatchObject({ path: PATH, method: 'GET' });
  });

  it('saving: the cache at once, then the refetch event, then the PUT; the answer becomes the cache', async () => {
    const order: string[] = [];
    let seen: unknown;
    const stop = onPreferencesRefetch('checkout', (p) => {
      order.push('refetch');
      seen = p;
    });
    fetchMock.mockImplementationOnce(async (_path, init) => {
      order.push(`send ${init?.method}`);
      return new Response(JSON.stringify({ express: false, note: 'saved' }), { status: 200 });
    });
    const saving = savePreferences('checkout', { express: false });
    expect(cachedPreferences('checkout')).toEqual({ express: false });
    expect(seen).toEqual({ express: false });
    await saving;
    expect(order).toEqual(['refetch', 'send PUT']);
    expect(sentRequest(0)).toMatchObject({ path: PATH, method: 'PUT', body: { express: false } });
    expect(cachedPreferences('checkout')).toEqual({ express: false, note: 'saved' });
    stop();
  });

  it('a refused save reads the server again and fires the event once more', async () => {
    const events = vi.fn();
    window.addEventListener(PREFERENCES_REFETCH_EVENT, events);
    respond(401, { message: 'Please sign in as a site owner or contributor.' });
    respond(200, { express: true });
    const result = await savePreferences('checkout', { express: false });
    expect(result.ok).toBe(false);
    expect(cachedPreferences('checkout')).toEqual({ express: true });
    expect(events).toHaveBeenCalledTimes(2);
    window.removeEventListener(PREFERENCES_REFETCH_EVENT, events);
  });

  it('other namespaces are not told', async () => {
    const listener = vi.fn();
    const stop = onPreferencesRefetch('other', listener);
    respond(200, {});
    await savePreferences('checkout', { a: 1 });
    expect(listener).not.toHaveBeenCalled();
    stop();
  });
});

describe('the account island', () => {
  const assign = vi.fn();
  beforeEach(() => {
    assign.mockReset();
    vi.stubGlobal('location', { ...window.location, assign });
  });

  function page(html: string): HTMLFormElement {
    document.body.innerHTML = `<section><h1>Sign in</h1>${html}</section>`;
    const form = document.querySelector<HTMLFormElement>('form')!;
    form.submit = vi.fn();
    mountAccount(form);
    return form;
  }
  const signInPage = () =>
    page(`<form data-island="account" data-account-form="sign-in" method="post" action="/account/login"><input name="email" value="a@example.com"><input name="password" type="password" value="secret pw"><input name="rememberMe" type="checkbox" checked><button type="submit">Sign in</button></form>`);

  it('signs in through the API and goes to the account page', async () => {
    const form = signInPage();
    respond(200, { xsrfToken: 't' });
    form.requestSubmit();
    await flush();
    expect(sentRequest(0)).toMatchObject({ path: SESSION, method: 'POST', body: { email: 'a@example.com', password: 'secret pw', rememberMe: true } });
    expect(assign).toHaveBeenCalledWith('/account');
    expect(form.submit).not.toHaveBeenCalled();
  });

  it('a refusal is shown in place as an alert', async () => {
    const form = signInPage();
    respond(401, { message: 'The e-mail address or password is incorrect.' });
    form.requestSubmit();
    await flush();
    const alert = document.querySelector('[role=alert]')!;
    expect(alert.textContent).toBe('The e-mail address or password is incorrect.');
    expect(alert.nextElementSibling).toBe(form);
    expect(assign).not.toHaveBeenCalled();
  });

  it('an unconfirmed account (403) falls back to the plain post, whose page offers the link again', async () => {
    const form = signInPage();
    respond(403, { message: 'Please confirm your e-mail address first.' });
    form.requestSubmit();
    await flush();
    expect(form.submit).toHaveBeenCalledTimes(1);
  });

  it('signs out with the cart choice and goes to the sign-in page', async () => {
    const form = page(`<form data-island="account" data-account-form="sign-out" method="post" action="/account/logout"><input name="cloneCart" type="checkbox" checked><button type="submit">Sign out</button></form>`);
    respond(200, { signedOut: true });
    form.requestSubmit();
    await flush();
    expect(sentRequest(0)).toMatchObject({ path: `${SESSION}?cloneCart=true`, method: 'DELETE' });
    expect(assign).toHaveBeenCalledWith('/account/login?done=signed-out');
  });
});
