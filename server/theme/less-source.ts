/**
 * A theme's LESS as one source, joined as the platform joins it before its one compile (platform notes,
 * styles.md §1): the stylesheets in the order given (`styles/reset.css` first, then `template.conf`'s list), each
 * `@import` replaced by the file it names, then the generated tweak LESS. The platform's compiler
 * (`@squarespace/less-ts`) compiles one string and resolves no import, so Tessera resolves them here:
 *
 * - `@import 'x'` (`.less` added when the name has no extension) is looked for next to the importing file, then
 *   at the top of `styles/`, never outside it (a path that leaves `styles/`, symlinks followed, is not read);
 *   then in Tessera's copy of the platform's LESS library (`server/theme/platform-less/`, `sqs-grid-breaker`…).
 *   Each file is imported once: a second `@import` of it adds nothing (the platform compiles with import-once).
 * - An import of a `.css` file or of another host stays, in LESS 1.x and on the platform, a CSS `@import` the
 *   browser loads. Tessera keeps one of a path on this site (`/assets/fonts.css`), put first in the stylesheet
 *   where CSS wants it; one of another host (a web font service) is left out with a warning, since a Tessera
 *   page loads nothing from elsewhere; a relative one (`x.css`) is left out with a warning too: on the platform
 *   it asks the site's root for `/x.css`, which no site serves.
 * - A missing import is an error at its `@import`, and adds nothing: the rest still compiles.
 *
 * Every character of the joined text that came from a file is kept in a table of pieces, so a problem the
 * compiler finds in the joined text is put back at its file, line and column.
 */
import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { dirname, extname, join, relative, resolve, sep } from 'node:path';
import { repoRoot } from '../db/database.js';
import { type ThemeProblem, themeProblem } from './theme-problem.js';
import { textKinds, TextKind, unclosedBrace } from './less-text.js';

/** Tessera's copy of the LESS files themes import from the platform (see its README). */
export const platformLessDir = (): string => resolve(repoRoot(), 'server/theme/platform-less');

/** The name problems give the generated tweak LESS. */
export const TWEAK_LESS_NAME = '(tweaks)';
/** How problems name a file of the platform library (it is not the theme's). */
const libraryName = (file: string) => `(platform) ${file}`;

/** `[at, at + length)` of the joined text is `[from, from + length)` of the file `file`. */
export interface LessPiece {
  readonly at: number;
  readonly length: number;
  readonly file: string;
  readonly from: number;
}

export interface JoinedLess {
  readonly text: string;
  readonly pieces: readonly LessPiece[];
  /** The text of each file joined, by the name problems give it (`styles/base.less`). */
  readonly files: ReadonlyMap<string, string>;
  /** For each file imported inside a block of another (`@media … { @import 'x'; }`), that file. */
  readonly nestedIn: ReadonlyMap<string, string>;
  /** The theme's files read, as paths in `styles/`, in reading order (each once). */
  readonly read: readonly string[];
  /** The CSS `@import` rules kept, to stand first in the stylesheet. */
  readonly cssImports: readonly string[];
  readonly problems: readonly ThemeProblem[];
}

export interface JoinOptions {
  /** The theme's `styles/` folder. */
  readonly stylesDir: string;
  /** The stylesheets, as paths in `styles/`, in compile order; or a sheet's text already built (see lessc-build.ts). */
  readonly sheets: readonly (string | BuiltSheet)[];
  /** LESS appended after the theme's sheets, in the same compile (the tweaks' values). */
  readonly tweakLess?: string;
}

/** A stylesheet made by the theme's own build, given as its text (its imports already resolved). */
export interface BuiltSheet {
  /** The name problems give it (`styles/main.css`). */
  readonly name: string;
  readonly text: string;
}

/** One `@import` statement of a file: `[start, end)` and what it names. */
interface ImportStatement {
  readonly start: number;
  readonly end: number;
  readonly path: string;
  /** The media query after the path, if any (`screen and (…)`). */
  readonly media: string;
}

const IMPORT = /@import(?:-once|-multiple)?\b/g;

