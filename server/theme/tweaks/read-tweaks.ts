/**
 * Reading a theme's tweaks as the platform does (platform notes styles.md §3–§4): every tweak comment of the
 * stylesheets `template.conf` lists and of the LESS files they import, in the order LESS reads them, before
 * anything is compiled (the site's values are compiled with the theme's sheets, server/theme/tweaks/tweak-less.ts).
 *
 * A comment is `// tweak: {…}`, `//tweak:{…}` or, as one corpus theme writes it, `/*tweak: {…}*\/` (whether the
 * platform reads that form is unknown; a theme author who wrote it means a tweak, so it is one). Its object may
 * be JSON or the JavaScript object syntax Squarespace's own themes use (lenient-json.ts). What follows it names
 * it (tweak-names.ts). A comment that cannot be read, or a tweak without what its type needs, is a warning
 * (`INVALID_TWEAK`) at its line and column, and that tweak is left out: the stylesheet compiles as it would
 * without it, so nothing else is lost.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, extname, join, relative, sep } from 'node:path';
import { positionAt, type ThemeProblem, themeProblem } from '../theme-problem.js';
import { parseLenientJson } from './lenient-json.js';
import { followingDeclaration, scanLess, type TweakComment } from './less-scan.js';
import { TWEAK_TYPES, type Tweak, type TweakType } from './tweak.js';
import { tweakDefault } from './tweak-defaults.js';
import { FOLLOWED_BY, tweakName } from './tweak-names.js';

export interface TweakReading {
  readonly tweaks: Tweak[];
  readonly problems: ThemeProblem[];
}

/** A number written as a number or a numeric string (`"min": "0"`), else undefined. */
function numberOf(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && /^\s*[+-]?(\d+\.?\d*|\.\d+)\s*$/.test(value)) return Number(value);
  return undefined;
}

/** One tweak comment read: the tweak, or why it is left out; and a warning about its default, if any. */
function readComment(source: string, file: string, comment: TweakComment): { tweak?: Tweak; problems: ThemeProblem[] } {
  const warn = (offset: number, message: string) => ({ problems: [themeProblem(file, source, offset, 'INVALID_TWEAK', message, 'warning')] });
  const parsed = parseLenientJson(comment.objectText);
  if (!parsed.ok) return warn(comment.objectStart + parsed.offset, `The tweak's object cannot be read: ${parsed.message}; the tweak is left out.`);
  // the comment's text starts with `{`: what reads is an object
  const declaration = parsed.value as Record<string, unknown>;
  const rawType = typeof declaration['type'] === 'string' ? declaration['type'].trim().toLowerCase() : declaration['type'];
  if (!(TWEAK_TYPES as readonly unknown[]).includes(rawType)) {
    const said = rawType === undefined ? 'has no "type"' : `has the type ${JSON.stringify(declaration['type'])}`;
    return warn(comment.objectStart, `The tweak ${said}: it must be one of ${TWEAK_TYPES.join(', ')}; the tweak is left out.`);
  }
  const type = rawType as TweakType;
  const title = typeof declaration['title'] === 'string' && declaration['title'].trim() !== '' ? declaration['title'] : null;
  const following = followingDeclaration(source, comment.end);
  const name = tweakName(type, title, following);
  if (name === null) {
    const needs = FOLLOWED_BY[type];
    return warn(comment.start, needs === undefined ? `A ${type} tweak is named by its "title", which it lacks; the tweak is left out.` : `A ${type} tweak must be followed by ${needs}; the tweak is left out.`);
  }
  let options: string[] = [];
  if (type === 'dropdown') {
    const given = declaration['options'];
    options = Array.isArray(given) ? given.filter((o) => typeof o === 'string' || typeof o === 'number').map(String) : [];
    if (options.length === 0) return warn(comment.objectStart, 'A dropdown tweak needs "options", a list of labels; the tweak is left out.');
  }
  const fallback = tweakDefault(type, declaration, options, following);
  const { line, column } = positionAt(source, comment.start);
  const min = numberOf(declaration['min']);
  const max = numberOf(declaration['max']);
  const step = numberOf(declaration['step'] ?? declaration['steps']);
  const tweak: Tweak = {
    name,
    type,
    title: title ?? name,
    default: fallback.value,
    ...(following.kind === 'class' && (type === 'font' || type === 'image') ? { properties: following.declarations } : {}),
    ...(type === 'dropdown' ? { options } : {}),
    ...(type === 'value' && min !== undefined ? { min } : {}),
    ...(type === 'value' && max !== undefined ? { max } : {}),
    ...(type === 'value' && step !== undefined ? { step } : {}),
    js: declaration['js'] === true || declaration['js'] === 'true',
    declaration,
    file,
    line,
    column,
  };
  if (fallback.warning === undefined) return { tweak, problems: [] };
  return { tweak, problems: [{ filename: file, line, column, severity: 'warning', code: 'INVALID_TWEAK', message: fallback.warning }] };
}

/** The tweaks of one LESS source (its imports not followed), and the warnings of those left out. */
export function readTweaks(source: string, file: string): TweakReading {
  const reading: TweakReading = { tweaks: [], problems: [] };
  for (const event of scanLess(source)) if (event.kind === 'tweak') add(reading, readComment(source, file, event));
  return reading;
}

/** Adds a comment's tweak, unless one of that name came first (then a warning: the later one is left out). */
function add(reading: TweakReading, found: { tweak?: Tweak; problems: ThemeProblem[] }): void {
  reading.problems.push(...found.problems);
  const tweak = found.tweak;
  if (tweak === undefined) return;
  const first = reading.tweaks.find((t) => t.name === tweak.name);
  if (first === undefined) reading.tweaks.push(tweak);
  else {
    const message = `A tweak named "${tweak.name}" is declared already (${first.file}:${first.line}); this one is left out.`;
    reading.problems.push({ filename: tweak.file, line: tweak.line, column: tweak.column, severity: 'warning', code: 'INVALID_TWEAK', message });
  }
}

/** Whether an import is one LESS reads as LESS (not a URL, a plain CSS import, `(css)` or `(inline)`). */
function importsLess(path: string, options: readonly string[]): boolean {
  if (/^([a-z]+:)?\/\//i.test(path) || options.includes('css') || options.includes('inline')) return false;
  return extname(path) !== '.css' || options.includes('less');
}

/**
 * The tweaks of a theme's stylesheets (`names`, files of `stylesDir` as `template.conf` lists them), each file
 * followed by the LESS files it imports at the place it imports them, each file once. An import that names no
 * file of the folder (a platform library such as `sqs-grid-breaker`, a missing file) is passed over here: the
 * compilation reports what it cannot find. Files are named relative to the theme folder (`styles/tweak.less`).
 */
export function readThemeTweaks(stylesDir: string, names: readonly string[]): TweakReading {
  const reading: TweakReading = { tweaks: [], problems: [] };
  const seen = new Set<string>();
  const themeDir = dirname(stylesDir);
  const visit = (path: string) => {
    if (seen.has(path) || !path.startsWith(stylesDir + sep) || !existsSync(path)) return;
    seen.add(path);
    let source: string;
    try {
      source = readFileSync(path, 'utf8');
    } catch {
      return;
    }
    const file = relative(themeDir, path).split(sep).join('/');
    for (const event of scanLess(source)) {
      if (event.kind === 'tweak') add(reading, readComment(source, file, event));
      else if (importsLess(event.path, event.options)) {
        const target = join(dirname(path), event.path);
        visit(extname(event.path) === '' ? `${target}.less` : target);
      }
    }
  };
  for (const name of names) visit(join(stylesDir, name));
  return reading;
}
