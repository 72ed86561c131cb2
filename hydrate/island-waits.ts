/**
 * Islands the loader holds back until the visitor has a cart: they render nothing visible without one (the
 * floating pill), so a visitor who only browses fetches none of their code, React included. Shared by the
 * loader and `npm run size`, which counts a page as a first visit (no cart) loads it.
 */
export const WAIT_FOR_CART: ReadonlySet<string> = new Set(['cart-pill']);
