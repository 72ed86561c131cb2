/**
 * `t(key, values)` for one language (issue 27), on the server: the catalog's ICU message compiled once with
 * `intl-messageformat` and kept, then formatted with the values. The browser never loads this module (nor
 * intl-messageformat, about 10 KB gzip): an island gets its few messages in its props (./island-messages.ts).
 */
import { IntlMessageFormat } from 'intl-messageformat';
import { CATALOGS, catalogLocale } from './catalogs.js';
import type { MessageKey } from './en-US.js';

export type MessageValues = Readonly<Record<string, string | number>>;
export type Translate = (key: MessageKey, values?: MessageValues) => string;

const compiled = new Map<string, IntlMessageFormat>();

/** The compiled message of `key` in the catalog `locale` reads (kept: a catalog is small and fixed). */
export function compiledMessage(locale: string, key: MessageKey): IntlMessageFormat {
  const tag = catalogLocale(locale);
  const id = `${tag}\u0000${key}`;
  let format = compiled.get(id);
  if (format === undefined) {
    format = new IntlMessageFormat(CATALOGS[tag]![key], tag);
    compiled.set(id, format);
  }
  return format;
}

const translators = new Map<string, Translate>();

/** The `t` of a language: `translator('de-DE')('addButton.adding')` → `Wird hinzugefügt…`. */
export function translator(locale: string): Translate {
  let t = translators.get(locale);
  if (t === undefined) {
    t = (key, values) => String(compiledMessage(locale, key).format(values));
    translators.set(locale, t);
  }
  return t;
}
