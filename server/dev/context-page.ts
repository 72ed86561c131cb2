/**
 * A theme over a captured page context (`tessera dev --context page.json`, `tessera render --context`): the
 * JSON a page answers with `?format=json`, here or on a live site, rendered through the template its page
 * type and collection call for. Every address renders that one context, so a theme author can work on a page
 * of a site without its store.
 */
import { readFileSync } from 'node:fs';
import Fastify, { type FastifyInstance } from 'fastify';
import { isRecord } from '../../commerce/json.js';
import { PageType } from '../page-context.js';
import { islandRoutes } from '../routes/islands.js';
import { themeAssetRoutes } from '../routes/theme-assets.js';
import type { Theme } from '../theme.js';
import { jsonError } from '../theme/conf-json.js';
import { themeStaticFiles } from '../theme/static-files.js';
import { positionAt } from '../theme/theme-problem.js';

export type PageContext = Record<string, unknown>;

/** What is wrong with a captured context (its file, or what it asks for), at a line and column of the file. */
export class ContextError extends Error {
  constructor(
    message: string,
    readonly line = 1,
    readonly column = 1,
  ) {
    super(message);
  }
}

/** The plain page answered when a context cannot be rendered even as the theme's error page. */
const PLAIN_ERROR_PAGE = `<!doctype html><meta charset="utf-8"><title>Error</title><body><p>The page could not be rendered.</p></body>`;

/** The system pages by page type (spec 001 §3), as `pages/{name}.page`. */
const PAGE_FILES: Readonly<Record<number, string>> = {
  [PageType.NOT_FOUND]: '404',
  [PageType.ERROR]: 'error',
  [PageType.SEARCH]: 'search',
  [PageType.LOCK_SCREEN]: 'lock-screen',
  [PageType.MEMBER_AREA_DENIED]: 'member-area-denied',
  [PageType.CART]: 'cart',
  [PageType.CHECKOUT]: 'checkout',
  [PageType.ORDER_CONFIRMED]: 'order-confirmed',
};

/** A collection's type name (`blog`, `products`) as a file name part, or null. */
function typeNameOf(context: PageContext): string | null {
  const collection = context['collection'];
  const name = isRecord(collection) ? collection['typeName'] : undefined;
  return typeof name === 'string' && /^[\w-]+$/.test(name) ? name : null;
}

/**
 * The template a context is rendered through: a collection's `collections/{typeName}.list`, an item's
 * `….item`, the home page, a content page, or the system page of its type. Throws, in words, for a context
 * that names none.
 */
export function contextTemplate(context: PageContext): string {
  const type = context['pageType'];
  const typeName = typeNameOf(context);
  if (type === PageType.COLLECTION && typeName !== null) return `collections/${typeName}.list`;
  if ((type === PageType.ITEM || type === PageType.CONTENT_ITEM) && typeName !== null) return `collections/${typeName}.item`;
  if (type === PageType.PAGE) return typeName === 'home' ? 'pages/home.page' : 'pages/page.page';
  const page = typeof type === 'number' ? PAGE_FILES[type] : undefined;
  if (page !== undefined) return `pages/${page}.page`;
  throw new ContextError(`The context's pageType (${JSON.stringify(type)}) and collection.typeName (${JSON.stringify(typeName)}) name no template.`);
}

/** Reads a captured context: a JSON object, or a message saying what is wrong with the file. */
export function readContextFile(file: string): PageContext {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new ContextError(`The context file ${file} cannot be read: ${(e as NodeJS.ErrnoException).code === 'ENOENT' ? 'it does not exist' : String(e)}.`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    const { offset, message } = jsonError(text, e);
    const { line, column } = positionAt(text, offset);
    throw new ContextError(`The context file ${file} is not valid JSON: ${message}.`, line, column);
  }
  if (!isRecord(value)) throw new ContextError(`The context file ${file} must hold a JSON object (what a page answers with ?format=json).`);
  return value;
}

/** The page of a context through the theme. */
export function renderContext(theme: Theme, context: PageContext): string {
  return theme.renderPage(contextTemplate(context), context);
}

/**
 * An app serving `context()` at every address through the theme (its stylesheet, assets, scripts and islands
 * too); `?format=json` answers the context itself. A context that cannot be rendered (it names no template, or
 * the page fails) is answered with the theme's error page over the context's site, else a plain page.
 */
export async function contextApp(theme: Theme, context: () => PageContext): Promise<FastifyInstance> {
  const app = Fastify();
  app.setErrorHandler((_error, _request, reply) => {
    let html = PLAIN_ERROR_PAGE;
    try {
      const { collection: _collection, item: _item, items: _items, ...site } = context();
      html = theme.renderPage('pages/error.page', { ...site, pageType: PageType.ERROR });
    } catch {
      // the theme cannot frame a page with it either
    }
    return reply.code(500).type('text/html; charset=utf-8').send(html);
  });
  await app.register(themeStaticFiles, { themeDir: theme.dir });
  await app.register(themeAssetRoutes, { theme });
  await app.register(islandRoutes, { assets: theme.islands });
  app.get<{ Querystring: { format?: string } }>('/*', async (request, reply) => {
    const page = context();
    if (request.query.format === 'json' || request.query.format === 'json-pretty') {
      return reply.type('application/json; charset=utf-8').send(JSON.stringify(page, null, request.query.format === 'json' ? undefined : 2));
    }
    return reply.type('text/html; charset=utf-8').send(renderContext(theme, page));
  });
  return app;
}
