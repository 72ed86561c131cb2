/**
 * What the dev server tells beyond the problems of the theme's templates, stylesheets and `.conf` files, each as a
 * problem for the overlay and the terminal: a thrown error at the file it is about, the site's tweak values that
 * the theme's tweaks refuse (a dropdown's option renamed in a saved LESS file after `--tweak` chose it), a
 * failure of the step that gives the theme its demo content (server/theme-content/), and a save that could not
 * be taken in.
 */
import { relative, sep } from 'node:path';
import type { Store } from '../db/database.js';
import type { Theme } from '../theme.js';
import { ensureThemeContent } from '../theme-content/ensure-theme-content.js';
import type { StoredTweakValues } from '../theme/tweaks/site-tweaks.js';
import type { Tweak } from '../theme/tweaks/tweak.js';
import { checkTweakValue } from '../theme/tweaks/tweak-values.js';
import { ContextError } from './context-page.js';
import type { DevProblem } from './dev-problems.js';

/** The names the overlay gives what is not a file of the theme. */
export const TWEAK_VALUES = '(tweak values)';
export const DEMO_CONTENT = '(demo content)';
export const SAVE = '(save)';

/** What an error says (a thrown value without a message, too: less leaves a missing import's unset). */
export function errorText(error: unknown): string {
  const message = error instanceof Error ? error.message : undefined;
  return typeof message === 'string' && message !== '' ? message : `${error instanceof Error ? error.name : String(error)} (without a message)`;
}

/** A save the dev server could not take in (a step that threw): said at the saved file, kept until a save goes through. */
export function saveProblems(path: string, error: unknown): DevProblem[] {
  const message = `Taking in the save of ${path} failed: ${errorText(error)}. The pages may show the theme as it was; save again to retry.`;
  return [{ severity: 'error', code: 'SAVE_FAILED', message, filename: SAVE, line: 1, column: 1 }];
}

/**
 * A thrown error as the problem of the file it is about: a theme file that cannot be read (gone, a folder), or
 * the captured context (`contextFile`); null for any other error.
 */
export function thrownProblem(error: Error, themeDir: string, contextFile: string | null): DevProblem | null {
  if (error instanceof ContextError && contextFile !== null) {
    return { severity: 'error', code: 'INVALID_CONTEXT', message: error.message, filename: relative(process.cwd(), contextFile), line: error.line, column: error.column };
  }
  const path = (error as NodeJS.ErrnoException).path;
  if (typeof path !== 'string' || !path.startsWith(themeDir + sep)) return null;
  const file = relative(themeDir, path);
  const why = (error as NodeJS.ErrnoException).code === 'EISDIR' ? 'it is a folder' : 'it was deleted or renamed?';
  return { severity: 'error', code: 'FILE_MISSING', message: `${file} cannot be read (${why})`, filename: file, line: 1, column: 1 };
}

/**
 * The site's tweak values (`--tweak`, the owner API) that the theme's tweaks no longer take: each an error at the
 * tweak's comment (at `TWEAK_VALUES` for a tweak the theme no longer has), since the pages show the tweak's
 * default instead.
 */
export function tweakValueProblems(tweaks: readonly Tweak[], values: StoredTweakValues): DevProblem[] {
  const byName = new Map(tweaks.map((t) => [t.name, t]));
  const out: DevProblem[] = [];
  for (const [name, value] of Object.entries(values)) {
    const tweak = byName.get(name);
    if (tweak === undefined) {
      const message = `The site's value for the tweak "${name}" (--tweak or the owner API) is not used: the theme has no tweak of that name now.`;
      out.push({ severity: 'error', code: 'INVALID_TWEAK_VALUE', message, filename: TWEAK_VALUES, line: 1, column: 1 });
      continue;
    }
    const checked = checkTweakValue(tweak, value);
    if (checked.ok) continue;
    const message = `The site's value for this tweak (--tweak or the owner API) is refused: ${checked.message.replace(/\.$/, '')}; the pages show its default, ${JSON.stringify(tweak.default)}.`;
    out.push({ severity: 'error', code: 'INVALID_TWEAK_VALUE', message, filename: tweak.file, line: tweak.line, column: tweak.column });
  }
  return out;
}

/** Gives the theme its demo content in the store (server/theme-content/); its failure as a problem, else none. */
export function demoContentProblems(store: Store, theme: Theme): DevProblem[] {
  try {
    ensureThemeContent(store, theme);
    return [];
  } catch (error) {
    const message = `The theme's demo content could not be added to the store: ${errorText(error)}. Its own collection types, index and navigations may be missing.`;
    return [{ severity: 'error', code: 'DEMO_CONTENT_FAILED', message, filename: DEMO_CONTENT, line: 1, column: 1 }];
  }
}
