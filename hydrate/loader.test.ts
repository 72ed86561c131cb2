// @vitest-environment happy-dom
/**
 * The loader in a DOM: it imports an island's module only when its element comes into view or the browser
 * is idle (whichever is first, once), mounts it on its element, gives the platform's own commerce markup the
 * platform-commerce island, and imports nothing on a page without islands. IntersectionObserver and
 * requestIdleCallback are stubs the test drives; the island modules are mocks that record their import.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { HAS_CART_COOKIE } from '../commerce/cookies.js';
import { CART_FILLED_EVENT } from './cart-event.js';
import { restoreAfterEach } from './dom-testing.js';

const imported: string[] = [];
const mounts = new Map<string, ReturnType<typeof vi.fn>>();

function island(name: string) {
  imported.push(name);
  const mount = vi.fn();
  mounts.set(name, mount);
  return { default: mount };
}
/** Fresh island mocks for each loaded page: a module counts as imported when its factory runs. */
function mockIslands() {
  vi.doMock('./islands/product-form.js', () => island('product-form'));
  vi.doMock('./islands/cart-pill.js', () => island('cart-pill'));
  vi.doMock('./islands/cart-lines.js', () => island('cart-lines'));
  vi.doMock('./islands/installment-pill.js', () => island('installment-pill'));
  vi.doMock('./islands/platform-commerce.js', () => island('platform-commerce'));
}

