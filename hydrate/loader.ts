/**
 * The only script a page with islands loads up front (a few hundred bytes): it finds the page's islands and
 * imports each one's code when its block comes into view or the browser is idle, whichever is first, so
 * nothing of React is fetched before the first paint. The platform's own commerce markup (as any theme
 * prints it with `{@|add-to-cart-btn}`, `{@|variants-select}`, `{@|quantity-input}`) gets its island too.
 * Until an island runs, its form posts the plain way: `submitOnce` keeps a double click to one post. An
 * island that shows nothing without a cart (the floating pill) waits until there is one.
 */
import { CART_FILLED_EVENT, hasCartCookie, WAIT_FOR_CART } from './cart-event.js';
import { submitOnce } from './submit-once.js';

type Mount = { default: (element: HTMLElement) => void };

submitOnce();

const ISLANDS: Record<string, () => Promise<Mount>> = {
  'product-form': () => import('./islands/product-form.js'),
  'cart-pill': () => import('./islands/cart-pill.js'),
  'cart-lines': () => import('./islands/cart-lines.js'),
  'installment-pill': () => import('./islands/installment-pill.js'),
  restock: () => import('./islands/restock.js'),
  form: () => import('./islands/form.js'),
  account: () => import('./islands/account.js'),
};

const PLATFORM_MARKUP = '.sqs-add-to-cart-button, .product-variants[data-variants], .product-quantity-input';

const idle: (run: () => void) => void =
  typeof requestIdleCallback === 'function' ? (run) => requestIdleCallback(run, { timeout: 2000 }) : (run) => setTimeout(run, 200);

function whenNeeded(element: Element, run: () => void): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    observer?.disconnect();
    run();
  };
  const observer =
    typeof IntersectionObserver === 'function'
      ? new IntersectionObserver((entries) => {
          if (entries.some((e) => e.isIntersecting)) once();
        })
      : null;
  observer?.observe(element);
  idle(once);
}

const report = (name: string) => (error: unknown) => console.error(`island ${name} failed to load`, error);

for (const element of document.querySelectorAll<HTMLElement>('[data-island]')) {
  const name = element.dataset['island'] ?? '';
  const load = ISLANDS[name];
  if (load === undefined) continue;
  const mount = () => {
    load().then((m) => m.default(element), report(name));
  };
  if (WAIT_FOR_CART.has(name) && !hasCartCookie()) {
    // the cart just filled on this page: the shopper should see it now, not at the next idle moment
    const afterCart = () => {
      element.dataset['waited'] = 'cart';
      mount();
    };
    window.addEventListener(CART_FILLED_EVENT, afterCart, { once: true });
  } else whenNeeded(element, mount);
}

const platform = document.querySelector(PLATFORM_MARKUP);
if (platform !== null) {
  whenNeeded(platform, () => {
    import('./islands/platform-commerce.js').then((m) => m.default(document.body), report('platform-commerce'));
  });
}
