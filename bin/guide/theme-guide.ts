/**
 * The theme author's guide (docs/THEME-GUIDE.md), generated so it cannot drift: the folders of a theme and
 * the system templates Tessera supplies (listed from the default theme), the page context (read from the
 * storefront's `?format=json`), and every formatter and predicate of the plugin table, in the engine's own
 * families, each with an example rendered by the engine now. `npm run guide` writes it; its test fails when
 * the file differs from what this writes.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { compile, type PluginSet, render } from '../../engine/index.js';
import { COMMERCE_PLUGINS } from '../../engine/plugins/commerce/index.js';
import { CONTENT_PLUGINS } from '../../engine/plugins/content/index.js';
import { I18N_PLUGINS } from '../../engine/plugins/i18n/index.js';
import { CORE_PLUGINS } from '../../engine/plugins/registry.js';
import { SOCIAL_PLUGINS } from '../../engine/plugins/social/index.js';
import { STOREFRONT_PLUGINS } from '../../server/islands/formatter.js';
import { defaultThemeDir } from '../../server/theme/theme-dir.js';
import { type ContextShape, readContextShape } from './context-shape.js';
import { EXAMPLE_NOW, FORMATTER_DOCS, type PluginDoc, PREDICATE_DOCS } from './plugin-docs.js';

export const GUIDE_FILE = 'docs/THEME-GUIDE.md';

/** The plugin families, as the engine registers them; the storefront's own formatters last. */
const FAMILIES: readonly { readonly title: string; readonly set: PluginSet }[] = [
  { title: 'Core', set: CORE_PLUGINS },
  { title: 'Social', set: SOCIAL_PLUGINS },
  { title: 'Content', set: CONTENT_PLUGINS },
  { title: 'Dates, numbers and messages (i18n)', set: I18N_PLUGINS },
  { title: 'Commerce', set: COMMERCE_PLUGINS },
];

/** Every name the storefront's table has that no engine family registers (`island`). */
function storefrontOnly(kind: 'formatters' | 'predicates'): string[] {
  const inFamilies = new Set(FAMILIES.flatMap((f) => (f.set[kind] ?? []).map((p) => p.name)));
  return [...STOREFRONT_PLUGINS[kind].keys()].filter((name) => !inFamilies.has(name));
}

export interface RenderedExample {
  readonly html: string;
  readonly problems: readonly string[];
}

/** An example as the engine renders it (the storefront's plugins, the examples' fixed "now"). */
export function renderExample(doc: PluginDoc): RenderedExample {
  const { template, errors } = compile(doc.template, { filename: 'example' }, STOREFRONT_PLUGINS);
  const result = render(template, doc.data ?? {}, { now: EXAMPLE_NOW, locale: doc.locale ?? 'en' }, STOREFRONT_PLUGINS);
  return { html: result.html, problems: [...errors, ...result.errors].map((e) => `${e.code}: ${e.message}`) };
}

/** The longest output shown whole; longer markup is cut (the rest is the same kind of markup). */
const OUTPUT_LIMIT = 600;

