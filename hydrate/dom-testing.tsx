/**
 * What the DOM unit tests of hydrate/ share (happy-dom, not a test file itself):
 *
 *   useIslandTestPage({ cookies: { crumb: 'abc' } });  // per test: fake timers, fresh cart store, selections and cookies, fetch mocked, console.error fails
 *   respond(200, { shoppingCart });                     // the next request's JSON answer
 *   const el = await hydrateIsland('product-form', props, mountProductForm);
 *   await advance(1000);                                // timers and effects, inside act
 *   expect(alertShown()).toEqual({ title, message });
 *
 * `restoreAfterEach` and `useFakeTimersEachTest` are the pieces of that page for tests without an island.
 */
import { act } from 'react';
import { afterEach, beforeEach, expect, type Mock, type MockInstance, vi } from 'vitest';
import { resetCartStore } from './cart-store.js';
import { resetSelections } from './product-selection.js';
import { type IslandName, type IslandProps, islandMarkup } from './ssr.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// ---- lifecycle ----------------------------------------------------------------------------------------

function restore(): void {
  vi.clearAllTimers();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
}

/** After each test: pending fake timers dropped, real timers back, spies and stubbed globals restored, the page emptied. */
export function restoreAfterEach(): void {
  afterEach(restore);
}

/** Fake timers in every test of the file, real ones again after each (with `restoreAfterEach`). */
export function useFakeTimersEachTest(): void {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(restore);
}

/** `fetch` in every test of a file that calls `useIslandTestPage`: answers nothing until told (`respond`, `pending`, `offline`). */
export const fetchMock: Mock<typeof fetch> = vi.fn<typeof fetch>();

let consoleError: MockInstance<typeof console.error> | undefined;

/** Hydration mismatches and React warnings arrive through console.error: none is allowed. */
export function expectNoConsoleError(): void {
  if (consoleError === undefined) throw new Error('console.error is watched only in the tests of useIslandTestPage');
  expect(consoleError).not.toHaveBeenCalled();
}

/**
 * Each test of the file on a page of its own: fake timers, an empty cart store, no buy-box choices, no cookies but `cookies`,
 * `fetch` replaced by `fetchMock`, and console.error watched (the test fails after the fact if it was called).
 * Everything is put back after each test, as `restoreAfterEach` does.
 */
export function useIslandTestPage({ cookies = {} }: { cookies?: Readonly<Record<string, string>> } = {}): void {
  const realFetch = globalThis.fetch;
  beforeEach(() => {
    vi.useFakeTimers();
    resetCartStore();
    resetSelections();
    clearCookies();
    for (const [name, value] of Object.entries(cookies)) setCookie(name, value);
    fetchMock.mockReset();
    globalThis.fetch = fetchMock;
    consoleError = vi.spyOn(console, 'error');
  });
  afterEach(() => {
    try {
      expectNoConsoleError();
    } finally {
      consoleError = undefined;
      globalThis.fetch = realFetch;
      restore();
    }
  });
}

// ---- cookies ------------------------------------------------------------------------------------------

export function setCookie(name: string, value: string): void {
  document.cookie = `${name}=${value}; path=/`;
}

export function clearCookies(): void {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  }
}

// ---- the network --------------------------------------------------------------------------------------

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

/** The next request answers `status` with `body` as JSON. */
export function respond(status: number, body: unknown): void {
  fetchMock.mockImplementationOnce(async () => json(status, body));
}

/** The next request gets no answer at all (the browser's network error). */
export function offline(): void {
  fetchMock.mockImplementationOnce(async () => {
    throw new TypeError('Failed to fetch');
  });
}

/** The next request answers only when the test says so: the function answers it and lets the page take the answer in. */
export function pending(status: number, body: unknown): () => Promise<void> {
  let release: () => void = () => {};
  fetchMock.mockImplementationOnce(
    () =>
      new Promise<Response>((resolve) => {
        release = () => resolve(json(status, body));
      }),
  );
  return () =>
    act(async () => {
      release();
      await vi.advanceTimersByTimeAsync(0);
    });
}

/** The `i`th request `fetch` was asked for: path, method, headers and the JSON body (undefined without one). */
export function sentRequest(i = 0) {
  const [path, init] = fetchMock.mock.calls[i] ?? [];
  return {
    path,
    method: init?.method,
    headers: init?.headers as Record<string, string>,
    body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
  };
}

// ---- islands ------------------------------------------------------------------------------------------

/** The server's markup of one island as the page body (after `before`); answers the island's element. */
export function serverMarkup<N extends IslandName>(name: N, props: IslandProps[N], before = ''): HTMLElement {
  document.body.innerHTML = before + islandMarkup(name, props);
  const element = document.querySelector<HTMLElement>(`[data-island="${name}"]`);
  if (element === null) throw new Error(`no ${name} island`);
  return element;
}

/**
 * The server's markup, hydrated by the island's own entry (`mount`, its module's default export) as the
 * loader would; hydration must adopt the server's nodes as they were.
 */
export async function hydrateIsland<N extends IslandName>(
  name: N,
  props: IslandProps[N],
  mount: (element: HTMLElement) => void,
  { before = '' }: { before?: string } = {},
): Promise<HTMLElement> {
  const element = serverMarkup(name, props, before);
  const serverHtml = element.innerHTML;
  await act(async () => mount(element));
  expect(element.innerHTML).toBe(serverHtml);
  return element;
}

/** `ms` of fake time, with the effects and renders they cause, inside act. */
export const advance = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });

/** The effects and answers already due (no time passes). */
export const flush = () => advance(0);

/** Types `text` into an input as a user would: through the prototype's setter, so React's value tracker sees a change. */
export async function typeInto(input: HTMLInputElement, text: string): Promise<void> {
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

// ---- the alert ----------------------------------------------------------------------------------------

/** The open alert's title and message, or null. */
export function alertShown(): { title: string; message: string } | null {
  const dialog = document.querySelector<HTMLDialogElement>('dialog.tessera-alert');
  if (dialog === null) return null;
  expect(dialog.open).toBe(true);
  const region = dialog.querySelector('[role="alert"]');
  expect(region).not.toBeNull();
  return { title: region?.querySelector('h2')?.textContent ?? '', message: region?.querySelector('p')?.textContent ?? '' };
}

/** Closes the alert with its OK button; it leaves the page. */
export async function closeAlert(): Promise<void> {
  const ok = document.querySelector<HTMLButtonElement>('dialog.tessera-alert .tessera-alert-close');
  if (ok === null) throw new Error('no alert');
  await act(async () => ok.click());
  expect(document.querySelector('dialog.tessera-alert')).toBeNull();
}