class FakeObserver {
  static all: FakeObserver[] = [];
  readonly observed: Element[] = [];
  disconnected = false;
  constructor(private readonly callback: (entries: { isIntersecting: boolean; target: Element }[]) => void) {
    FakeObserver.all.push(this);
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  disconnect() {
    this.disconnected = true;
  }
  unobserve() {}
  takeRecords() {
    return [];
  }
  /** The browser reporting the element's visibility. */
  report(isIntersecting: boolean) {
    if (this.disconnected) return;
    this.callback(this.observed.map((target) => ({ isIntersecting, target })));
  }
  static of(element: Element): FakeObserver {
    const found = FakeObserver.all.find((o) => o.observed.includes(element));
    if (found === undefined) throw new Error('not observed');
    return found;
  }
}

let idleCallbacks: { run: () => void; options: unknown }[];

/** The visitor has a cart (the readable cart cookie), or not. */
function setHasCart(hasCart: boolean) {
  document.cookie = hasCart ? `${HAS_CART_COOKIE}=1; path=/` : `${HAS_CART_COOKIE}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
}

function stubBrowser({ observer = true, idle = true, hasCart = true } = {}) {
  setHasCart(hasCart);
  FakeObserver.all = [];
  idleCallbacks = [];
  vi.stubGlobal('IntersectionObserver', observer ? FakeObserver : undefined);
  vi.stubGlobal(
    'requestIdleCallback',
    idle
      ? (run: () => void, options: unknown) => {
          idleCallbacks.push({ run, options });
          return idleCallbacks.length;
        }
      : undefined,
  );
}

const runIdle = () => {
  for (const { run } of idleCallbacks.splice(0)) run();
};

async function loadLoader() {
  vi.resetModules();
  mockIslands();
  await import('./loader.js');
}

const settled = () => vi.dynamicImportSettled();

const PAGE = `
  <div data-island="product-form" id="pf"></div>
  <div data-island="cart-pill" id="pill"></div>
  <div data-island="installment-pill" id="inst"></div>
  <div data-island="no-such-island" id="unknown"></div>`;
const byId = (id: string) => document.getElementById(id)!;

beforeEach(() => {
  imported.length = 0;
  mounts.clear();
});
restoreAfterEach();

describe('loader', () => {
  it('a page without islands imports nothing and watches nothing', async () => {
    stubBrowser();
    document.body.innerHTML = '<main><h1>About</h1><p class="sqs-cart-quantity">0</p></main>';
    await loadLoader();
    expect(FakeObserver.all).toHaveLength(0);
    expect(idleCallbacks).toHaveLength(0);
    await settled();
    expect(imported).toEqual([]);
  });

  it('imports nothing up front: each known island is watched and waits for the idle callback', async () => {
    stubBrowser();
    document.body.innerHTML = PAGE;
    await loadLoader();
    await settled();
    expect(imported).toEqual([]);
    // one observer per known island, none for the unknown one
    expect(FakeObserver.all.map((o) => o.observed.map((e) => e.id))).toEqual([['pf'], ['pill'], ['inst']]);
    expect(idleCallbacks).toHaveLength(3);
    expect(idleCallbacks[0]?.options).toEqual({ timeout: 2000 });
  });

  it('an island intersecting loads that island only, mounted on its element, once', async () => {
    stubBrowser();
    document.body.innerHTML = PAGE;
    await loadLoader();
    FakeObserver.of(byId('pill')).report(false);
    await settled();
    expect(imported).toEqual([]);

    FakeObserver.of(byId('pill')).report(true);
    await settled();
    expect(imported).toEqual(['cart-pill']);
    expect(mounts.get('cart-pill')).toHaveBeenCalledExactlyOnceWith(byId('pill'));
    expect(FakeObserver.of(byId('pill')).disconnected).toBe(true);
    expect(FakeObserver.of(byId('pf')).disconnected).toBe(false);

    // idle comes later: the others load, the pill is not mounted twice
    runIdle();
    await settled();
    expect(imported.sort()).toEqual(['cart-pill', 'installment-pill', 'product-form']);
    expect(mounts.get('cart-pill')).toHaveBeenCalledTimes(1);
    expect(mounts.get('product-form')).toHaveBeenCalledExactlyOnceWith(byId('pf'));
    expect(mounts.get('installment-pill')).toHaveBeenCalledExactlyOnceWith(byId('inst'));
    expect(FakeObserver.all.every((o) => o.disconnected)).toBe(true);
    // visible again later: nothing more
    FakeObserver.of(byId('pf')).report(true);
    await settled();
    expect(mounts.get('product-form')).toHaveBeenCalledTimes(1);
  });

  it('idle first loads every island and stops watching them', async () => {
    stubBrowser();
    document.body.innerHTML = PAGE + '<div data-island="cart-lines" id="lines"></div>';
    await loadLoader();
    runIdle();
    await settled();
    expect(imported.sort()).toEqual(['cart-lines', 'cart-pill', 'installment-pill', 'product-form']);
    expect(mounts.get('cart-lines')).toHaveBeenCalledExactlyOnceWith(byId('lines'));
    expect(FakeObserver.all.every((o) => o.disconnected)).toBe(true);
  });

  it('without a cart the pill is not watched nor imported until the cart store says the cart holds something', async () => {
    stubBrowser({ hasCart: false });
    document.body.innerHTML = PAGE;
    await loadLoader();
    expect(FakeObserver.all.map((o) => o.observed.map((e) => e.id))).toEqual([['pf'], ['inst']]);
    runIdle();
    await settled();
    expect(imported.sort()).toEqual(['installment-pill', 'product-form']);
    // an add from the buy box fills the cart: the pill loads at once, marked as having waited
    window.dispatchEvent(new Event(CART_FILLED_EVENT));
    await settled();
    expect(imported).toContain('cart-pill');
    expect(mounts.get('cart-pill')).toHaveBeenCalledExactlyOnceWith(byId('pill'));
    expect(byId('pill').dataset['waited']).toBe('cart');
    // a second add does not mount it again
    window.dispatchEvent(new Event(CART_FILLED_EVENT));
    runIdle();
    await settled();
    expect(mounts.get('cart-pill')).toHaveBeenCalledTimes(1);
  });

  it('two islands of one kind: one module, each element mounted when its turn comes', async () => {
    stubBrowser();
    document.body.innerHTML = '<div data-island="product-form" id="a"></div><div data-island="product-form" id="b"></div>';
    await loadLoader();
    FakeObserver.of(byId('b')).report(true);
    await settled();
    expect(mounts.get('product-form')?.mock.calls).toEqual([[byId('b')]]);
    runIdle();
    await settled();
    expect(mounts.get('product-form')?.mock.calls).toEqual([[byId('b')], [byId('a')]]);
    expect(imported).toEqual(['product-form']);
  });

  it('the platform’s add-to-cart markup loads platform-commerce on the page body', async () => {
    stubBrowser();
    document.body.innerHTML = `
      <div class="sqs-add-to-cart-button" data-item-id="i1" id="btn"><div class="sqs-add-to-cart-button-inner">Add To Cart</div></div>
      <div class="product-variants" data-item-id="i1" data-variants="[]"></div>`;
    await loadLoader();
    await settled();
    expect(imported).toEqual([]);
    // one watcher for the platform markup, on its first element
    expect(FakeObserver.all).toHaveLength(1);
    expect(FakeObserver.all[0]?.observed).toEqual([byId('btn')]);
    FakeObserver.all[0]?.report(true);
    await settled();
    expect(imported).toEqual(['platform-commerce']);
    expect(mounts.get('platform-commerce')).toHaveBeenCalledExactlyOnceWith(document.body);
    runIdle();
    await settled();
    expect(mounts.get('platform-commerce')).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['.product-variants[data-variants]', '<div class="product-variants" data-variants="[]"></div>'],
    ['.product-quantity-input', '<div class="product-quantity-input"><input value="1"></div>'],
  ])('%s alone is platform markup too', async (_, html) => {
    stubBrowser();
    document.body.innerHTML = html;
    await loadLoader();
    runIdle();
    await settled();
    expect(imported).toEqual(['platform-commerce']);
  });

  it('without requestIdleCallback, a 200 ms timer stands in for idle', async () => {
    vi.useFakeTimers();
    stubBrowser({ idle: false });
    document.body.innerHTML = PAGE;
    await loadLoader();
    await vi.advanceTimersByTimeAsync(199);
    await settled();
    expect(imported).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await settled();
    expect(imported.sort()).toEqual(['cart-pill', 'installment-pill', 'product-form']);
  });

  it('without IntersectionObserver, idle alone loads the islands', async () => {
    stubBrowser({ observer: false });
    document.body.innerHTML = PAGE;
    await loadLoader();
    expect(idleCallbacks).toHaveLength(3);
    await settled();
    expect(imported).toEqual([]);
    runIdle();
    await settled();
    expect(imported.sort()).toEqual(['cart-pill', 'installment-pill', 'product-form']);
  });
});
