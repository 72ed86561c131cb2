/**
 * A message as an island carries it in its props (issue 27), and its formatting in the browser: the server
 * parses the catalog's ICU message (./island-messages.ts) and sends a plain string when it has no placeholder,
 * else the parts below, so the browser needs no ICU parser and no intl-messageformat. The subset: text,
 * `{name}`, `{n, plural, …}` (cardinal, with `=n` cases, offset and `#`) and `{x, select, …}`; a catalog
 * message outside it fails when the server compacts it. A test formats every island message both ways.
 */
import type { MessageKey } from './en-US.js';

export type MessagePart =
  | string
  /** `{name}`: the value as text. */
  | { readonly arg: string }
  /** `#` inside a plural: the plural's number (less its offset), written as the language writes numbers. */
  | { readonly pound: true }
  | { readonly plural: string; readonly offset: number; readonly cases: Readonly<Record<string, readonly MessagePart[]>> }
  | { readonly select: string; readonly cases: Readonly<Record<string, readonly MessagePart[]>> };

/** A message without placeholders is its text; any other, its parts. */
export type CompactMessage = string | readonly MessagePart[];

/** What an island's props carry (./island-messages.ts builds it): the catalog's tag and the messages it uses. */
export interface IslandMessages<K extends MessageKey> {
  readonly locale: string;
  readonly text: { readonly [P in K]: CompactMessage };
}

export type CompactValues = Readonly<Record<string, string | number>>;

function formatParts(parts: readonly MessagePart[], locale: string, values: CompactValues, pound: number | null): string {
  let out = '';
  for (const part of parts) {
    if (typeof part === 'string') out += part;
    else if ('arg' in part) out += String(values[part.arg] ?? '');
    else if ('pound' in part) out += pound === null ? '#' : new Intl.NumberFormat(locale).format(pound);
    else if ('plural' in part) {
      const n = Number(values[part.plural]);
      const rest = n - part.offset;
      const cases = part.cases[`=${n}`] ?? part.cases[new Intl.PluralRules(locale).select(rest)] ?? part.cases['other'] ?? [];
      out += formatParts(cases, locale, values, rest);
    } else {
      const cases = part.cases[String(values[part.select])] ?? part.cases['other'] ?? [];
      out += formatParts(cases, locale, values, pound);
    }
  }
  return out;
}

/** The message's text with `values`, in `locale` (the catalog's tag, which the props carry). */
export function formatCompact(message: CompactMessage, locale: string, values: CompactValues = {}): string {
  return typeof message === 'string' ? message : formatParts(message, locale, values, null);
}
