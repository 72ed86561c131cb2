/**
 * The styles of Tessera's system templates (store, product, cart, checkout, search, 404… pages a platform
 * theme leaves to Tessera) for a theme that uses them: the default theme's stylesheets, nested under
 * `.sqs-system` (the element the system content is rendered in) and lowered by esbuild, so they style that
 * content only and never the theme's own frame. Their tokens (`--color-accent`, `--font-heading`, …) are set
 * on `.sqs-system`; a theme restyles the system pages by setting them there in its own stylesheet.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { transformSync } from 'esbuild';
import { defaultThemeDir } from './theme-dir.js';

/** The class of the element around system content. */
export const SYSTEM_SCOPE = 'sqs-system';

/** The default theme's stylesheets the system templates need, in its order. */
const SYSTEM_STYLESHEETS = ['tokens.css', 'base.css', 'commerce.css', 'content.css', 'forms.css', 'gallery.css', 'home.css'];

let built: string | null = null;

/** The scoped system CSS (built once per process). */
export function systemCss(): string {
  if (built !== null) return built;
  const source = SYSTEM_STYLESHEETS.map((name) => readFileSync(join(defaultThemeDir(), 'styles', name), 'utf8'))
    .join('\n')
    // keyframes cannot nest in a rule, and only the default theme's own frame animates
    .replace(/@keyframes[^{]*\{(?:[^{}]*\{[^{}]*\})*[^{}]*\}/g, '')
    .replaceAll(':root', '&');
  built = transformSync(`.${SYSTEM_SCOPE} {\n${source}\n}`, { loader: 'css', target: ['chrome100', 'firefox100', 'safari15'], legalComments: 'none' }).code;
  return built;
}

/** Content rendered from a system template, inside the element its styles are scoped to. */
export function inSystemScope(html: string): string {
  return `<div class="${SYSTEM_SCOPE}">${html}</div>`;
}
