/**
 * What the tracker's DOM tests share (happy-dom; not a test file itself): a recorded page with its census data,
 * a fetch and a beacon that record what they are given, and a clean slate (cookies, storage, listeners' page)
 * before each test.
 */
import { vi } from 'vitest';
import type { CensusPage } from './page.js';

export const PAGE: CensusPage = {
  websiteId: 'site-1',
  templateId: 'templates',
  collectionId: 'shop',
  itemId: 'p02',
  recordType: 11,
  locale: 'en-US',
  pageType: 2,
  permissionType: 'open',
  restrictiveCookies: false,
};

export interface Sent {
  readonly url: string;
  readonly body: string;
  readonly via: 'beacon' | 'fetch';
  readonly headers?: Record<string, string>;
}

/** The page's census element and address. */
export function censusPage(page: Partial<CensusPage> = {}, path = '/shop/p/field-shirt?color=navy'): CensusPage {
  const full = { ...PAGE, ...page };
  document.body.innerHTML = `<script type="application/json" id="tessera-census">${JSON.stringify(full)}</script>`;
  history.replaceState(null, '', path);
  return full;
}

const bodyText = (body: unknown) => (typeof body === 'string' ? body : String(body));

/**
 * Stubs `fetch` (answering `status`, or never when `status` is 'hang') and, when `beacon`, `navigator.sendBeacon`;
 * returns the list of calls made.
 */
export function network({ beacon = true, status = 200 as number | 'hang', json = {} as unknown } = {}): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit = {}) => {
      sent.push({ url, body: bodyText(init.body ?? ''), via: 'fetch', headers: init.headers as Record<string, string> | undefined });
      if (status === 'hang') {
        return new Promise((_, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
      }
      return Promise.resolve(new Response(JSON.stringify(json), { status }));
    }),
  );
  Object.defineProperty(navigator, 'sendBeacon', {
    configurable: true,
    value: beacon
      ? (url: string, body: unknown) => {
          sent.push({ url, body: bodyText(body), via: 'beacon' });
          return true;
        }
      : undefined,
  });
  return sent;
}

/** Every cookie gone, both storages emptied. */
export function cleanSlate(): void {
  for (const c of document.cookie.split(';')) {
    const name = c.split('=')[0]!.trim();
    if (name !== '') document.cookie = `${name}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  }
  localStorage.clear();
  sessionStorage.clear();
}

/**
 * A cookie cleared with `max-age=0` is gone at once in a browser; happy-dom keeps it until its clock moves on
 * (fake timers hold it still), so tests move it a second before looking.
 */
export function afterCookiesExpire(): void {
  vi.advanceTimersByTime(1000);
}

const added: [EventTarget, string, EventListenerOrEventListenerObject | null, unknown][] = [];

/**
 * Notes every listener added from now on, so that `removeListeners` takes them off again: the tracker's
 * listeners live as long as the page, and one test's page must not hear the next test's events.
 */
export function noteListeners(): void {
  for (const target of [window, document] as EventTarget[]) {
    const original = target.addEventListener.bind(target);
    vi.spyOn(target, 'addEventListener').mockImplementation((type, listener, options) => {
      added.push([target, type, listener, options]);
      original(type, listener, options);
    });
  }
}

/**
 * Until the function returned is called, reading `window.localStorage` and `window.sessionStorage` throws, as
 * in a browser whose storage is turned off; `only` limits it to writes (a full quota).
 */
export function refuseStorage(only?: 'writes'): () => void {
  const restore: (() => void)[] = [];
  for (const area of ['localStorage', 'sessionStorage'] as const) {
    const real = window[area];
    const refused = only === 'writes'
      ? new Proxy(real, { get: (t, key) => (key === 'setItem' ? () => { throw new Error('quota'); } : typeof t[key as keyof Storage] === 'function' ? (t[key as keyof Storage] as (...a: unknown[]) => unknown).bind(t) : t[key as keyof Storage]) })
      : null;
    Object.defineProperty(window, area, {
      configurable: true,
      get: () => {
        if (refused === null) throw new DOMException('denied', 'SecurityError');
        return refused;
      },
    });
    restore.push(() => Object.defineProperty(window, area, { configurable: true, get: () => real }));
  }
  return () => restore.forEach((r) => r());
}

export function removeListeners(): void {
  for (const [target, type, listener, options] of added.splice(0)) target.removeEventListener(type, listener, options as EventListenerOptions);
}

/** After each test: the listeners the test's reporters added gone, real timers, mocks and globals restored. */
export function restoreAfterTest(): void {
  removeListeners();
  vi.clearAllTimers();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
}

/** The first prototype (or the object) that defines `key`. */
export function owner(object: object, key: string): object {
  let at: object | null = object;
  while (at !== null && !Object.prototype.hasOwnProperty.call(at, key)) at = Object.getPrototypeOf(at) as object | null;
  if (at === null) throw new Error(`${key} is defined nowhere on the chain`);
  return at;
}

/** A form body's fields. */
export const fields = (body: string) => Object.fromEntries(new URLSearchParams(body));
