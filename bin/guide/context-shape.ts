/**
 * The shape of the page context, read from the storefront itself: each demo page's `?format=json` over a
 * fresh demo store. Keys and kinds of value only (values change with the clock and the crumb), so the guide
 * says what a template can read on which page and cannot drift from what the server sends.
 */
import { buildApp } from '../../server/app.js';
import { openStore } from '../../server/db/database.js';
import { seedDemoStore } from '../../server/db/seed.js';
import { Theme } from '../../server/theme.js';
import { defaultThemeDir } from '../../server/theme/theme-dir.js';

/** The pages the guide describes, by what they are. */
export const CONTEXT_PAGES: readonly { readonly name: string; readonly url: string }[] = [
  { name: 'home page', url: '/' },
  { name: 'product list', url: '/shop' },
  { name: 'product page', url: '/shop/p/linen-apron' },
  { name: 'blog list', url: '/blog' },
  { name: 'blog post', url: '/blog/first-workshop-notes' },
  { name: 'content page', url: '/about' },
  { name: 'cart', url: '/cart' },
  { name: 'search', url: '/search?q=linen' },
];

export interface ContextShape {
  /** Each page's top-level keys, in the order the server writes them. */
  readonly pages: readonly { readonly name: string; readonly url: string; readonly keys: readonly string[] }[];
  /** Every top-level key: the kind of its value and, for an object, its own keys. */
  readonly keys: ReadonlyMap<string, { readonly kind: string; readonly fields: readonly string[]; readonly pages: readonly string[] }>;
  /** The keys of an `item` on its own page: a product's and a blog post's. */
  readonly items: readonly { readonly name: string; readonly fields: readonly string[] }[];
}

const kindOf = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'list' : typeof v);
const objectKeys = (v: unknown) => (typeof v === 'object' && v !== null && !Array.isArray(v) ? Object.keys(v) : []);

export async function readContextShape(): Promise<ContextShape> {
  const store = openStore(':memory:');
  seedDemoStore(store);
  const app = await buildApp({ store, theme: new Theme(defaultThemeDir(), false) });
  try {
    const pages: { name: string; url: string; keys: string[] }[] = [];
    const keys = new Map<string, { kind: string; fields: string[]; pages: string[] }>();
    const items: { name: string; fields: string[] }[] = [];
    for (const page of CONTEXT_PAGES) {
      const response = await app.inject({ method: 'GET', url: `${page.url}${page.url.includes('?') ? '&' : '?'}format=json` });
      if (response.statusCode !== 200) throw new Error(`${page.url}?format=json answered ${response.statusCode}`);
      const context = JSON.parse(response.body) as Record<string, unknown>;
      pages.push({ ...page, keys: Object.keys(context) });
      for (const [key, value] of Object.entries(context)) {
        const known = keys.get(key);
        if (known === undefined) keys.set(key, { kind: kindOf(value), fields: objectKeys(value), pages: [page.name] });
        else {
          known.pages.push(page.name);
          for (const field of objectKeys(value)) if (!known.fields.includes(field)) known.fields.push(field);
        }
      }
      if (page.name === 'product page' || page.name === 'blog post') items.push({ name: page.name, fields: objectKeys(context['item']) });
    }
    return { pages, keys, items };
  } finally {
    await app.close();
    store.$client.close();
  }
}
