import type { PluginContext, PredicateArg } from './types.js';

/** The value of a predicate argument: its JSON literal, or its path resolved at this point of the template. */
export function argValue(ctx: PluginContext, arg: PredicateArg): unknown {
  return arg.kind === 'literal' ? arg.value : ctx.resolvePath(arg.path);
}

const JSON_START = /^(?:"|\d|\[|\{|-\d|true$|false$|null$)/;

/** Parse a raw predicate argument: JSON when it looks like JSON, otherwise a variable path. */
export function parsePredicateArg(raw: string): PredicateArg {
  if (JSON_START.test(raw)) {
    try {
      return { kind: 'literal', value: JSON.parse(raw), raw };
    } catch {
      // Not valid JSON after all (e.g. `1abc`): treat it as a path, as a variable reference would be.
    }
  }
  return { kind: 'path', path: raw === '@' ? ['@'] : raw.split('.'), raw };
}
