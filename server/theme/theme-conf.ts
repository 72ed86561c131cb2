/**
 * A theme's `template.conf`, read and checked once: its layouts (each a list of regions joined in order), the
 * default layout, the navigations the site can fill, the stylesheets in the order they are joined, and the
 * platform's system collections the theme serves. A bad file never stops the server: what can be used is used,
 * and every problem is reported with its position.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { suggest } from '../../engine/errors.js';
import { join } from 'node:path';
import { parseJsonFile } from './conf-json.js';
import { type CustomType, readCustomTypes } from './custom-types.js';
import { type ThemeProblem, themeProblem } from './theme-problem.js';

export interface LayoutConf {
  /** The key under `layouts` (`default`, `wide`): what a page setting or a collection `.conf` names. */
  readonly id: string;
  /** Its display name (`name` in the file). */
  readonly name: string;
  /** Region names, each read from `{name}.region`, in order. */
  readonly regions: readonly string[];
}

export interface NavigationConf {
  readonly name: string;
  readonly title: string;
}

export interface ThemeConf {
  readonly name: string;
  readonly author: string;
  /** Every layout, in file order; never empty (a theme without layouts is one `site.region`). */
  readonly layouts: readonly LayoutConf[];
  /** The layout called `default`, else the first listed. */
  readonly defaultLayout: LayoutConf;
  /** The navigations a site can fill; the first is the site's main navigation. */
  readonly navigations: readonly NavigationConf[];
  /** Files in `styles/` (`.css` or `.less`, sub-folders allowed), in the order they are joined. */
  readonly stylesheets: readonly string[];
  /** The platform's collection types the theme serves (`products`, `blog`, …), as listed. */
  readonly systemCollections: readonly string[];
  /** The custom post types (`customTypes`) collections of the theme accept, in file order. */
  readonly customTypes: readonly CustomType[];
  /** The platform partials the theme asks for (`systemPartials`: `sqs-share-buttons`…), as listed. */
  readonly systemPartials: readonly string[];
  /** The platform's switches the theme sets (`flags`: `override_block_styles`…), as listed. */
  readonly flags: readonly string[];
  readonly problems: readonly ThemeProblem[];
}

export const TEMPLATE_CONF = 'template.conf';

// the JSON reading of every .conf (theme-stylesheet.ts reads tweak JSON with jsonError)
export { jsonError, parseJsonFile } from './conf-json.js';

/** Names a theme may give a region, layout or navigation: bare words, so no name reaches outside the folder. */
export const NAME = /^[A-Za-z0-9_-]+$/;
/** A stylesheet's path in `styles/`: `.css` or `.less`, in sub-folders too (`sections/intro.less`), each part a name not starting with a dot (so never `..`). */
const STYLESHEET = /^([\w-][\w.-]*\/)*[\w-][\w.-]*\.(css|less)$/;

const SITE_LAYOUT: LayoutConf = { id: 'default', name: 'Default', regions: ['site'] };

type JsonObject = Record<string, unknown>;
const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The offset of `"key"` in the file's text, to point a problem at the field it is about (0 when not found). */
function keyOffset(text: string, key: string, from = 0): number {
  const at = text.indexOf(JSON.stringify(key), from);
  return at < 0 ? 0 : at;
}

/** Reads `dir/template.conf`; never throws (a missing or broken file gives the one-region `site` layout). */
export function readThemeConf(dir: string): ThemeConf {
  let text: string;
  try {
    text = readFileSync(join(dir, TEMPLATE_CONF), 'utf8');
  } catch {
    return themeConf({}, '', [themeProblem(TEMPLATE_CONF, '', 0, 'MISSING_FILE', 'The theme has no template.conf.')]);
  }
  const { value, problems } = parseJsonFile(TEMPLATE_CONF, text);
  if (value !== undefined && !isObject(value)) problems.push(themeProblem(TEMPLATE_CONF, text, 0, 'INVALID_CONF', 'template.conf must hold a JSON object.'));
  const conf = themeConf(isObject(value) ? value : {}, text, problems);
  return { ...conf, problems: [...conf.problems, ...missingRegions(dir, conf, text)] };
}

/**
 * A region a layout names that the folder lacks, at its name in template.conf (every page of that layout would
 * fail), with the closest region file the theme has. A theme of one `site` region without the file is framed by
 * Tessera's own `site.region`.
 */
function missingRegions(dir: string, conf: ThemeConf, text: string): ThemeProblem[] {
  const have = () => readdirSync(dir).filter((f) => f.endsWith('.region')).map((f) => f.slice(0, -'.region'.length));
  const problems: ThemeProblem[] = [];
  for (const layout of conf.layouts) {
    for (const region of layout.regions) {
      if (existsSync(join(dir, `${region}.region`)) || (layout.regions.length === 1 && region === 'site')) continue;
      const near = suggest(region, have());
      const at = keyOffset(text, region, keyOffset(text, layout.id, keyOffset(text, 'layouts')));
      const message = `The layout "${layout.id}" names the region "${region}.region", which the theme does not have.${near === null ? '' : ` Did you mean "${near}"?`}`;
      problems.push(themeProblem(TEMPLATE_CONF, text, at, 'MISSING_REGION', message));
    }
  }
  return problems;
}

