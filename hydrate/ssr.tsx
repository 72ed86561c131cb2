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

const attr = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Characters beyond ASCII as numeric references (`Adding…` → `Adding&#8230;`): the browser reads the same
 * text, and a page of ASCII stays a one-byte string on the server, cheaper to keep and to send (a single `…`
 * made every product page a two-byte string). Safe in text and in quoted attribute values alike.
 */
const ascii = (html: string) => html.replace(/[^\x00-\x7f]/gu, (c) => `&#${c.codePointAt(0)};`);

export function islandMarkup<N extends IslandName>(name: N, props: IslandProps[N]): string {
  const Component = COMPONENTS[name] as ComponentType<IslandProps[N]>;
  // ids from useId must be unique on the page: each island gets its own prefix (the browser uses the same)
  const itemId = (props as { itemId?: unknown }).itemId;
  const prefix = `${name}${typeof itemId === 'string' ? `-${itemId.replace(/[^A-Za-z0-9_-]/g, '')}` : ''}-`;
  const html = renderToString(<Component {...props} />, { identifierPrefix: prefix });
  return ascii(`<div class="island island-${name}" data-island="${name}" data-id-prefix="${attr(prefix)}" data-props="${attr(JSON.stringify(props))}">${html}</div>`);
}
