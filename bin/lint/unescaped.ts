/**
 * The unescaped-output lint of `tessera check`: a warning where a template prints a field that holds text
 * someone typed (a title, a visitor's search words or address) into HTML without escaping it. JSON-T escapes
 * nothing by itself, so `{title}` lets a `<`, `&` or quote in the title break the page, and a visitor's
 * `{searchQuery}` run as markup.
 *
 * Kept to few false positives on purpose:
 * - Only fields known to hold plain text are checked, by the name of the field printed (`item.title`, or `{@}`
 *   inside `{.repeated section tags}`). Rich-text fields (`body`, `excerpt`, `description`) are HTML by design
 *   and are printed as they are; they are only checked inside an attribute, where their quotes would end it.
 * - Any formatter that makes something else of the text (a date, money, a count, a URL, JSON, a partial)
 *   counts as escaping; only formatters that pass the text through (`truncate`, `smartypants`, …) do not.
 * - Nothing inside `<script>`, `<style>` or HTML comments is checked.
 *
 * `{# tessera-ignore unescaped}` marks a use as intended: it silences the warning on the comment's own
 * line(s) and the line after it; `{# tessera-ignore-file unescaped}` silences the whole file.
 */
import type { FormatterCall, Node, VarRef } from '../../engine/instructions.js';
import type { Template } from '../../engine/index.js';
import { HtmlContext, type HtmlPlace } from './html-context.js';
import { inSourceOrder } from './template-walk.js';

export const UNESCAPED_OUTPUT = 'UNESCAPED_OUTPUT';

/**
 * Plain-text fields: typed by the site owner (titles, labels, tags) or by a visitor (search words reflected
 * from the address, the cart's message, form answers, an order's name and address). A `<` or `&` in them is
 * text, not markup.
 */
const PLAIN_TEXT = new Set([
  'title', 'siteTitle', 'navigationTitle', 'displayName', 'label', 'tags', 'categories', 'altText', 'buttonText',
  'productName', 'addressTitle', 'searchQuery', 'query', 'q', 'message', 'categoryFilter', 'tagFilter', 'answer',
  'answers', 'comment', 'customerName', 'firstName', 'lastName', 'email', 'phone', 'addressLine1', 'addressLine2',
  'address1', 'address2', 'city', 'state', 'postalCode', 'zip', 'countryName',
]);
/** Rich-text fields, HTML by design: fine in text, not inside an attribute. */
const RICH_TEXT = new Set(['body', 'excerpt', 'description', 'siteDescription']);

/** Formatters that hand the text on as text (still unescaped). Any other formatter makes something else of it. */
const PASS_THROUGH = new Set(['truncate', 'smartypants', 'str', 'capitalize', 'encode-space', 'format', 'output', 'AbsUrl']);
/** Escapes enough for text but not for an attribute (`html` leaves quotes; `safe` strips tags only). */
const TEXT_ESCAPES = new Set(['html', 'safe']);

type Escaping = 'none' | 'text' | 'all';

/** How escaped a tag's output is after its formatters, left to right. */
function escaping(formatters: readonly FormatterCall[]): Escaping {
  let level: Escaping = 'none';
  for (const f of formatters) {
    if (PASS_THROUGH.has(f.name)) continue;
    if (TEXT_ESCAPES.has(f.name)) level = level === 'all' ? 'all' : 'text';
    else level = 'all';
  }
  return level;
}

/** The field a tag prints: its last named segment, or the enclosing section's for `{@}`. */
function fieldOf(ref: VarRef, scope: readonly (readonly string[])[], bound: ReadonlyMap<string, string>): string | null {
  const named = (segs: readonly string[]) => [...segs].reverse().find((s) => s !== '@' && !/^\d+$/.test(s) && !s.startsWith('@'));
  const own = named(ref.segs);
  if (own !== undefined) return own;
  const first = ref.segs[0];
  if (first !== undefined && first.startsWith('@') && first !== '@') return bound.get(first) ?? null;
  for (let i = scope.length - 1; i >= 0; i--) {
    const s = named(scope[i]!);
    if (s !== undefined) return s;
  }
  return null;
}

export interface LintProblem {
  readonly offset: number;
  readonly message: string;
}

/** The comment that marks an intended unescaped use (`{# tessera-ignore unescaped}`), or the whole file. */
const IGNORE = /^\s*tessera-ignore(-file)?\s+unescaped\b/;

export function unescapedOutput(template: Template): LintProblem[] {
  const html = new HtmlContext();
  const problems: { offset: number; line: number; message: string }[] = [];
  const ignoredLines = new Set<number>();
  let ignoreFile = false;
  /** `{.var @x title}`: the field `@x` holds, for `{@x}` later. */
  const bound = new Map<string, string>();

  const check = (node: Node & { offset: number }, ref: VarRef | undefined, formatters: readonly FormatterCall[], scope: readonly (readonly string[])[], place: HtmlPlace) => {
    if (ref === undefined || place === 'raw-text' || place === 'comment') return;
    const field = fieldOf(ref, scope, bound);
    if (field === null) return;
    const level = escaping(formatters);
    const text = PLAIN_TEXT.has(field);
    const rich = RICH_TEXT.has(field);
    const shown = `{${ref.raw}${formatters.map((f) => `|${f.name}`).join('')}}`;
    const fix = place === 'attribute' ? 'htmlattr' : 'html';
    let message: string | null = null;
    if (text && level === 'none') {
      message = `${shown} prints '${field}', plain text, without escaping: a <, & or quote in it would break the page or run as markup; add |${fix}`;
    } else if ((text || rich) && place === 'attribute' && level !== 'all') {
      message =
        level === 'text'
          ? `${shown} is inside an attribute, where ${formatters.some((f) => f.name === 'html') ? '|html' : '|safe'} leaves quotes that end it; use |htmlattr`
          : `${shown} prints '${field}' into an attribute without escaping: a quote in it would end the attribute; add |htmlattr`;
    }
    if (message !== null) problems.push({ offset: node.offset, line: template.position(node.offset).line, message: `${message} (or mark it with {# tessera-ignore unescaped})` });
  };

  for (const { node, scope } of inSourceOrder(template.root)) {
    switch (node.type) {
      case 'text':
        html.feed(node.text);
        break;
      case 'keyword':
        html.feed(node.keyword === 'newline' ? '\n' : node.keyword === 'space' ? ' ' : node.keyword === 'tab' ? '\t' : '');
        break;
      case 'variable':
        check(node, node.vars[0], node.formatters, scope, html.place);
        html.printed();
        break;
      case 'bindvar': {
        const ref = node.vars[0];
        const field = ref === undefined ? null : fieldOf(ref, scope, bound);
        // a bound value that was escaped or turned into something else is no longer the raw field
        if (field !== null && escaping(node.formatters) === 'none') bound.set(node.name, field);
        else bound.delete(node.name);
        break;
      }
      case 'comment': {
        const m = IGNORE.exec(node.text);
        if (m === null) break;
        if (m[1] !== undefined) ignoreFile = true;
        const first = template.position(node.offset).line;
        const last = first + (node.text.match(/\n/g)?.length ?? 0);
        for (let line = first; line <= last + 1; line++) ignoredLines.add(line);
        break;
      }
      case 'eval':
      case 'include':
        // they print, but not a field as it is (`.eval` builds its value; a partial escapes its own output)
        html.printed();
        break;
      default:
        break;
    }
  }
  if (ignoreFile) return [];
  return problems.filter((p) => !ignoredLines.has(p.line)).map(({ offset, message }) => ({ offset, message }));
}
