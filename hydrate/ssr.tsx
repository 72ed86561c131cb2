/**
 * Server rendering of an island: the component's markup inside the element the loader finds
 * (`data-island`), with the props it was rendered from, so the browser hydrates the same tree.
 */
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { CartLines, type CartLinesProps } from './components/cart-lines.js';
import { CartPill, type CartPillProps } from './components/cart-pill.js';
import { InstallmentPillView, type InstallmentPillProps } from './components/installment-pill.js';
import { ProductForm, type ProductFormProps } from './components/product-form.js';
import { RestockForm, type RestockFormProps } from './components/restock-form.js';

export interface IslandProps {
  'product-form': ProductFormProps;
  'cart-pill': CartPillProps;
  'cart-lines': CartLinesProps;
  'installment-pill': InstallmentPillProps;
  restock: RestockFormProps;
}
export type IslandName = keyof IslandProps;

const COMPONENTS: { [N in IslandName]: ComponentType<IslandProps[N]> } = {
  'product-form': ProductForm,
  'cart-pill': CartPill,
  'cart-lines': CartLines,
  'installment-pill': InstallmentPillView,
  restock: RestockForm,
};

export const ISLAND_NAMES = Object.keys(COMPONENTS) as IslandName[];

const ATTR_ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '"': '&quot;', '<': '&lt;', '>': '&gt;' };
/** Text for a quoted attribute value: one pass (four chained replaces were a tenth of a cart page's time). */
const attr = (text: string) => text.replace(/[&"<>]/g, (c) => ATTR_ESCAPES[c]!);

/**
 * Characters beyond ASCII as numeric references (`Adding…` → `Adding&#8230;`): the browser reads the same
 * text, and a page of ASCII stays a one-byte string on the server, cheaper to keep and to send (a single `…`
 * made every product page a two-byte string). Safe in text and in quoted attribute values alike.
 */
const ascii = (html: string) => html.replace(BEYOND_ASCII, (c) => `&#${c.codePointAt(0)};`);
/**
 * A surrogate pair (one character beyond the BMP), else any one code unit beyond ASCII: what `/[^\x00-\x7f]/gu`
 * matches, without the `u` flag, which made V8 scan the whole island several times slower.
 */
const BEYOND_ASCII = /[\ud800-\udbff][\udc00-\udfff]|[^\x00-\x7f]/g;

/**
 * Markup already rendered, by island and props (their JSON, which the markup carries anyway): an island is a
 * pure function of its props, and the cart page rendered its lines with React on every request, most of that
 * page's time (issue 24). Bounded by the characters kept; the least recently used go first.
 */
const rendered = new Map<string, string>();
let renderedChars = 0;
const MAX_RENDERED_CHARS = 4_000_000;

/** A number for each frozen object props share across pages (an island's messages), for `markupKey`. */
const sharedIds = new WeakMap<object, number>();
let nextSharedId = 0;

/**
 * The key of an island's markup: its props' JSON, with each frozen object at their top level (the catalog's
 * messages and refusals, the same object on every page in a language: commerce/messages/island-messages.ts) named
 * by a number of its own instead of written out. Written out, they made a cart page's key several kilobytes of
 * JSON built and hashed on every request.
 */
function markupKey(name: string, props: object): string {
  let keyProps: Record<string, unknown> | null = null;
  for (const [field, value] of Object.entries(props)) {
    if (typeof value !== 'object' || value === null || !Object.isFrozen(value)) continue;
    let id = sharedIds.get(value);
    if (id === undefined) sharedIds.set(value, (id = nextSharedId++));
    (keyProps ??= { ...props })[field] = { '\u0000shared': id };
  }
  return `${name}\u0000${JSON.stringify(keyProps ?? props)}`;
}

export function islandMarkup<N extends IslandName>(name: N, props: IslandProps[N]): string {
  const key = markupKey(name, props);
  const kept = rendered.get(key);
  if (kept !== undefined) {
    rendered.delete(key); // re-inserted: Map order is the recency order
    rendered.set(key, kept);
    return kept;
  }
  const json = JSON.stringify(props);
  const Component = COMPONENTS[name] as ComponentType<IslandProps[N]>;
  // ids from useId must be unique on the page: each island gets its own prefix (the browser uses the same)
  const itemId = (props as { itemId?: unknown }).itemId;
  const prefix = `${name}${typeof itemId === 'string' ? `-${itemId.replace(/[^A-Za-z0-9_-]/g, '')}` : ''}-`;
  const html = renderToString(<Component {...props} />, { identifierPrefix: prefix });
  const markup = ascii(`<div class="island island-${name}" data-island="${name}" data-id-prefix="${attr(prefix)}" data-props="${attr(json)}">${html}</div>`);
  const size = key.length + markup.length;
  if (size <= MAX_RENDERED_CHARS) {
    for (const [k, v] of rendered) {
      if (renderedChars + size <= MAX_RENDERED_CHARS) break;
      rendered.delete(k);
      renderedChars -= k.length + v.length;
    }
    rendered.set(key, markup);
    renderedChars += size;
  }
  return markup;
}
