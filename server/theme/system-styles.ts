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
 * What the platform's own stylesheet gives the markup its formatters print in any template (`{@|product-price}`
 * labels its prices for screen readers with `v6-visually-hidden`), unscoped, since that markup stands in the
 * theme's own templates too.
 */
const PLATFORM_BASE = `
.v6-visually-hidden { position: absolute !important; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
.product-price .original-price { text-decoration: line-through; margin-inline-start: 0.35em; opacity: 0.75; }
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
