/**
 * `{@|squarespace-tag …}`: a `<squarespace:…>` tag of a theme template at render time (written by
 * server/theme/platform-tags.ts; its argument is the tag's call, server/theme/tag-call.ts). Its JSON-T
 * attributes are rendered first, with the scope where the tag stands, and read as the plain ones were
 * (server/theme/tag-attributes.ts), a problem reported at the tag; then the tag's data is asked of the page
 * (server/theme/platform-data.ts, worked out on first ask, bounded: 8 queries a page, 100 items each) and shown
 * with the tag's body or block.
 *
 * One formatter per theme: reading an attribute may ask the theme what it has (a block, a script).
 */
import type { Formatter, PluginContext } from '../../engine/index.js';
import { isRecord } from '../../commerce/json.js';
import { blockFieldHtml } from './block-fields.js';
import { MAX_QUERY_ITEMS, type QuerySpec, tagData } from './platform-data.js';
import { readAttribute, type TagTheme } from './tag-attributes.js';
import { decodeTagCall, TAG_FORMATTER, type TagCall } from './tag-call.js';

const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
const num = (v: unknown, fallback: number): number => (typeof v === 'number' ? v : fallback);

/** The tag's attributes as it asks with them: the plain ones, and the JSON-T ones rendered here and read. */
function attributeValues(call: TagCall, ctx: PluginContext, theme: TagTheme): Record<string, unknown> | null {
  const values: Record<string, unknown> = { ...call.values };
  let usable = true;
  for (const [name, macro] of Object.entries(call.dynamic)) {
    const text = ctx.applyTemplate(macro, ctx.node, null, false);
    const reading = readAttribute(call.tag, name, text, theme);
    if (reading.problem !== undefined) {
      const message = `${reading.problem.message} (${name}="${text.trim()}" as rendered here)`;
      if (reading.problem.severity === 'error') {
        ctx.error(reading.problem.code, message);
        usable = false;
      } else ctx.warn(reading.problem.code, message);
    }
    if (reading.value !== undefined) values[name] = reading.value;
  }
  return usable ? values : null;
}

/** The tag's data, or undefined when it shows nothing here. */
function tagNode(call: TagCall, values: Record<string, unknown>, ctx: PluginContext, theme: TagTheme): unknown {
  const data = tagData(ctx.root);
  switch (call.tag) {
    case 'navigation': {
      const id = str(values['navigationId']);
      return id === undefined ? undefined : data.navigation(id, theme.navigations[0] === id);
    }
    case 'folder-navigation':
      return data.folderNavigation();
    case 'query': {
      const collection = str(values['collection']);
      if (collection === undefined) return { collection: null, items: [] };
      const spec: QuerySpec = {
        collection,
        limit: num(values['limit'], MAX_QUERY_ITEMS),
        skip: num(values['skip'], 0),
        ...(str(values['category']) !== undefined ? { category: str(values['category'])! } : {}),
        ...(str(values['tag']) !== undefined ? { tag: str(values['tag'])! } : {}),
        ...(values['featured'] === true ? { featured: true } : {}),
      };
      const result = data.query(spec);
      if (result['overLimit'] === true) ctx.warn('QUERY_LIMIT', `More than 8 different <squarespace:query> tags on one page: the platform renders 8, so this one (collection="${collection}") shows no items.`);
      return result;
    }
    case 'category':
      return data.category(str(values['collection']) ?? '');
    case 'related':
    case 'related-products': {
      const related = data.related(num(values['limit'], 3), call.tag === 'related-products');
      return Array.isArray(related['items']) && related['items'].length > 0 ? related : undefined;
    }
  }
  return undefined;
}

/** What a tag without a template of its own prints: a block field, a script, a URL, a system partial. */
function ownOutput(call: TagCall, values: Record<string, unknown>, ctx: PluginContext): string | null {
  switch (call.tag) {
    case 'block-field': {
      const id = typeof values['id'] === 'string' ? values['id'] : '';
      return blockFieldHtml(id, num(values['columns'], 12), typeof values['class'] === 'string' ? values['class'] : '', tagData(ctx.root).blockField(id));
    }
    case 'script':
      return typeof values['src'] === 'string' ? `<script src="${values['src']}"></script>` : '';
    case 'versioned-asset':
      return typeof values['src'] === 'string' ? values['src'] : '';
    case 'comments':
    case 'social-share': {
      const item = ctx.resolve('item');
      if (!isRecord(item)) return '';
      return ctx.applyTemplate(call.tag === 'comments' ? 'sqs-comments' : 'sqs-share-buttons', item, null, false);
    }
  }
  return null;
}

/** The `squarespace-tag` formatter of a theme (`theme()`: what it has now). */
export function platformTagFormatter(theme: () => TagTheme): Formatter<TagCall | null> {
  return {
    name: TAG_FORMATTER,
    prepare(args) {
      const call = decodeTagCall(args[0]);
      return call === null ? { state: null, error: `${TAG_FORMATTER} is how Tessera renders a <squarespace:…> tag; write the tag itself` } : { state: call };
    },
    format(_value, _args, ctx, call) {
      if (call === null) return '';
      const tags = theme();
      const values = attributeValues(call, ctx, tags);
      if (values === null) return '';
      const own = ownOutput(call, values, ctx);
      if (own !== null) return own;
      const node = tagNode(call, values, ctx, tags);
      const template = call.body ?? str(values['template']);
      if (node === undefined || template === undefined) return '';
      return ctx.applyTemplate(template, node, null, false);
    },
  };
}