/**
 * The keys of template.conf the platform knows (template-files.md §2): those Tessera reads, and `debug` and
 * `vertical`, seen in themes, meaning unknown, accepted as they are.
 */
const TEMPLATE_CONF_KEYS = ['name', 'author', 'layouts', 'navigations', 'stylesheets', 'systemCollections', 'customTypes', 'systemPartials', 'flags', 'debug', 'vertical'];

/**
 * A key of a .conf that is a likely slip for one Tessera reads (`stylesheet`, `Layouts`): a warning, since the
 * setting it meant is not applied. Other keys are the platform's own and are kept quiet.
 */
export function misspeltKeys(file: string, text: string, conf: JsonObject, known: readonly string[]): ThemeProblem[] {
  const problems: ThemeProblem[] = [];
  for (const key of Object.keys(conf)) {
    if (known.includes(key)) continue;
    const near = suggest(key, known);
    if (near !== null) problems.push(themeProblem(file, text, keyOffset(text, key), 'UNKNOWN_KEY', `${file} has "${key}", which Tessera does not read; did you mean "${near}"?`, 'warning'));
  }
  return problems;
}

/** The strings of a list of words (anything else in it, or a value that is no list, left out). */
const words = (value: unknown): string[] => (Array.isArray(value) ? value.filter((s): s is string => typeof s === 'string') : []);

function themeConf(conf: JsonObject, text: string, problems: ThemeProblem[]): ThemeConf {
  problems.push(...misspeltKeys(TEMPLATE_CONF, text, conf, TEMPLATE_CONF_KEYS));
  const problem = (key: string, message: string, from?: number) => problems.push(themeProblem(TEMPLATE_CONF, text, keyOffset(text, key, from), 'INVALID_CONF', message));
  const layouts: LayoutConf[] = [];
  if (conf['layouts'] !== undefined && !isObject(conf['layouts'])) problem('layouts', '"layouts" must be an object of layouts by name.');
  for (const [id, layout] of Object.entries(isObject(conf['layouts']) ? conf['layouts'] : {})) {
    const at = keyOffset(text, id, keyOffset(text, 'layouts'));
    const regions = isObject(layout) && Array.isArray(layout['regions']) ? layout['regions'] : null;
    if (!NAME.test(id)) problem(id, `The layout name "${id}" may hold only letters, digits, "-" and "_".`, at);
    else if (regions === null || regions.length === 0) problem(id, `The layout "${id}" lists no regions ("regions": ["header", "page", "footer"]).`, at);
    else {
      const names = regions.filter((r): r is string => typeof r === 'string' && NAME.test(r));
      if (names.length !== regions.length) problem(id, `The layout "${id}" has a region that is not a bare name (letters, digits, "-" and "_"); it is left out.`, at);
      if (names.length > 0) layouts.push({ id, name: isObject(layout) && typeof layout['name'] === 'string' ? layout['name'] : id, regions: names });
    }
  }
  if (layouts.length === 0) layouts.push(SITE_LAYOUT);
  const navigations: NavigationConf[] = [];
  for (const nav of Array.isArray(conf['navigations']) ? conf['navigations'] : []) {
    if (isObject(nav) && typeof nav['name'] === 'string' && NAME.test(nav['name'])) {
      navigations.push({ name: nav['name'], title: typeof nav['title'] === 'string' ? nav['title'] : nav['name'] });
    } else problem('navigations', 'Each navigation needs a "name" of letters, digits, "-" and "_" (and a "title").');
  }
  const stylesheets: string[] = [];
  for (const name of Array.isArray(conf['stylesheets']) ? conf['stylesheets'] : []) {
    if (typeof name === 'string' && STYLESHEET.test(name)) stylesheets.push(name);
    else problem('stylesheets', `The stylesheet ${JSON.stringify(name)} is not the path of a .css or .less file in styles/ ("site.less", "sections/intro.less"); it is left out.`);
  }
  const systemCollections = words(conf['systemCollections']);
  const customTypes = readCustomTypes(conf['customTypes'], TEMPLATE_CONF, text, (needle) => keyOffset(text, needle, keyOffset(text, 'customTypes')));
  problems.push(...customTypes.problems);
  return {
    name: typeof conf['name'] === 'string' ? conf['name'] : 'Untitled theme',
    author: typeof conf['author'] === 'string' ? conf['author'] : '',
    layouts,
    defaultLayout: layouts.find((l) => l.id === 'default') ?? layouts[0]!,
    navigations,
    stylesheets,
    systemCollections,
    customTypes: customTypes.types,
    systemPartials: words(conf['systemPartials']),
    flags: words(conf['flags']),
    problems,
  };
}
