/**
 * The core formatters of JSON-T: escaping, encoding, JSON, paths, numbers and text helpers.
 */
import { compileStrftime } from '../../i18n/strftime.js';
import { isObject, isTruthy, toNumber, toText } from '../../values.js';
import type { Formatter, PluginContext } from '../types.js';
import { escapeAttr, escapeHtml, slugify, smartypants, stripTags, truncateAtWhitespace } from './text.js';
import { INVALID_DATE, inJulianRange, JULIAN_RANGE_ERROR } from '../../i18n/datetime-value.js';

type Simple = (value: unknown, args: readonly string[], ctx: PluginContext, vars: unknown[] | null) => unknown;

function simple(name: string, fn: Simple): Formatter {
  return { name, format: (value, args, ctx, _state, vars) => fn(value, args, ctx, vars) };
}

/** A simple formatter that resolves paths, run with the tag's value as the current frame (Formatter.scoped). */
function scoped(name: string, fn: Simple): Formatter {
  return { ...simple(name, fn), scoped: true };
}

/** JSON.stringify that answers undefined instead of throwing (cycles, BigInt from another plugin's value). */
function stringify(value: unknown, indent?: number): string | undefined {
  // No catch: a cyclic value (or one too large to write) reaches the formatter guard and is reported with
  // its position, instead of rendering as nothing without a word.
  return JSON.stringify(value, null, indent);
}

