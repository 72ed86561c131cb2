/**
 * The messages an island uses, in the page's language, for its props (issue 27): only the keys it names, each
 * compacted from the catalog's parsed ICU message (./compact.ts), with the catalog's tag to format them in.
 * Kept per language and key set: the same few keys are asked for on every page.
 */
import { deepFreeze } from '../json.js';
import type { IntlMessageFormat } from 'intl-messageformat';
import { catalogLocale } from './catalogs.js';
import type { CompactMessage, IslandMessages, MessagePart } from './compact.js';
import type { MessageKey } from './en-US.js';
import { compiledMessage } from './translate.js';

type MessageFormatElement = ReturnType<IntlMessageFormat['getAst']>[number];

// the parser's element types (intl-messageformat's public AST, `getAst()`)
const LITERAL = 0;
const ARGUMENT = 1;
const SELECT = 5;
const PLURAL = 6;
const POUND = 7;

type Element = MessageFormatElement & { type: number; value?: unknown; options?: Record<string, { value: MessageFormatElement[] }>; offset?: number; pluralType?: string };

function compactCases(options: Record<string, { value: MessageFormatElement[] }>): Record<string, MessagePart[]> {
  return Object.fromEntries(Object.entries(options).map(([key, option]) => [key, compactParts(option.value)]));
}

function compactParts(elements: readonly MessageFormatElement[]): MessagePart[] {
  const parts: MessagePart[] = [];
  for (const el of elements as readonly Element[]) {
    if (el.type === LITERAL) {
      const last = parts[parts.length - 1];
      if (typeof last === 'string') parts[parts.length - 1] = last + String(el.value);
      else parts.push(String(el.value));
    } else if (el.type === ARGUMENT) parts.push({ arg: String(el.value) });
    else if (el.type === POUND) parts.push({ pound: true });
    else if (el.type === PLURAL && el.pluralType !== 'ordinal') parts.push({ plural: String(el.value), offset: el.offset ?? 0, cases: compactCases(el.options ?? {}) });
    else if (el.type === SELECT) parts.push({ select: String(el.value), cases: compactCases(el.options ?? {}) });
    else throw new Error(`an island message may use only text, {name}, plural and select (element type ${el.type})`);
  }
  return parts;
}

/** A message as an island carries it: its text when it has no placeholder, else its parts. */
export function compactMessage(locale: string, key: MessageKey): CompactMessage {
  const parts = compactParts(compiledMessage(locale, key).getAst());
  if (parts.length === 0) return '';
  return parts.length === 1 && typeof parts[0] === 'string' ? parts[0] : parts;
}

const kept = new Map<string, IslandMessages<MessageKey>>();

/** The messages `keys` in the catalog `locale` reads, for an island's props. */
export function islandMessages<K extends MessageKey>(locale: string, keys: readonly K[]): IslandMessages<K> {
  const tag = catalogLocale(locale);
  const id = `${tag}\u0000${keys.join(',')}`;
  let messages = kept.get(id);
  if (messages === undefined) {
    messages = { locale: tag, text: Object.fromEntries(keys.map((key) => [key, compactMessage(tag, key)])) as IslandMessages<MessageKey>['text'] };
    // shared by every page in the language (hydrate/ssr.tsx keys island markup by its identity)
    deepFreeze(messages);
    kept.set(id, messages);
  }
  return messages as IslandMessages<K>;
}

