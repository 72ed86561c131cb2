/**
 * The plugin table: every formatter and predicate family, registered once. Later sets override earlier
 * ones by name, so a site can extend or replace the defaults with `createPluginTable(...)`.
 */
import { CORE_FORMATTERS } from './core/formatters.js';
import { CORE_PREDICATES, PLATFORM_PREDICATES } from './core/predicates.js';
import { COMMERCE_PLUGINS } from './commerce/index.js';
import { CONTENT_PLUGINS } from './content/index.js';
import { I18N_PLUGINS } from './i18n/index.js';
import { SOCIAL_PLUGINS } from './social/index.js';
import type { Formatter, PluginTable, Predicate } from './types.js';

export interface PluginSet {
  readonly formatters?: readonly Formatter[];
  readonly predicates?: readonly Predicate[];
}

export function createPluginTable(...sets: readonly PluginSet[]): PluginTable {
  const formatters = new Map<string, Formatter>();
  const predicates = new Map<string, Predicate>();
  for (const set of sets) {
    for (const f of set.formatters ?? []) formatters.set(f.name, f);
    for (const p of set.predicates ?? []) predicates.set(p.name, p);
  }
  return { formatters, predicates };
}

export const CORE_PLUGINS: PluginSet = {
  formatters: CORE_FORMATTERS,
  predicates: [...CORE_PREDICATES, ...PLATFORM_PREDICATES],
};

export const DEFAULT_PLUGINS: PluginTable = createPluginTable(
  CORE_PLUGINS,
  SOCIAL_PLUGINS,
  CONTENT_PLUGINS,
  I18N_PLUGINS,
  COMMERCE_PLUGINS,
);