/** The `@import` statements of a file (in code, not in comments or strings), in order. */
function importsOf(text: string, kinds: Uint8Array): ImportStatement[] {
  const found: ImportStatement[] = [];
  for (const m of text.matchAll(IMPORT)) {
    if (kinds[m.index] !== TextKind.Code) continue;
    let i = m.index + m[0].length;
    while (/\s/.test(text[i] ?? '')) i++;
    let path: string;
    const quote = text[i];
    if (quote === '"' || quote === "'") {
      const close = text.indexOf(quote, i + 1);
      if (close < 0) continue;
      path = text.slice(i + 1, close);
      i = close + 1;
    } else if (/^url\(/i.test(text.slice(i, i + 4))) {
      const close = text.indexOf(')', i);
      if (close < 0) continue;
      path = text.slice(i + 4, close).trim().replace(/^(["'])(.*)\1$/, '$2');
      i = close + 1;
    } else continue; // `@import (options) …` is LESS 1.4's: left for the compiler to refuse, as the platform's does
    let end = i;
    while (end < text.length && !(kinds[end] === TextKind.Code && /[;{}]/.test(text[end]!))) end++;
    if (text[end] !== ';') continue;
    found.push({ start: m.index, end: end + 1, path, media: text.slice(i, end).trim() });
  }
  return found;
}

/** Whether `path` is inside `folder` (both real paths). */
const inside = (folder: string, path: string) => path.startsWith(folder + sep);

/** A file's text as LESS reads it (a byte-order mark is a space, so offsets stay). */
const readText = (path: string) => readFileSync(path, 'utf8').replace(/^\uFEFF/, ' ');

/** Joins the stylesheets and what they import into one LESS source (see the header). */
export function joinLess(options: JoinOptions): JoinedLess {
  const styles = existsSync(options.stylesDir) ? realpathSync(options.stylesDir) : resolve(options.stylesDir);
  const library = realpathSync(platformLessDir());
  const pieces: LessPiece[] = [];
  const files = new Map<string, string>();
  const nestedIn = new Map<string, string>();
  const read: string[] = [];
  const cssImports: string[] = [];
  const problems: ThemeProblem[] = [];
  const imported = new Set<string>();
  let out = '';

  /** The real path a theme file or import names, or null when it is not there (or not inside its folder). */
  const existing = (folder: string, path: string): string | null => {
    if (!existsSync(path) || !statSync(path).isFile()) return null;
    const real = realpathSync(path);
    return inside(folder, real) ? real : null;
  };
  const nameOf = (real: string) => (inside(library, real) ? libraryName(relative(library, real)) : `styles/${relative(styles, real).split(sep).join('/')}`);

  /** Where an import names a file: next to the importer, at the top of `styles/`, then in the platform library. */
  const resolveImport = (path: string, importer: string): { real: string | null; searched: string[] } => {
    const name = extname(path) === '' ? `${path}.less` : path;
    const fromLibrary = inside(library, importer);
    const places: [string, string][] = fromLibrary ? [] : [[styles, resolve(dirname(importer), name)], [styles, resolve(styles, name)]];
    places.push([library, resolve(fromLibrary ? dirname(importer) : library, name)]);
    const searched: string[] = [];
    for (const [folder, candidate] of places) {
      const real = existing(folder, candidate);
      if (real !== null) return { real, searched };
      const shown = folder === styles && inside(folder, candidate) ? nameOf(candidate) : null;
      if (shown !== null && !searched.includes(shown)) searched.push(shown);
    }
    return { real: null, searched };
  };

  const emit = (file: string, text: string, from: number, to: number) => {
    if (to <= from) return;
    pieces.push({ at: out.length, length: to - from, file, from });
    out += text.slice(from, to);
  };

  /** Joins one file: its text, each import replaced by the imported file's. */
  const include = (name: string, real: string | null, text: string, depth: number) => {
    files.set(name, text);
    if (real !== null && name.startsWith('styles/') && !read.includes(name.slice('styles/'.length))) read.push(name.slice('styles/'.length));
    const kinds = textKinds(text);
    // a block never closed would swallow every file after it: this file alone is left out
    const open = unclosedBrace(text, kinds);
    if (open !== null) {
      problems.push(themeProblem(name, text, open, 'LESS_ERROR', `This { is never closed with }, so ${name} is left out of the stylesheet.`));
      return;
    }
    let pos = 0;
    for (const statement of importsOf(text, kinds)) {
      emit(name, text, pos, statement.start);
      pos = statement.end;
      const at = (message: string, severity: 'error' | 'warning' = 'error', code = 'LESS_ERROR') => problems.push(themeProblem(name, text, statement.start, code, message, severity));
      const { path } = statement;
      const remote = /^([a-z][\w+.-]*:)?\/\//i.test(path);
      if (remote || /\.css([?#].*)?$/i.test(path)) {
        const rule = `@import url(${JSON.stringify(path)})${statement.media === '' ? '' : ` ${statement.media}`};`;
        if (remote) at(`The stylesheet ${path} is on another host: the platform's LESS keeps @import of a .css file for the browser to load, but Tessera loads nothing from other hosts, so it is left out.`, 'warning', 'LESS_IMPORT');
        else if (path.startsWith('/')) cssImports.push(rule);
        else at(`@import '${path}' names a .css file: the platform's LESS keeps it as a CSS @import, which the browser asks of the site's root (/${path}), where no site serves it, so it is left out. Import it as LESS ('${path.replace(/\.css$/i, '.less')}') or list it in template.conf.`, 'warning', 'LESS_IMPORT');
        continue;
      }
      if (real === null) continue; // the tweak LESS and a built sheet import nothing more
      const target = resolveImport(path, real);
      if (target.real === null) {
        const where = target.searched.length === 0 ? 'it in styles/ (a path outside styles/ is never read)' : target.searched.join(', ');
        at(`The import '${path}' was not found: looked for ${where} and in Tessera's platform LESS library; it adds nothing.`);
        continue;
      }
      if (imported.has(target.real)) continue;
      if (depth > 64) {
        at(`The import '${path}' is nested more than 64 deep; it adds nothing.`);
        continue;
      }
      imported.add(target.real);
      const targetName = nameOf(target.real);
      if (blockDepth(text, kinds, statement.start) > 0) nestedIn.set(targetName, name);
      // on lines of its own: a `//` comment closing the imported file must not swallow what follows
      out += '\n';
      include(targetName, target.real, readText(target.real), depth + 1);
      out += '\n';
    }
    emit(name, text, pos, text.length);
  };

  for (const sheet of options.sheets) {
    if (typeof sheet !== 'string') {
      include(sheet.name, null, sheet.text, 0);
      out += '\n';
      continue;
    }
    const path = resolve(styles, sheet);
    const real = existing(styles, path);
    const name = `styles/${sheet}`;
    if (real === null) {
      problems.push(themeProblem(name, '', 0, 'MISSING_STYLESHEET', `The stylesheet ${name} does not exist.`));
      continue;
    }
    include(name, real, readText(real), 0);
    out += '\n';
  }
  if (options.tweakLess !== undefined && options.tweakLess !== '') include(TWEAK_LESS_NAME, null, options.tweakLess, 0);
  return { text: out, pieces, files, nestedIn, read, cssImports, problems };
}

/** How many blocks are open at `offset` of `text`. */
function blockDepth(text: string, kinds: Uint8Array, offset: number): number {
  let depth = 0;
  for (let i = 0; i < offset; i++) {
    if (kinds[i] !== TextKind.Code) continue;
    if (text[i] === '{') depth++;
    else if (text[i] === '}') depth--;
  }
  return depth;
}

/** The file and offset in it of an offset of the joined text (the nearest piece's when it falls between two). */
export function placeOf(joined: JoinedLess, offset: number): { file: string; offset: number } | null {
  let best: LessPiece | null = null;
  for (const piece of joined.pieces) {
    if (piece.at > offset) break;
    best = piece;
  }
  best ??= joined.pieces[0] ?? null;
  if (best === null) return null;
  return { file: best.file, offset: best.from + Math.max(0, Math.min(offset - best.at, best.length)) };
}
