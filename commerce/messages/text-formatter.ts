/**
 * `{value|t KEY name=path …}`: a word of the default theme (or of any theme that wants it) in the site's
 * language (issue 27): the catalog message KEY (commerce/messages/) of the page's `website.language`, with
 * `{value}` the tag's value and each `name=path` argument the value at that path, as HTML text (everything
 * escaped). A message without arguments is formatted once per language and kept, so a page's dozens of
 * words cost a map look-up each. An unknown key is reported at the tag when the template compiles. The
 * server's themes compile with it (server/islands/formatter.ts `STOREFRONT_PLUGINS`).
 */
import { isRecord } from '../json.js';
import type { Formatter } from '../../engine/index.js';
import { escapeAttr as escapeHtml } from '../../engine/plugins/core/text.js';
import { EN_US, type MessageKey } from './en-US.js';
import { translator } from './translate.js';

interface TextArgs {
  readonly key: MessageKey | null;
  /** `name=path` arguments: the placeholder and the path split at its dots. */
  readonly names: readonly (readonly [string, readonly string[]])[];
}

const plain = new Map<string, string>();

/** The page's language: `website.language` of the root, else the source's. */
function languageOf(root: unknown): string {
  const website = isRecord(root) ? root['website'] : undefined;
  const language = isRecord(website) ? website['language'] : undefined;
  return typeof language === 'string' && language !== '' ? language : 'en-US';
}

const valueOf = (v: unknown): string | number => (typeof v === 'number' ? v : typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v));

export const textFormatter: Formatter<TextArgs> = {
  name: 't',
  prepare(args) {
    const [key, ...rest] = args;
    const names = rest.flatMap((arg) => {
      const at = arg.indexOf('=');
      return at > 0 ? [[arg.slice(0, at), arg.slice(at + 1).split('.')] as const] : [];
    });
    if (key === undefined || !Object.hasOwn(EN_US, key)) return { state: { key: null, names }, error: `t: no catalog message ${key ?? '(none)'}` };
    return { state: { key: key as MessageKey, names } };
  },
  format(value, _args, ctx, { key, names }) {
    if (key === null) return '';
    const language = languageOf(ctx.root);
    const message = EN_US[key] as string;
    if (!message.includes('{')) {
      const id = `${language}\u0000${key}`;
      let text = plain.get(id);
      if (text === undefined) {
        text = escapeHtml(translator(language)(key));
        plain.set(id, text);
      }
      return text;
    }
    const values: Record<string, string | number> = { value: valueOf(value) };
    for (const [name, path] of names) values[name] = valueOf(ctx.resolvePath(path));
    try {
      return escapeHtml(translator(language)(key, values));
    } catch (e) {
      ctx.error('FORMATTER_FAILED', `t ${key}: ${e instanceof Error ? e.message : String(e)}`);
      return '';
    }
  },
};
