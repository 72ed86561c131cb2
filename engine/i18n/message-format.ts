/**
 * Evaluating parsed messages (message-parser.ts) against argument values. Compiled messages are cached by
 * source text, up to 100 of them (spec 001 §9: message cache size 100), least recently used first out.
 */
import { parseMessage, type MessagePart, type ParsedMessage, type PluralPart } from './message-parser.js';
import { decimalString } from './number-value.js';
import { pluralCategory } from './plural.js';
import { toText } from '../values.js';

/** Spec 001 §9. */
export const MESSAGE_CACHE_SIZE = 100;

const cache = new Map<string, ParsedMessage>();

/** The parsed form of `src`, from the cache when possible. */
export function compileMessage(src: string): ParsedMessage {
  let m = cache.get(src);
  if (m !== undefined) {
    // Refresh: Map keeps insertion order, so the first key is always the least recently used.
    cache.delete(src);
    cache.set(src, m);
    return m;
  }
  m = parseMessage(src);
  if (cache.size >= MESSAGE_CACHE_SIZE) cache.delete(cache.keys().next().value!);
  cache.set(src, m);
  return m;
}

/** For tests: how many messages are cached. */
export function messageCacheSize(): number {
  return cache.size;
}

export interface MessageEnv {
  readonly locale: string;
  readonly timeZone: string;
  readonly now: number;
  /** Report a problem (the message still renders). */
  error(message: string): void;
}

/** A formatter usable inside messages: the argument values (several for `{0;1 ...}`) and its option words. */
export type MessageFormatterFn = (values: readonly unknown[], options: readonly string[], env: MessageEnv) => string;

export interface MessageArgs {
  readonly positional: readonly unknown[];
  readonly named: ReadonlyMap<string, unknown>;
}

/**
 * A message argument as a number or text: a money object stands for its amount (`{0}` of
 * `{decimalValue: "12.5", …}` prints 12.5, of `{value: "3", …}` 3), as on the platform.
 */
export function argAmount(v: unknown): unknown {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return v;
  if ('decimalValue' in v) return (v as { decimalValue: unknown }).decimalValue;
  return 'value' in v ? (v as { value: unknown }).value : v;
}

function lookup(args: MessageArgs, name: string): unknown {
  if (/^\d+$/.test(name)) return args.positional[Number(name)];
  return args.named.get(name);
}

/** Render `src` with the arguments; unknown formatters inside the message are reported and render nothing. */
export function formatMessage(
  src: string,
  args: MessageArgs,
  env: MessageEnv,
  formatters: ReadonlyMap<string, MessageFormatterFn>,
): string {
  const m = compileMessage(src);
  for (const e of m.errors) env.error(e);
  return renderParts(m.parts, args, env, formatters, null);
}

/** The number `#` stands for inside a plural case. */
interface Pound {
  readonly text: string;
}

function renderParts(
  parts: readonly MessagePart[],
  args: MessageArgs,
  env: MessageEnv,
  formatters: ReadonlyMap<string, MessageFormatterFn>,
  pound: Pound | null,
): string {
  let out = '';
  for (const p of parts) {
    if (typeof p === 'string') {
      out += p;
      continue;
    }
    switch (p.kind) {
      case 'pound':
        out += pound === null ? '#' : pound.text;
        break;
      case 'arg': {
        const values = p.names.map((n) => lookup(args, n));
        if (p.formatter === null) {
          out += toText(argAmount(values[0]));
          break;
        }
        const f = formatters.get(p.formatter);
        if (f === undefined) {
          env.error(`Unknown formatter '${p.formatter}' in a message.`);
          break;
        }
        // Each formatter reads missing values its own way (a decimal as 0, a date as the epoch).
        out += f(values, p.options, env);
        break;
      }
      case 'plural':
        out += renderPlural(p, args, env, formatters);
        break;
      case 'select': {
        const key = toText(lookup(args, p.name));
        const body = p.cases.get(key) ?? p.cases.get('other');
        if (body !== undefined) out += renderParts(body, args, env, formatters, pound);
        break;
      }
    }
  }
  return out;
}

function renderPlural(
  p: PluralPart,
  args: MessageArgs,
  env: MessageEnv,
  formatters: ReadonlyMap<string, MessageFormatterFn>,
): string {
  // A position the tag passed no argument for is no number at all: "NaN", in the `other` case.
  if (/^\d+$/.test(p.name) && Number(p.name) >= args.positional.length) {
    const other = p.categories.get('other');
    return other === undefined ? '' : renderParts(other, args, env, formatters, { text: 'NaN' });
  }
  const value = argAmount(lookup(args, p.name));
  let num = decimalString(value);
  let body: readonly MessagePart[] | undefined;
  if (num === null) {
    // Spec 001 §8: an offset needs a number to subtract from.
    if (p.offset !== 0) {
      env.error(`Plural offset ${p.offset} applied to a non-numeric value '${toText(value)}'.`);
      return '';
    }
    // Otherwise the platform counts a value that is not a number (missing, null, text) as 0.
    num = '0';
  }
  for (const [key, b] of p.exact) {
    if (Number(key) === Number(num)) {
      body = b;
      break;
    }
  }
  const shifted = p.offset === 0 ? num : String(Number(num) - p.offset);
  body ??= p.categories.get(pluralCategory(env.locale, p.type, shifted)) ?? p.categories.get('other');
  return body === undefined ? '' : renderParts(body, args, env, formatters, { text: shifted });
}