/** A fenced block whose fence no line of `text` can close. */
function fenced(text: string, lang: string): string {
  const fence = '`'.repeat(Math.max(3, ...[...text.matchAll(/`+/g)].map((m) => m[0].length + 1)));
  return `${fence}${lang}\n${text}\n${fence}`;
}

function example(name: string, doc: PluginDoc): string {
  // blank lines around markup (the platform's templates print them) are left out of what is shown
  const html = renderExample(doc).html.replace(/^(?:[ \t]*\n)+/, '').replace(/(?:\n[ \t]*)+$/, '');
  const data = JSON.stringify(doc.data ?? {});
  const shown = html.length > OUTPUT_LIMIT ? `${html.slice(0, OUTPUT_LIMIT)}… (${html.length - OUTPUT_LIMIT} more characters)` : html;
  return [
    `#### \`${name}\``,
    '',
    doc.summary,
    '',
    fenced(doc.template, 'jsont'),
    '',
    `with ${data.length <= 140 ? `\`${data}\`` : `\n\n${fenced(JSON.stringify(doc.data ?? {}, null, 2), 'json')}\n`}${doc.locale === undefined ? '' : ` in the \`${doc.locale}\` locale`} gives`,
    '',
    fenced(shown === '' ? '(nothing)' : shown, 'html'),
  ].join('\n');
}

function pluginSection(kind: 'formatters' | 'predicates', docs: Readonly<Record<string, PluginDoc>>): string {
  const families = [...FAMILIES.map((f) => ({ title: f.title, names: (f.set[kind] ?? []).map((p) => p.name) })), { title: 'Tessera storefront', names: storefrontOnly(kind) }];
  // a name registered by two families is the later one's in the table, and documented there
  const owner = new Map<string, number>();
  families.forEach((f, i) => f.names.forEach((n) => owner.set(n, i)));
  const out: string[] = [];
  families.forEach(({ title, names }, i) => {
    const own = names.filter((n) => owner.get(n) === i);
    if (own.length === 0) return;
    out.push(`### ${title} (${own.length})`, '');
    for (const name of own) {
      const doc = docs[name];
      if (doc === undefined) throw new Error(`the ${kind.slice(0, -1)} '${name}' has no entry in bin/guide/plugin-docs.ts`);
      out.push(example(name, doc), '');
    }
  });
  return out.join('\n');
}

/** The system templates Tessera renders for a theme that lacks them, listed from the default theme. */
function systemTemplates(folder: string, pattern: RegExp): string {
  return readdirSync(join(defaultThemeDir(), folder))
    .filter((f) => pattern.test(f))
    .sort()
    .map((f) => `\`${f}\``)
    .join(', ');
}

function layoutSection(): string {
  return `## A theme folder

A theme is a folder in the platform's layout. \`tessera check DIR\` checks it, \`tessera dev DIR\` serves it
over the demo store and reloads the browser on every save, \`tessera render --theme DIR --url /path\` prints one
page (see [themes.md](themes.md#the-tessera-command)).

| file | what it is |
|---|---|
| \`template.conf\` | JSON: \`name\`, \`author\`, \`layouts\` (each a list of \`regions\`, joined in order into the page's frame; the one called \`default\` unless a page or a collection's \`.conf\` names another), \`navigations\`, \`stylesheets\` (files of \`styles/\`, joined in order), \`systemCollections\` |
| \`NAME.region\` | a part of a layout (\`header.region\`, \`footer.region\`…); a block may open in one region and close in a later one. \`{squarespace.main-content}\` is where the page's own template goes, \`{squarespace-headers}\` and \`{squarespace-footers}\` what the platform adds to the head and the end of the body |
| \`collections/TYPE.conf\` | a collection type (JSON: \`title\`, \`ordering\`, \`folder\`, \`layout\`…); a collection of that type is shown by \`collections/TYPE.list\` and its items by \`collections/TYPE.item\` |
| \`collections/TYPE.list\`, \`.item\` | a collection's page and an item's page |
| \`pages/NAME.page\` | a page of its own: a system page it replaces (\`search\`, \`404\`…), else a static page served at \`/NAME\`, titled by \`pages/NAME.page.conf\` (\`{ "title": "…" }\`) |
| \`blocks/NAME.block\` | a partial, applied with \`{@|apply NAME.block}\` |
| \`styles/*.css\`, \`*.less\` | the stylesheet, LESS compiled, \`// tweak: {…}\` declarations read as tweaks |
| \`assets/\`, \`scripts/\` | static files, served at \`/assets/…\` and \`/scripts/…\` |

A theme may leave out any page or collection template: Tessera renders its own system template inside the
theme's layout instead, so the store, cart and checkout work in every theme. System pages:
${systemTemplates('pages', /\.page$/)}. System collection templates: ${systemTemplates('collections', /\.(list|item)$/)}.
System blocks: ${systemTemplates('blocks', /\.block$/)}.

JSON-T escapes nothing by itself: print text with \`|html\` (or \`|htmlattr\` in an attribute). \`tessera check\`
warns where a plain-text field (a title, a visitor's search words…) is printed without; mark a use you mean with
\`{# tessera-ignore unescaped}\` on the line before it (or \`{# tessera-ignore-file unescaped}\` for a whole file).
`;
}

/** Keys whose members are not fixed names (described instead of listed). */
const KEYED_BY: Readonly<Record<string, string>> = {
  item: 'see below',
  productMerchandisingContext: "one object per product, by the product's `id`",
  localizedStrings: 'texts by key, as the site is translated',
};

function contextSection(shape: ContextShape): string {
  const pageNames = shape.pages.map((p) => p.name);
  const rows = [...shape.keys].map(([key, { kind, fields, pages }]) => {
    const where = pages.length === pageNames.length ? 'every page' : pages.join(', ');
    const inside = key in KEYED_BY ? KEYED_BY[key] : fields.length === 0 ? '' : fields.map((f) => `\`${f}\``).join(', ');
    return `| \`${key}\` | ${kind} | ${where} | ${inside} |`;
  });
  const items = shape.items.map((i) => `- On a **${i.name}**, \`item\` holds: ${i.fields.map((f) => `\`${f}\``).join(', ')}.`);
  return `## The page context

Every page renders its template with one JSON object, the page context, in the platform's shape. Add
\`?format=json\` (or \`?format=json-pretty\`) to any page's address to see the whole of it; \`tessera dev
--context page.json\` and \`tessera render --context page.json\` render a theme over such a capture. Read from
the demo store's pages (${shape.pages.map((p) => `${p.name} \`${p.url}\``).join(', ')}):

| key | value | on | its keys |
|---|---|---|---|
${rows.join('\n')}

${items.join('\n')}
`;
}

/** The whole guide, as `npm run guide` writes it. */
export async function themeGuide(): Promise<string> {
  const shape = await readContextShape();
  const formatters = STOREFRONT_PLUGINS.formatters.size;
  const predicates = STOREFRONT_PLUGINS.predicates.size;
  return `# Theme author's guide

<!-- Generated by \`npm run guide\` (bin/guide/theme-guide.ts) from the engine's plugin table and the
     storefront's page contexts; edit those, not this file. -->

Everything a theme for Tessera can use: the folder layout, the page context, and all ${formatters} formatters
and ${predicates} predicates, each with an example the engine rendered when this file was written (examples
run on 15 March 2024, 16:00 UTC, in the \`en\` locale unless they say otherwise; blank lines around an output
are left out, and a long one is cut).

${layoutSection()}
${contextSection(shape)}
## Formatters

\`{value|formatter arguments}\`; several run left to right (\`{title|safe|truncate 80|html}\`). The first
character after a formatter's name separates its arguments (\`{x|truncate:10:…}\`).

${pluginSection('formatters', FORMATTER_DOCS)}
## Predicates

\`{.name? arguments}…{.or}…{.end}\`: the block when the test holds, else the \`{.or}\` branch. Most test the
current node, so they sit inside a \`{.section …}\` of what they test.

${pluginSection('predicates', PREDICATE_DOCS)}`;
}