/** JSON text with `</` escaped, so the result is safe inside a `<script>` element. */
function scriptSafeJson(value: unknown, indent?: number): string | undefined {
  if (value === undefined) return undefined;
  const json = stringify(value, indent);
  return json === undefined ? undefined : json.replace(/<\//g, '<\\/');
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * A URI encoder over the value's text. A lone surrogate (valid in JSON strings) has no UTF-8 bytes: as on the
 * platform, the tag prints nothing and the problem is reported, rather than a replacement character.
 */
function uriEncoder(name: string, encode: (s: string) => string): Formatter {
  return simple(name, (v, _args, ctx) => {
    const s = textOf(v);
    const lone = LONE_SURROGATE.exec(s);
    if (lone === null) return encode(s);
    ctx.error('FORMATTER_FAILED', `${name}: lone surrogate U+${lone[0].charCodeAt(0).toString(16).toUpperCase()} is not a scalar value`);
    return undefined;
  });
}

const WHITESPACE = /\s/g;
const DIGITS = /^\d*$/;

/**
 * `format`: each `{N}` becomes the value of the N-th argument path, as the platform fills it: `{}` is `{0}`, a
 * brace pair holding anything but digits is dropped, and an unclosed `{` drops the rest of the text.
 */
function fillPlaceholders(text: string, args: readonly string[], ctx: PluginContext): string {
  let out = '';
  let i = 0;
  for (;;) {
    const open = text.indexOf('{', i);
    if (open < 0) return out + text.slice(i);
    out += text.slice(i, open);
    const close = text.indexOf('}', open + 1);
    if (close < 0) return out;
    const inner = text.slice(open + 1, close);
    const path = DIGITS.test(inner) ? args[Number(inner)] : undefined;
    if (path !== undefined) out += toText(ctx.resolve(path));
    i = close + 1;
  }
}

/** The text a string formatter works on: an object or an array reads as an empty string, as on the platform. */
function textOf(value: unknown): string {
  return typeof value === 'object' ? '' : toText(value);
}

/**
 * JavaScript's `escape()` applied to the UTF-8 bytes of the text, as the platform's `url-encode` does: every
 * byte but letters, digits and `@*_+-./` becomes `%XX`. Built on encodeURIComponent (which already writes
 * UTF-8 bytes) by fixing up the nine characters on which the two sets differ.
 */
function escapeUtf8(s: string): string {
  return encodeURIComponent(s).replace(URI_COMPONENT_DIFF, (c) => ESCAPE_FIXUPS[c]!);
}

const URI_COMPONENT_DIFF = /[!'()~]|%40|%2B|%2F/g;
const ESCAPE_FIXUPS: Record<string, string> = {
  '!': '%21', "'": '%27', '(': '%28', ')': '%29', '~': '%7E', '%40': '@', '%2B': '+', '%2F': '/',
};

/**
 * Walk `keys` from `value`; each key is a string or number (one step) or an array of them (several).
 * `resolved` (for `get`, whose keys are values from the data) follows the platform: a list is indexed by
 * numbers only (not by the string "0"), and an empty list inside a list of keys finds nothing.
 */
function walk(value: unknown, keys: readonly unknown[], resolved = false, depth = 0): unknown {
  if (resolved && depth > 1 && keys.length === 0) return undefined;
  let v = value;
  for (const key of keys) {
    if (Array.isArray(key)) {
      v = walk(v, key, resolved, depth + 1);
    } else if (typeof key === 'string' || typeof key === 'number') {
      if (typeof v !== 'object' || v === null || (resolved && typeof key === 'string' && Array.isArray(v))) return undefined;
      const k = String(key);
      if (!Object.hasOwn(v, k)) return undefined;
      v = (v as Record<string, unknown>)[k];
    } else {
      return undefined;
    }
    if (v === undefined) return undefined;
  }
  return v;
}

const splitPath = (p: string): string[] => (p === '' ? [] : p.split('.'));

/**
 * `find-first` / `find-last`, as the reference package has them: the first (last) element of a list, even null;
 * with one argument, a dotted path, the first (last) element whose value there is true (an empty list or object,
 * 0 and "" are not); nothing for a value that is not a list, or when none is found. With two arguments or more
 * the reference answers by a rule not pinned down yet (issue 23): nothing here, as it answers in most cases.
 */
function findIn(name: string, fromEnd: boolean): Formatter {
  return {
    name,
    prepare: (args) => ({ state: args.length === 0 ? [] : args.length === 1 ? splitPath(args[0]!) : null }),
    format(value, _args, _ctx, path: string[] | null) {
      if (!Array.isArray(value) || path === null) return undefined;
      if (path.length === 0) return value.length === 0 ? undefined : value[fromEnd ? value.length - 1 : 0];
      const found = (item: unknown) => isTruthy(walk(item, path));
      if (!fromEnd) return value.find(found);
      for (let i = value.length - 1; i >= 0; i--) if (found(value[i])) return value[i];
      return undefined;
    },
  };
}

/** What `apply` keeps of its arguments: the partial or macro, `private`, and its `key=value` words (or null). */
export interface ApplyState {
  name: string;
  isPrivate: boolean;
  kv: Record<string, string> | null;
}

/** `apply`, which generated code runs inline when it can (see codegen.ts). */
export const CORE_APPLY: Formatter = {
  name: 'apply',
  scoped: true,
  prepare(args) {
    if (args.length === 0 || args[0] === '') return { error: 'apply needs the name of a macro or partial' };
    let isPrivate = false;
    // Any text after the name (a lone space too) gives the partial an @args of its key=value words, even none
    // (`{}`); a word without `=` adds nothing, `=1` adds the empty key, as on the platform.
    const kv: Record<string, string> | null = args.length > 1 ? (Object.create(null) as Record<string, string>) : null;
    for (const a of args.slice(1)) {
      if (a === 'private') isPrivate = true;
      const eq = a.indexOf('=');
      if (eq >= 0) kv![a.slice(0, eq)] = a.slice(eq + 1);
    }
    const state: ApplyState = { name: args[0]!, isPrivate, kv };
    return { state };
  },
  format(value, _args, ctx, state: ApplyState | undefined) {
    // Without a name: empty text, as on the platform (so `{x|apply|json}` is `""`).
    if (state === undefined) return '';
    // A fresh copy of the arguments per call, so a macro that changes @args cannot leak into the next call.
    const args = state.kv === null ? null : Object.assign(Object.create(null) as Record<string, string>, state.kv);
    return ctx.applyTemplate(state.name, value, args, state.isPrivate);
  },
};

export const CORE_FORMATTERS: Formatter[] = [
  CORE_APPLY,
  simple('count', (v) => {
    if (Array.isArray(v)) return v.length;
    if (isObject(v)) return Object.keys(v).length;
    if (typeof v === 'string') return v.length;
    return 0;
  }),
  simple('cycle', (v, args) => {
    const n = toNumber(v);
    if (args.length === 0 || !Number.isInteger(n)) return undefined;
    const i = (((n - 1) % args.length) + args.length) % args.length;
    return args[i];
  }),
  {
    name: 'date',
    prepare(args) {
      return { state: compileStrftime(args.join(' ')) };
    },
    format(value, _args, ctx, state: (ms: number, zone: string) => string) {
      // The value read as a number as the platform reads it (missing is 0: the epoch), in whole milliseconds.
      const ms = Math.trunc(toNumber(value));
      if (!Number.isFinite(ms)) return undefined;
      if (!inJulianRange(ms)) {
        ctx.error('DATE_OUT_OF_RANGE', `date: ${JULIAN_RANGE_ERROR}`);
        return INVALID_DATE;
      }
      return state(ms, ctx.timeZone);
    },
  },
  simple('encode-space', (v) => textOf(v).replace(WHITESPACE, '&nbsp;')),
  uriEncoder('encode-uri', encodeURI),
  uriEncoder('encode-uri-component', encodeURIComponent),
  findIn('find-first', false),
  findIn('find-last', true),
  scoped('format', (v, args, ctx) => {
    const text = textOf(v);
    return text.indexOf('{') < 0 ? text : fillPlaceholders(text, args, ctx);
  }),
  scoped('get', (v, args, ctx) => walk(v, args.map((a) => ctx.resolve(a)), true)),
  simple('html', (v) => escapeHtml(textOf(v))),
  simple('htmlattr', (v) => escapeAttr(textOf(v))),
  simple('htmltag', (v) => escapeAttr(textOf(v))),
  // Always text: the loop index, or nothing outside a loop.
  simple('iter', (_v, _a, ctx) => (ctx.index < 0 ? '' : String(ctx.index))),
  // Missing: an empty string (so a chain goes on with text, as on the platform).
  simple('json', (v) => scriptSafeJson(v) ?? ''),
  simple('json-pretty', (v) => scriptSafeJson(v, 2) ?? ''),
  {
    name: 'key-by',
    prepare: (args) => ({ state: splitPath(args[0] ?? '') }),
    format(value, _args, _ctx, path: string[]) {
      const out: Record<string, unknown> = {};
      // Not a list, or no path: an empty map, as on the platform.
      if (!Array.isArray(value) || path.length === 0) return out;
      for (const item of value) {
        const key = walk(item, path);
        // Any found key is used as its text (`null`, `1,2`, `[object Object]`), as on the platform.
        if (key !== undefined) out[String(key)] = item;
      }
      return out;
    },
  },
  // Each newline (LF only) becomes <br/>; text as written, a number or true/false as text, anything else empty
  // (the reference package's formatter).
  simple('line-breaks', (v) => (typeof v === 'string' ? v.replaceAll('\n', '<br/>') : typeof v === 'number' || typeof v === 'boolean' ? toText(v) : '')),
  // The key's value is itself a path, looked up like a variable from the tag's value outward (as the
  // platform does): not only inside the value being formatted.
  // A key that is not a string, number or boolean (missing, null, a list, an object) reads as the empty
  // path, which finds the key "" (as on the platform).
  scoped('lookup', (_v, args, ctx) => {
    if (args.length === 0) return ''; // the platform gives empty text
    const key = ctx.resolve(args[0]!);
    return ctx.resolve(typeof key === 'string' || typeof key === 'number' || typeof key === 'boolean' ? String(key) : '');
  }),
  {
    name: 'mod',
    // The divisor as the platform reads it: the integer its text starts with (`1.5` is 1, `0x3` is 0, `3x` is
    // 3); none, or 0, is 2.
    prepare(args) {
      const raw = args[0] ?? '';
      const n = Number.parseInt(raw, 10);
      return { state: n || 2, error: raw !== '' && Number.isNaN(n) ? `mod: '${raw}' is not a number` : undefined };
    },
    format(value, _args, _ctx, n: number) {
      // A value that is not a number gives NaN, printed as such (the platform does).
      return toNumber(value) % n;
    },
  },
  simple('output', (_v, args) => args.join(' ')),
  simple('pluralize', (v, args) => {
    const [singular, plural] = args.length >= 2 ? [args[0]!, args[1]!] : ['', args[0] ?? 's'];
    return toNumber(v) === 1 ? singular : plural;
  }),
  {
    name: 'prop',
    // Every argument is a dotted path; an empty one is the key "" (as on the platform).
    prepare: (args) => ({ state: args.flatMap((a) => a.split('.')) }),
    format: (value, _args, _ctx, path: string[]) => walk(value, path),
  },
  simple('raw', (v) => (v === undefined ? 'null' : stringify(v))),
  simple('round', (v) => Math.round(toNumber(v))),
  // A false value (empty text, 0, false, null, missing, [] or {}) passes through unchanged, as on the platform.
  simple('safe', (v) => (isTruthy(v) ? stripTags(textOf(v)) : v)),
  simple('slugify', (v) => slugify(textOf(v))),
  simple('smartypants', (v) => smartypants(textOf(v))),
  simple('str', textOf),
  {
    name: 'truncate',
    // The limit as the platform reads it: the integer its text starts with (`2x` is 2), 100 without one.
    prepare(args) {
      const raw = args[0];
      const max = raw === undefined ? 100 : Number.parseInt(raw, 10);
      const error = raw !== undefined && raw !== '' && Number.isNaN(max) ? `truncate: '${raw}' is not a number` : undefined;
      return { state: { max, ellipsis: args[1] ?? '...' }, error };
    },
    format(value, _args, _ctx, state: { max: number; ellipsis: string }) {
      // A limit of 0 or less, or none that reads as a number (`{x|truncate }`), leaves the value as it is.
      return !(state.max > 0) ? value : truncateAtWhitespace(textOf(value), state.max, state.ellipsis);
    },
  },
  uriEncoder('url-encode', escapeUtf8),
];
