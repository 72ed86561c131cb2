/**
 * `{value|island NAME}`: a React island rendered on the server inside the theme, for the default theme and
 * any theme that wants our interactive blocks: `{item|island product-form}`, `{item|island installment-pill}`,
 * `{shoppingCart|island cart-lines}`, `{@|island cart-pill}`, `{item|island restock}` (nothing unless a variant
 * is sold out). The loader script is added to the page by the
 * theme when any island is on it.
 */
import { isRecord } from '../../commerce/json.js';
import { createPluginTable, DEFAULT_PLUGINS, type Formatter, type PluginTable } from '../../engine/index.js';
import { type IslandName, islandMarkup, ISLAND_NAMES } from '../../hydrate/ssr.js';
import { textFormatter } from '../../commerce/messages/text-formatter.js';
import { cartLinesProps, cartPillProps, installmentPillProps, productFormProps, restockProps } from './props.js';

const record = (v: unknown): Record<string, unknown> => (isRecord(v) ? v : {});

function markup(name: IslandName, value: unknown, root: Record<string, unknown>): string {
  switch (name) {
    case 'product-form':
      return isRecord(value) ? islandMarkup(name, productFormProps(value, root)) : '';
    case 'installment-pill': {
      const props = isRecord(value) ? installmentPillProps(value, root) : null;
      return props === null ? '' : islandMarkup(name, props);
    }
    case 'cart-lines':
      return isRecord(value) ? islandMarkup(name, cartLinesProps(value, root)) : '';
    case 'cart-pill':
      return islandMarkup(name, cartPillProps(root));
    case 'restock': {
      const props = isRecord(value) ? restockProps(value, root) : null;
      return props === null ? '' : islandMarkup(name, props);
    }
  }
}

const island: Formatter<IslandName | null> = {
  name: 'island',
  prepare(args) {
    const name = args[0];
    if (name !== undefined && (ISLAND_NAMES as string[]).includes(name)) return { state: name as IslandName };
    return { state: null, error: `island needs one of ${ISLAND_NAMES.join(', ')}` };
  },
  format(value, _args, ctx, name) {
    if (name === null) return '';
    try {
      return markup(name, value, record(ctx.root));
    } catch (e) {
      ctx.error('ISLAND_FAILED', `island ${name} could not be rendered: ${e instanceof Error ? e.message : String(e)}`);
      return '';
    }
  },
};

/** The engine's plugins plus the storefront's islands and words (`t`): what the server's themes compile with. */
export const STOREFRONT_PLUGINS: PluginTable = createPluginTable(
  { formatters: [...DEFAULT_PLUGINS.formatters.values()], predicates: [...DEFAULT_PLUGINS.predicates.values()] },
  { formatters: [island, textFormatter] },
);
