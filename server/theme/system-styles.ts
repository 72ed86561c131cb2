/**
 * The styles of Tessera's system templates (store, product, cart, checkout, search, 404… pages a platform
 * theme leaves to Tessera) for a theme that uses them: the default theme's stylesheets, nested under
 * `.sqs-system` (the element the system content is rendered in) and lowered by esbuild, so they style that
 * content only and never the theme's own frame. Their tokens (`--color-accent`, `--font-heading`, …) are set
 * on `.sqs-system`; a theme restyles the system pages by setting them there in its own stylesheet. Before them,
 * unscoped, the few rules the platform's formatter markup needs wherever it is printed (PLATFORM_BASE).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { transformSync } from 'esbuild';
import { defaultThemeDir } from './theme-dir.js';

/** The class of the element around system content. */
export const SYSTEM_SCOPE = 'sqs-system';

/** The default theme's stylesheets the system templates need, in its order. */
const SYSTEM_STYLESHEETS = ['tokens.css', 'base.css', 'commerce.css', 'content.css', 'forms.css', 'gallery.css', 'home.css'];

/**
 * What the platform's own stylesheet gives the markup it prints into a theme's templates, unscoped, since that
 * markup stands in the theme's own frame: `{@|product-price}` labels its prices for screen readers with
 * `v6-visually-hidden`; a `<squarespace:block-field>` is the platform's block grid (`sqs-layout` > `sqs-row` >
 * `sqs-col-N`, out of 12; server/theme/block-fields.ts), whose blocks a theme's CSS only adjusts: the columns
 * side by side from 768 px (stacked below, as the platform's mobile layout), a block's padding, its pictures
 * no wider than their column. The platform's own rules are not public: these give the same layout, in our words.
 */
const PLATFORM_BASE = `
.v6-visually-hidden { position: absolute !important; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
.product-price .original-price { text-decoration: line-through; margin-inline-start: 0.35em; opacity: 0.75; }
.sqs-layout .sqs-row { display: flex; flex-wrap: wrap; }
.sqs-layout .sqs-row > .sqs-col-12 { flex: 0 0 100%; }
@media (min-width: 768px) {
${Array.from({ length: 11 }, (_, i) => `  .sqs-layout .sqs-row > .sqs-col-${i + 1} { flex: 0 0 ${+(((i + 1) / 12) * 100).toFixed(4)}%; }`).join('\n')}
}
@media (max-width: 767px) { .sqs-layout .sqs-row > [class*="sqs-col-"] { flex: 0 0 100%; } }
.sqs-block { position: relative; box-sizing: border-box; padding: 17px; }
.sqs-block-content img { max-width: 100%; height: auto; }
`;

let built: string | null = null;

/** The scoped system CSS (built once per process). */
export function systemCss(): string {
  if (built !== null) return built;
  const source = SYSTEM_STYLESHEETS.map((name) => readFileSync(join(defaultThemeDir(), 'styles', name), 'utf8'))
    .join('\n')
    // keyframes cannot nest in a rule, and only the default theme's own frame animates
    .replace(/@keyframes[^{]*\{(?:[^{}]*\{[^{}]*\})*[^{}]*\}/g, '')
    .replaceAll(':root', '&');
  built = transformSync(`${PLATFORM_BASE}\n.${SYSTEM_SCOPE} {\n${source}\n}`, { loader: 'css', target: ['chrome100', 'firefox100', 'safari15'], legalComments: 'none' }).code;
  return built;
}

/** Content rendered from a system template, inside the element its styles are scoped to. */
export function inSystemScope(html: string): string {
  return `<div class="${SYSTEM_SCOPE}">${html}</div>`;
}
