import { splitOn } from '../split.js';
import type { PluginContext, PredicateArg } from './types.js';

/** The value of a predicate argument: its JSON literal, or its path resolved at this point of the template. */
export function argValue(ctx: PluginContext, arg: PredicateArg): unknown {
  if (arg.kind === 'literal') return arg.value;
  return arg.get !== undefined ? arg.get(ctx) : ctx.resolvePath(arg.path);
}

const SIMPLE_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/** Parse a raw predicate argument: JSON when it looks like JSON, otherwise a variable path. */
export function parsePredicateArg(raw: string): PredicateArg {
  const literal = jsonLiteral(raw);
  if (literal !== NOT_JSON) return { kind: 'literal', value: literal, raw };
  return { kind: 'path', path: raw === '@' ? ['@'] : splitOn(raw, '.'), raw };
}

const NOT_JSON = Symbol('not JSON');
const CONTROL = /[\u0000-\u001f]/;

/** The JSON value of `raw` when it looks like JSON (`"`, a digit, `[`, `{`, `-digit`, true, false, null). */
function jsonLiteral(raw: string): unknown {
  const c = raw.length > 0 ? raw.charCodeAt(0) : -1;
  const isDigit = (x: number) => x >= 48 && x <= 57;
  if (c === 34 /* " */) {
    // The common case, a plain string, without going through JSON.parse. A control character (a line break
    // written inside the quotes) is no JSON: JSON.parse refuses it, and the argument is a path, as on the platform.
    if (raw.length > 1 && raw.charCodeAt(raw.length - 1) === 34 && raw.indexOf('\\') < 0 && raw.indexOf('"', 1) === raw.length - 1)
      return CONTROL.test(raw) ? NOT_JSON : raw.slice(1, -1);
  } else if (isDigit(c) || (c === 45 /* - */ && raw.length > 1 && isDigit(raw.charCodeAt(1)))) {
    if (SIMPLE_NUMBER.test(raw)) return Number(raw);
  } else if (c !== 91 /* [ */ && c !== 123 /* { */) {
    if (raw === 'true') return true;
    if (raw === 'false') return false;
    if (raw === 'null') return null;
    return NOT_JSON;
  }
  try {
    return JSON.parse(raw);
  } catch {
    // Not valid JSON after all (e.g. `1abc`): a path, as a variable reference would be.
    return NOT_JSON;
  }
}
