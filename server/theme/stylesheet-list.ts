/**
 * The stylesheets of a theme in the order the platform compiles them (platform notes, styles.md §1):
 * `styles/reset.css` first when it exists (even when `template.conf` lists it again: it is then joined twice, as
 * on the platform), then `template.conf`'s `stylesheets` in order (paths in `styles/`, sub-folders allowed);
 * without that key, every `.css` and `.less` file at the top of `styles/` but `*reset.css`, by name.
 *
 * A theme kept as its repository keeps it (a source tree, before its build) may list files its build makes.
 * Where the file is missing Tessera does what that build would, as a warning naming the file used and why:
 * - a listed `X.css` with `X.less` beside it: `X.less` is compiled as `lessc X.less > X.css` would make it
 *   (server/theme/lessc-build.ts), then compiled as the platform compiles `X.css`;
 * - a listed file of which exactly one of the same name lies in a sub-folder of `styles/` (a build that flattens
 *   `styles/includes/grid-breaker.less` into `styles/`): that one; `reset.css` too, when `styles/` has none.
 * Anything else missing is an error at its name in `template.conf`, which says when a SASS source of that name
 * exists (a build Tessera does not run); the other sheets are still compiled.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, relative, sep } from 'node:path';
import { TEMPLATE_CONF } from './theme-conf.js';
import { type ThemeProblem, themeProblem } from './theme-problem.js';

export interface ListedSheet {
  /** The file to read, as a path in `styles/`. */
  readonly file: string;
  /** Set when `file` is a LESS source the theme's build compiles into this listed `.css` (its path in `styles/`). */
  readonly builds?: string;
}

export interface StylesheetList {
  readonly sheets: readonly ListedSheet[];
  readonly problems: readonly ThemeProblem[];
}

/** Every file under `dir` (relative to it, `/`-separated), skipping `node_modules` and dot-folders. */
function filesUnder(dir: string): string[] {
  const out: string[] = [];
  const walk = (at: string) => {
    let entries;
    try {
      entries = readdirSync(at, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
      if (entry.isDirectory()) walk(join(at, entry.name));
      else out.push(relative(dir, join(at, entry.name)).split(sep).join('/'));
    }
  };
  walk(dir);
  return out.sort();
}

const isFile = (path: string) => existsSync(path) && statSync(path).isFile();

/** The stylesheets of the theme in `dir`, given `template.conf`'s list (see the header). */
export function stylesheetList(dir: string, names: readonly string[]): StylesheetList {
  let listed = names;
  const styles = join(dir, 'styles');
  const problems: ThemeProblem[] = [];
  const sheets: ListedSheet[] = [];
  let conf = '';
  try {
    conf = readFileSync(join(dir, TEMPLATE_CONF), 'utf8');
  } catch {
    // no template.conf: problems point at its start
  }
  let inStyles: string[] | null = null;
  /** The files of that name in sub-folders of `styles/`. */
  const inSubFolders = (name: string) => (inStyles ??= filesUnder(styles)).filter((f) => f.includes('/') && basename(f) === basename(name));
  const at = (name: string, code: string, message: string, severity: 'error' | 'warning') => {
    const quoted = conf.indexOf(JSON.stringify(name), Math.max(0, conf.indexOf('"stylesheets"')));
    problems.push(themeProblem(TEMPLATE_CONF, conf, Math.max(0, quoted), code, message, severity));
  };

  // without a "stylesheets" key the platform compiles every sheet of styles/ but its reset (in an order not
  // known: here by name, the folder's top only)
  if (listed.length === 0 && conf !== '' && !/"stylesheets"\s*:/.test(conf)) {
    const all = existsSync(styles) ? readdirSync(styles, { withFileTypes: true }) : [];
    listed = all.filter((e) => e.isFile() && /\.(css|less)$/i.test(e.name) && !/reset\.css$/i.test(e.name)).map((e) => e.name).sort();
  }
  if (isFile(join(styles, 'reset.css'))) sheets.push({ file: 'reset.css' });
  else {
    const found = inSubFolders('reset.css');
    if (found.length === 1) {
      sheets.push({ file: found[0]! });
      problems.push(themeProblem(`styles/${found[0]!}`, '', 0, 'STYLESHEET_MOVED', `styles/reset.css does not exist; styles/${found[0]!} is put first in its place, as the platform puts styles/reset.css (a theme build that flattens styles/ would put it there).`, 'warning'));
    }
  }
  for (const name of listed) {
    if (isFile(join(styles, name))) {
      sheets.push({ file: name });
      continue;
    }
    const less = name.replace(/\.css$/i, '.less');
    if (less !== name && isFile(join(styles, less))) {
      sheets.push({ file: less, builds: name });
      at(name, 'STYLESHEET_MOVED', `styles/${name} does not exist; styles/${less} beside it is compiled in its place, as the theme's build would make it (lessc ${basename(less)} > ${basename(name)}).`, 'warning');
      continue;
    }
    const found = inSubFolders(name);
    if (found.length === 1) {
      sheets.push({ file: found[0]! });
      at(name, 'STYLESHEET_MOVED', `styles/${name} does not exist; styles/${found[0]!}, the one file of that name in styles/, is used in its place (a theme build that flattens styles/ would put it there).`, 'warning');
      continue;
    }
    const sass = filesUnder(dir).filter((f) => /\.s[ac]ss$/i.test(f) && basename(f).replace(/\.s[ac]ss$/i, '') === basename(name).replace(/\.css$/i, ''));
    const why =
      found.length > 1
        ? ` Several files of that name are in sub-folders of styles/ (${found.map((f) => `styles/${f}`).join(', ')}): list the one meant.`
        : sass.length > 0
          ? ` The theme's build makes it from ${sass.join(', ')} (SASS), which Tessera does not compile: build it and put the CSS in styles/.`
          : '';
    at(name, 'MISSING_STYLESHEET', `The stylesheet styles/${name} listed in template.conf does not exist; the other stylesheets are still compiled.${why}`, 'error');
  }
  return { sheets, problems };
}
