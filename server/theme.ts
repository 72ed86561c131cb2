/**
 * A theme: a folder in the platform's layout (`template.conf`, regions, `collections/*.conf|.list|.item`,
 * `blocks/*.block`, `pages/*.page`, `styles/`, `assets/`, `scripts/`), compiled once and kept; while watching
 * (development) a file is compiled again when it changes on disk.
 *
 * Templates are read through server/theme/platform-tags.ts, which turns the `<squarespace:…>` tags into JSON-T,
 * so every problem is reported at its place in the theme's own files. Pages, collection templates and blocks the
 * theme does not have are Tessera's system templates (the default theme's), rendered inside `.sqs-system` with
 * their styles added to the theme's stylesheet.
 */
import { NONCE_SLOT } from './security/nonce.js';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { suggest } from '../engine/errors.js';
import { compile, createPluginTable, type PluginTable, render, type Template, type TemplateError } from '../engine/index.js';
import { hasIslands, IslandAssets } from './islands/assets.js';
import { STOREFRONT_PLUGINS } from './islands/formatter.js';
import { RuntimeAssets } from './runtime/assets.js';
import { squarespaceContext } from './runtime/squarespace-context.js';
import { type CollectionConfs, readCollectionConfs } from './theme/collection-confs.js';
import { type LayoutConf, chooseLayout, layoutRegionFiles } from './theme/layouts.js';
import { TAGS_KEY } from './theme/platform-data.js';
import { type RewrittenTemplate, rewritePlatformTags, type TagTheme } from './theme/platform-tags.js';
import { platformPageClasses } from './theme/page-classes.js';
import { pageFooters } from './theme/page-footers.js';
import { PAGE_RENDER_LIMITS, refuseOverBudget } from './theme/page-budget.js';
import { censusOf } from './tracker/census-page.js';
import { trackerMarkup } from './tracker/tracker-markup.js';
import { blockConfProblems, readBlockConfs } from './theme/block-confs.js';
import { readPageConf } from './theme/page-conf.js';
import { type OwnHead, ownHead, pageHeaders } from './theme/page-headers.js';
import { findScript } from './theme/theme-scripts.js';
import { scriptFileBuildNeed } from './theme/script-build-need.js';
import { SYSTEM_PARTIALS } from './theme/system-partials.js';
import { platformTagFormatter } from './theme/tag-formatter.js';
import { inSystemScope, systemCss } from './theme/system-styles.js';
import { NAME, readThemeConf, TEMPLATE_CONF, type ThemeConf } from './theme/theme-conf.js';
import { defaultThemeDir } from './theme/theme-dir.js';
import { codeFrame } from './dev/code-frame.js';
import { describeProblem, offsetAt, positionAt, type ThemeProblem, themeProblem } from './theme/theme-problem.js';
import { buildThemeStylesheet, type Stylesheet, type StylesheetBuild } from './theme-stylesheet.js';
import { DiskLook, namesIn, treeStamp } from './theme/disk-look.js';
import { readThemeTweaks, type TweakReading } from './theme/tweaks/read-tweaks.js';
import { resolveTweakValues, type StoredTweakValues, tweakValuesOf } from './theme/tweaks/site-tweaks.js';
import type { Tweak, TweakValues } from './theme/tweaks/tweak.js';
import { tweakClasses } from './theme/tweaks/tweak-classes.js';
import { tweakJson } from './theme/tweaks/tweak-json.js';
import { tweakLess } from './theme/tweaks/tweak-less.js';

interface Entry {
  readonly template: Template;
  readonly errors: readonly TemplateError[];
  readonly stamp: string;
}

/**
 * Told of the theme's problems as they happen, at their place in the theme's files (the dev server's overlay,
 * `tessera render`): what each build of a file found (none when it is clean now), and each render's.
 */
export interface ThemeObserver {
  compiled(file: string, problems: readonly ThemeProblem[]): void;
  rendered(problems: readonly ThemeProblem[]): void;
}

/** The templates Tessera supplies when a theme lacks them: its pages, the store's collection templates, blocks. */
const SYSTEM_TEMPLATE = /^(blocks\/[\w-]+\.block|pages\/[\w-]+\.page|collections\/[\w-]+\.(list|item)|site\.region)$/;

export type CollectionTemplatePart = 'list' | 'item';

/** What a site's tweak values make of the theme's tweaks (server/theme/tweaks/). */
export interface TweakState {
  /** Every tweak's value: the site's where the tweak accepts it, else the default. */
  readonly values: TweakValues;
  /** Body classes of the checkbox and dropdown tweaks, first in `{squarespace.page-classes}`. */
  readonly classes: readonly string[];
  /** `Static.SQUARESPACE_CONTEXT.tweakJSON`: the `"js": true` tweaks as strings. */
  readonly json: Readonly<Record<string, string>>;
  /** The LESS compiled after the theme's sheets. */
  readonly less: string;
}

/** A site that stores no tweak values (the key of the defaults' state). */
const NO_VALUES: StoredTweakValues = Object.freeze({});
/** Stylesheets kept per styles version, one per distinct tweak LESS (sites, `tessera dev --tweak`). */
const MAX_SHEETS = 8;

export class Theme {
  private readonly cache = new Map<string, Entry>();
  /** Marks the headers and footers in rendered output; random, so no content can forge one. */
  private readonly nonce = randomBytes(12).toString('hex');
  /**
   * `{squarespace.template-revision}`: the second the theme was loaded, one more for each changed file, so it
   * changes whenever the theme does (server/theme/system-variables.ts).
   */
  private revision = Math.floor(Date.now() / 1000);
  private readonly isDefaultTheme: boolean;

  private observer: ThemeObserver | null = null;
  /** Set by `followChanges`: a watcher says which file changed, so nothing is statted on use. */
  private followed = false;
  /** While watching without a watcher: the disk as looked at in this turn of the event loop (each file once a request). */
  private readonly look = new DiskLook();
  /** Per template file name: its positions as the theme's file has them (tags rewritten, regions joined). */
  private readonly locators = new Map<string, (e: TemplateError) => TemplateError>();

  constructor(
    readonly dir: string,
    private readonly watch: boolean,
    private readonly log: (problem: string) => void = () => {},
    /** The engine's plugins plus the storefront's islands (`{item|island product-form}`). */
    plugins: PluginTable = STOREFRONT_PLUGINS,
    /** The built island scripts, added to every page that has an island. */
    readonly islands: IslandAssets = IslandAssets.load(),
    /** The platform's JavaScript runtime (YUI 3, `Y.Squarespace`, `ImageLoader`), on every page of a platform theme. */
    readonly runtime: RuntimeAssets = RuntimeAssets.load(),
  ) {
    this.isDefaultTheme = dir === defaultThemeDir();
    // and the formatter the platform's tags are rendered by, which asks this theme what it has
    this.plugins = createPluginTable(
      { formatters: [...plugins.formatters.values()], predicates: [...plugins.predicates.values()] },
      { formatters: [platformTagFormatter(() => this.tagTheme())] },
    );
  }

  /** What templates compile and render with. */
  private readonly plugins: PluginTable;

  /**
   * Whether recorded pages get the visitor tracker (server/tracker/): buildApp sets it with the analytics routes
   * that store what it sends; a theme served without them sends no tracker that would only meet 404s.
   */
  tracking = false;

  /**
   * Whether the theme is a platform theme, whose pages carry the platform's JavaScript runtime: every theme
   * but Tessera's default one (`templates/`), which is written for Tessera and ships no JavaScript.
   */
  get isPlatformTheme(): boolean {
    return !this.isDefaultTheme;
  }

  // ---- configuration ----

  private confs: { stamp: string; conf: ThemeConf; collections: CollectionConfs } | null = null;
  /** The last template.conf read that was JSON (while watching, kept through a broken save). */
  private lastGoodConf: ThemeConf | null = null;

  private loadConfs() {
    if (this.confs !== null && !this.statsFiles) return this.confs;
    const stamp = this.confStamp();
    if (this.confs === null || this.confs.stamp !== stamp) {
      let conf = readThemeConf(this.dir);
      const unreadable = conf.problems.some((p) => p.code === 'INVALID_JSON');
      // while an author fixes template.conf the pages keep the layouts, navigations and styles they had
      if (unreadable && this.watch && this.lastGoodConf !== null) conf = { ...this.lastGoodConf, problems: conf.problems };
      else if (!unreadable) this.lastGoodConf = conf;
      const collections = readCollectionConfs(this.dir);
      this.report([TEMPLATE_CONF, ...[...collections.byType.keys()].map((t) => `collections/${t}.conf`)], [...conf.problems, ...collections.problems]);
      this.confs = { stamp, conf, collections };
    }
    return this.confs;
  }

  private confStamp(): string {
    return this.look.once('conf', () => {
      const folder = join(this.dir, 'collections');
      const confs = namesIn(folder).filter((f) => f.endsWith('.conf')).map((f) => join(folder, f));
      // the region files there are: a region template.conf names may appear or go
      const regions = namesIn(this.dir).filter((f) => f.endsWith('.region'));
      return [join(this.dir, TEMPLATE_CONF), ...confs].map((f) => `${f}:${this.look.mtime(f)}`).join('|') + `|${regions.join(',')}`;
    });
  }

  /** The theme's `template.conf`, read and checked (server/theme/theme-conf.ts). */
  conf(): ThemeConf {
    return this.loadConfs().conf;
  }

  /** The theme's collection types (`collections/*.conf`) by type name. */
  collectionConfs(): CollectionConfs {
    return this.loadConfs().collections;
  }

  /** Problems of the theme's configuration and stylesheet (templates report theirs through `templateErrors`). */
  problems(): ThemeProblem[] {
    const { conf, collections } = this.loadConfs();
    const pages = namesIn(join(this.dir, 'pages')).filter((f) => f.endsWith('.page.conf'));
    return [
      ...conf.problems,
      ...collections.problems,
      ...this.styleFiles().tweaks.problems,
      ...this.styles().problems,
      ...pages.flatMap((f) => readPageConf(this.dir, `pages/${f}`).problems),
      ...readBlockConfs(this.dir),
    ];
  }

  // ---- templates ----

  /** Whether the theme folder itself has the file `path` (`collections/blog.list`). */
  hasOwnTemplate(path: string): boolean {
    if (this.watch) return existsSync(join(this.dir, path));
    // a theme not watched does not change while served: a product page asked this up to four times per request
    let has = this.ownTemplates.get(path);
    if (has === undefined) {
      has = existsSync(join(this.dir, path));
      if (this.ownTemplates.size < 10_000) this.ownTemplates.set(path, has);
    }
    return has;
  }
  /** `hasOwnTemplate`'s answers, while not watching. */
  private readonly ownTemplates = new Map<string, boolean>();

  /** Whether `path` is rendered from Tessera's system template (the theme lacks it and Tessera has one). */
  isSystemTemplate(path: string): boolean {
    return !this.isDefaultTheme && !this.hasOwnTemplate(path) && SYSTEM_TEMPLATE.test(path) && existsSync(join(defaultThemeDir(), path));
  }

  /**
   * Where a template is read: the theme's own file, else Tessera's system template for it (the default
   * theme's page and commerce templates), as the platform renders the pages a theme does not provide.
   */
  private file(path: string): string {
    const own = join(this.dir, path);
    if (existsSync(own)) return own;
    const system = join(defaultThemeDir(), path);
    return SYSTEM_TEMPLATE.test(path) && existsSync(system) ? system : own;
  }

  /** What the tags ask of the theme, kept while template.conf is the same (tags rendered ask it too). */
  private tags: { conf: ThemeConf; value: TagTheme } | null = null;

  private tagTheme(): TagTheme {
    const conf = this.conf();
    if (this.tags?.conf !== conf) this.tags = { conf, value: this.newTagTheme(conf) };
    return this.tags.value;
  }

  private newTagTheme(conf: ThemeConf): TagTheme {
    return {
      navigations: conf.navigations.map((n) => n.name),
      hasBlock: (name) => existsSync(this.file(`blocks/${name}`)),
      findScript: (path) => findScript(join(this.dir, 'scripts'), path),
      scriptBuildNeed: (path) => scriptFileBuildNeed(join(this.dir, 'scripts', path)),
      blockNames: () => [this.dir, defaultThemeDir()].flatMap((d) => namesIn(join(d, 'blocks'))).filter((n) => n.endsWith('.block')),
      scriptNames: () => namesIn(join(this.dir, 'scripts')),
    };
  }

  /** A compiled template by its path under the theme (`collections/blog.list`), tags rewritten. */
  template(path: string): Template {
    return this.compiled(path).template;
  }

  /** The problems of compiling a template (tags and JSON-T), each at its place in the theme's file. */
  templateErrors(path: string): readonly TemplateError[] {
    return this.compiled(path).errors;
  }

  private compiled(path: string): Entry {
    const cached = this.cache.get(path);
    if (cached !== undefined && !this.statsFiles) return cached;
    const file = this.file(path);
    // a file that is not there (-1) is read all the same, and its error (ENOENT) says which it is
    const stamp = `${this.look.mtime(file)}|${this.loadConfs().stamp}`;
    if (cached !== undefined && cached.stamp === stamp) return cached;
    const rewritten = rewritePlatformTags(readFileSync(file, 'utf8'), path, this.tagTheme());
    const { template, errors } = compile(rewritten.source, { filename: path }, this.plugins);
    const locate = (e: TemplateError) => ({ ...e, ...rewritten.locate(e.line, e.column) });
    const all = [...rewritten.problems, ...errors.map(locate)];
    this.locators.set(path, locate);
    this.report([path], all);
    const entry = { template, errors: all, stamp };
    this.cache.set(path, entry);
    return entry;
  }

  private layouts = new Map<string, Entry>();
  /** Each layout as last compiled from regions that could all be read (while watching). */
  private readonly lastGoodLayouts = new Map<string, Entry>();

  /** A layout's regions, each with its tags rewritten, joined in order into one template. */
  layoutTemplate(layout: LayoutConf = this.conf().defaultLayout): Template {
    return this.compiledLayout(layout).template;
  }

  /** The problems of compiling a layout, each at its place in its region file. */
  layoutErrors(layout: LayoutConf = this.conf().defaultLayout): readonly TemplateError[] {
    return this.compiledLayout(layout).errors;
  }

  private compiledLayout(layout: LayoutConf): Entry {
    const cached = this.layouts.get(layout.id);
    if (cached !== undefined && !this.statsFiles) return cached;
    const regions = layoutRegionFiles(layout);
    const files = regions.map((r) => this.file(r));
    const stamp = `${files.map((f) => this.look.mtime(f)).join(',')}|${this.loadConfs().stamp}|${layout.regions.join(',')}`;
    if (cached !== undefined && cached.stamp === stamp) return cached;
    let texts: string[];
    try {
      texts = files.map((f) => readFileSync(f, 'utf8'));
    } catch (e) {
      // a region that cannot be read (deleted, renamed, a folder; template.conf's problems say which): while
      // watching, the pages keep the layout as it last compiled; else the theme cannot frame any page (answered
      // with a plain 500 page)
      const kept = this.watch ? this.lastGoodLayouts.get(layout.id) : undefined;
      if (kept === undefined) throw e;
      return kept;
    }
    const tags = this.tagTheme();
    const parts = regions.map((region, i) => ({ region, rewritten: rewritePlatformTags(texts[i]!, region, tags) }));
    const source = parts.map((p) => p.rewritten.source).join('');
    const { template, errors } = compile(source, { filename: `${layout.id} layout` }, this.plugins);
    const all: TemplateError[] = parts.flatMap((p) => p.rewritten.problems);
    for (const e of errors) all.push(locateInRegions(e, parts));
    this.locators.set(`${layout.id} layout`, (e) => locateInRegions(e, parts));
    this.report(regions, all);
    const entry = { template, errors: all, stamp };
    this.layouts.set(layout.id, entry);
    if (this.watch) this.lastGoodLayouts.set(layout.id, entry);
    return entry;
  }

  private blocks: Record<string, Template> | null = null;
  /** The blocks' files and times the partials were made from (while statting). */
  private blocksStamp = '';
  /** The blocks the partials left out as unreadable (their problems are cleared once they are gone). */
  private unreadableBlocks = new Set<string>();

  /**
   * Every `blocks/*.block` by file name, for `{@|apply name.block}`, and the platform's system partials
   * (`sqs-share-buttons`…) the theme does not replace (listed once unless watching).
   */
  partials(): Record<string, Template> {
    if (this.blocks !== null && !this.statsFiles) return this.blocks;
    const stamp = this.statsFiles ? this.partialsStamp() : '';
    if (this.blocks !== null && stamp === this.blocksStamp) return this.blocks;
    this.blocksStamp = stamp;
    const out: Record<string, Template> = {};
    for (const [name, source] of Object.entries(SYSTEM_PARTIALS)) out[name] = compile(source, { filename: name }, this.plugins).template;
    const unreadable = new Set<string>();
    for (const dir of this.isDefaultTheme ? [this.dir] : [defaultThemeDir(), this.dir]) {
      // this.file reads the theme's own block of a name before the system one
      for (const name of namesIn(join(dir, 'blocks'))) {
        if (!name.endsWith('.block')) continue;
        const path = `blocks/${name}`;
        try {
          out[name] = this.template(path);
        } catch (e) {
          // a block that cannot be read (a folder of that name, a file gone meanwhile) is left out, said at its name:
          // a page applying it says the partial is missing; every other page is served
          unreadable.add(path);
          const reason = (e as NodeJS.ErrnoException).code === 'EISDIR' ? 'it is a folder' : e instanceof Error ? e.message : String(e);
          this.report([path], [themeProblem(path, '', 0, 'UNREADABLE_FILE', `${path} cannot be read (${reason}); it is left out of the blocks.`)]);
          continue;
        }
        // a theme's block may stand for a system partial (blocks/sqs-share-buttons.block)
        const bare = name.slice(0, -'.block'.length);
        if (Object.hasOwn(SYSTEM_PARTIALS, bare) && dir === this.dir) out[bare] = out[name]!;
      }
    }
    // one that was unreadable and is gone or readable now is no longer a problem
    for (const path of this.unreadableBlocks) if (!unreadable.has(path) && !existsSync(join(this.dir, path))) this.report([path], []);
    this.unreadableBlocks = unreadable;
    this.blocks = out;
    return out;
  }

  /** Every block file there is, with its time, and the configuration's stamp (the tags read it): looked at once a turn. */
  private partialsStamp(): string {
    return this.look.once('blocks', () => {
      const files = [defaultThemeDir(), this.dir].flatMap((d) => namesIn(join(d, 'blocks')).map((n) => join(d, 'blocks', n)));
      return `${files.map((f) => `${f}@${this.look.mtime(f)}`).join(',')}|${this.loadConfs().stamp}`;
    });
  }

  /**
   * A static page of the theme (the platform's "template pages"): `pages/{name}.page`, its own and not one of
   * Tessera's system pages (home, search, 404…), served at `/{name}` where no collection is; titled by
   * `pages/{name}.page.conf`'s `title` (else the name). Null for any other name.
   */
  staticPage(name: string): { path: string; title: string; description: string | null } | null {
    const path = `pages/${name}.page`;
    if (!NAME.test(name) || !this.hasOwnTemplate(path) || existsSync(join(defaultThemeDir(), path))) return null;
    const conf = readPageConf(this.dir, `${path}.conf`);
    this.report([`${path}.conf`], conf.problems);
    return { path, title: conf.title ?? name, description: conf.description };
  }

  // ---- collections and layouts ----

  /**
   * The `.list` or `.item` template of a collection (server/theme/collection-confs.ts): the collection's type
   * name (its `typeName`, then its kind) picks `collections/{type}.conf` and the theme's `{type}.{part}`; a
   * theme without collection `.conf` files uses its `{type}.{part}` when it has one; else Tessera's system
   * template for the kind.
   */
  collectionTemplate(typeNames: readonly string[], kind: string, part: CollectionTemplatePart): string {
    const confs = this.collectionConfs().byType;
    for (const name of typeNames) if (confs.has(name) && this.hasOwnTemplate(`collections/${name}.${part}`)) return `collections/${name}.${part}`;
    for (const name of typeNames) if (this.hasOwnTemplate(`collections/${name}.${part}`)) return `collections/${name}.${part}`;
    return `collections/${kind}.${part}`;
  }

  /** The collection type (a `.conf` of the theme) that names a collection's templates, or null. */
  collectionType(typeNames: readonly string[]): string | null {
    const confs = this.collectionConfs().byType;
    return typeNames.find((name) => confs.has(name)) ?? null;
  }

  /**
   * The layout of a page: its collection's page setting (`regionName`), else its collection type's `.conf`
   * (`layout`), else the theme's default layout.
   */
  layoutFor(pageSetting: unknown, typeNames: readonly string[] = []): LayoutConf {
    const type = this.collectionType(typeNames);
    const confLayout = type === null ? null : this.collectionConfs().byType.get(type)!.layout;
    return chooseLayout(this.conf(), pageSetting, confLayout);
  }

  // ---- rendering ----

  /**
   * A page: the content template rendered into `squarespace.main-content`, then the layout around it.
   * Render problems are logged, never shown to the visitor; a render that ran out of budget throws
   * (server/theme/page-budget.ts), so the visitor gets the error page rather than half a page.
   */
  renderPage(contentPath: string, context: Record<string, unknown>): string {
    return this.renderLayout(context, this.renderContent(contentPath, context));
  }

  /** The content template alone (what goes into `squarespace.main-content`); a system template inside `.sqs-system`. */
  renderContent(contentPath: string, context: Record<string, unknown>): string {
    const content = render(this.template(contentPath), this.withSystemVariables(context, {}), { partials: this.partials(), ...PAGE_RENDER_LIMITS }, this.plugins);
    this.rendered(content.errors);
    refuseOverBudget(content.errors);
    return this.isSystemTemplate(contentPath) ? inSystemScope(content.html) : content.html;
  }

  /**
   * `context` with `squarespace` holding `more` and the theme's `template-revision` (server/theme/system-variables.ts;
   * a captured context's own revision is kept), and `root` at the root; its hidden tags' data too.
   */
  private withSystemVariables(context: Record<string, unknown>, more: Record<string, unknown>, root: Record<string, unknown> = {}): Record<string, unknown> {
    const given = context['squarespace'];
    // `csp-nonce`: the answer's nonce for a `<style>` or `<script>` the theme writes (server/security/nonce.ts)
    const squarespace = { 'template-revision': this.revision, 'csp-nonce': NONCE_SLOT, ...(typeof given === 'object' && given !== null ? given : {}), ...more };
    const out = { ...context, squarespace, ...root };
    // the spread above copies enumerable keys only: the tags' data is hidden from `?format=json`
    const tags = context[TAGS_KEY];
    if (tags !== undefined) Object.defineProperty(out, TAGS_KEY, { value: tags, enumerable: false });
    return out;
  }

  /**
   * The page's layout (the collection's `regionName`, chosen by the routes, else the default) around already
   * rendered content; then the footers (server/theme/page-footers.ts: a
   * platform theme's `ImageLoader.bootstrap()` and `Squarespace.afterBodyLoad(Y)`, the island loader on pages
   * with islands, the visitor tracker on recorded pages: server/tracker/) at `{squarespace-footers}`, else
   * before `</body>`.
   */
  renderLayout(context: Record<string, unknown>, mainContent: string): string {
    const collection = context['collection'] as Record<string, unknown> | undefined;
    const layout = chooseLayout(this.conf(), collection?.['regionName']);
    const given = context['squarespace'] as Record<string, unknown> | undefined;
    // the tweaks' classes first, as the platform orders them
    const tweaks = this.tweakState(tweakValuesOf(context)).classes;
    const classes = [...tweaks, given?.['page-classes'], ...platformPageClasses(context)].filter((c) => typeof c === 'string' && c !== '').join(' ');
    const footers = `\u0004${this.nonce} footers\u0004`;
    // filled in once the page is rendered: what the theme's own head already holds is not added again
    const headers = `\u0004${this.nonce} headers\u0004`;
    const squarespace = { 'main-content': mainContent, ...(classes === '' ? {} : { 'page-classes': classes }), headers, footers };
    const data = this.withSystemVariables(context, squarespace, { 'squarespace-headers': headers, 'squarespace-footers': footers });
    const page = render(this.layoutTemplate(layout), data, { partials: this.partials(), ...PAGE_RENDER_LIMITS }, this.plugins);
    this.rendered(page.errors);
    refuseOverBudget(page.errors);
    const html = page.html.includes(headers) ? page.html.replaceAll(headers, this.headers(context, ownHead(page.html.replaceAll(headers, '')))) : page.html;
    const platform = this.isPlatformTheme && this.runtime.manifest !== null;
    const census = this.tracking ? censusOf(context) : null;
    const manifest = this.islands.manifest;
    const scripts = manifest?.tracker === undefined || manifest.performance === undefined ? null : [manifest.tracker, manifest.performance];
    const tracker = census === null || scripts === null ? '' : trackerMarkup(census, basename(this.dir), scripts);
    const ending = pageFooters(platform, hasIslands(html) ? this.islands.loaderTag : '', tracker);
    if (html.includes(footers)) return html.replace(footers, () => ending);
    if (ending === '') return html;
    const end = html.lastIndexOf('</body>');
    return end < 0 ? html + ending : `${html.slice(0, end)}${ending}\n${html.slice(end)}`;
  }

  // ---- styles and tweaks ----

  /** The styles as last read: their stamp, the tweaks their files declare, and a stylesheet per tweak LESS. */
  private styleState: { stamp: string; tweaks: TweakReading; sheets: Map<string, StylesheetBuild>; reported: boolean; systemStyles: boolean } | null = null;
  /** The last stylesheet built without a LESS error (while watching, kept through a broken save). */
  private lastGoodSheet: StylesheetBuild | null = null;
  /** The files of `styles/` the last reported build read (their problems are told again, or cleared, next time). */
  private reportedStyleFiles: readonly string[] = [];
  /** What each site's stored values make of the tweaks, by the stored object (one per store version). */
  private readonly tweakStates = new WeakMap<object, { tweaks: readonly Tweak[]; state: TweakState }>();

  private styleFiles() {
    if (this.styleState !== null && !this.statsFiles) return this.styleState;
    const names = this.conf().stylesheets;
    // every file of `styles/`, sub-folders too (a LESS file may import any): looked at once a turn
    const stamp = this.statsFiles ? `${this.look.once('styles', () => treeStamp(join(this.dir, 'styles')))}|${this.loadConfs().stamp}` : '';
    if (this.styleState === null || this.styleState.stamp !== stamp) {
      this.styleState = { stamp, tweaks: readThemeTweaks(join(this.dir, 'styles'), names), sheets: new Map(), reported: false, systemStyles: this.usesSystemTemplates() };
    }
    return this.styleState;
  }

  /**
   * The stylesheet for a site's stored tweak values (default: none stored), built once per distinct tweak LESS
   * (again when a file of `styles/` changes, while watching). Its problems and the tweaks' are reported once
   * per change of the files.
   */
  private styles(stored?: StoredTweakValues): StylesheetBuild {
    const files = this.styleFiles();
    const { less } = this.tweakState(stored);
    const built = files.sheets.get(less);
    if (built !== undefined) return built;
    const names = this.conf().stylesheets;
    // while watching every save makes a new stylesheet: compressed quickly (brotli 4 is about 2 ms, 11 about 100)
    let value = buildThemeStylesheet(this.dir, {
      names,
      systemCss: files.systemStyles ? systemCss() : '',
      plainCss: this.isDefaultTheme,
      tweakLess: less,
      brotliQuality: this.watch ? 4 : 11,
    });
    if (!files.reported) {
      files.reported = true;
      // every file of this build and of the last reported (a fixed import's problems go with it)
      const reported = [...new Set([...names, ...value.files, ...this.reportedStyleFiles].map((n) => `styles/${n}`))];
      this.reportedStyleFiles = value.files;
      this.report(reported, [...files.tweaks.problems, ...value.problems], true);
    }
    const broken = value.problems.some((p) => p.code === 'LESS_ERROR');
    // while an author fixes a LESS file the pages keep the look they had, the error on them (tessera dev)
    if (broken && this.watch && this.lastGoodSheet !== null) value = { ...value, sheet: this.lastGoodSheet.sheet };
    else if (!broken) this.lastGoodSheet = value;
    if (files.sheets.size >= MAX_SHEETS) files.sheets.delete(files.sheets.keys().next().value!);
    files.sheets.set(less, value);
    return value;
  }

  /** Whether any page of the theme comes from a system template (then their styles join the theme's). */
  private usesSystemTemplates(): boolean {
    if (this.isDefaultTheme) return false;
    for (const folder of ['pages', 'collections']) {
      const system = join(defaultThemeDir(), folder);
      for (const name of readdirSync(system)) if (SYSTEM_TEMPLATE.test(`${folder}/${name}`) && !this.hasOwnTemplate(`${folder}/${name}`)) return true;
    }
    return false;
  }

  /** The files of `styles/` the theme's stylesheet is compiled from (its LESS and `.css` sheets, imports too). */
  stylesheetFiles(): readonly string[] {
    return this.styles().files;
  }

  /** The theme's stylesheet with a site's stored tweak values (default: the tweaks' defaults). */
  stylesheet(stored?: StoredTweakValues): Stylesheet | null {
    return this.styles(stored).sheet;
  }

  /** A stylesheet built for some site's values, by its file name (`site-{hash}.css`), while it is current. */
  stylesheetFile(file: string): Stylesheet | null {
    for (const build of [...(this.styleState?.sheets.values() ?? []), this.lastGoodSheet]) if (build?.sheet?.file === file) return build.sheet;
    return null;
  }

  /**
   * The tweaks the theme's LESS declares (server/theme/tweaks/read-tweaks.ts), in the order LESS reads them,
   * each with its name, type, fields and default.
   */
  tweaks(): readonly Tweak[] {
    return this.styleFiles().tweaks.tweaks;
  }

  /** What a site's stored tweak values (default: none) make of the tweaks: values, body classes, tweakJSON, LESS. */
  tweakState(stored: StoredTweakValues = NO_VALUES): TweakState {
    const tweaks = this.tweaks();
    const cached = this.tweakStates.get(stored);
    if (cached !== undefined && cached.tweaks === tweaks) return cached.state;
    const values = resolveTweakValues(tweaks, stored);
    const state: TweakState = { values, classes: tweakClasses(tweaks, values), json: tweakJson(tweaks, values), less: tweakLess(tweaks, values) };
    this.tweakStates.set(stored, { tweaks, state });
    return state;
  }

  /**
   * `Static.SQUARESPACE_CONTEXT.tweakJSON` for a page: the `"js": true` tweaks with the values of the page's
   * site (the page context carries them; without a context, the defaults), as strings.
   */
  tweakJson(context?: Record<string, unknown>): Record<string, string> {
    return { ...this.tweakState(context === undefined ? undefined : tweakValuesOf(context)).json };
  }

  /**
   * What the platform puts in `{squarespace-headers}` (server/theme/page-headers.ts): the charset, title and
   * description the theme's head lacks (`own`: what it has; by default all three), the stylesheet link, Open
   * Graph meta and the page's context for scripts (crumb included); on a platform theme, the platform's
   * `Static.SQUARESPACE_CONTEXT` and the runtime's script (with the stylesheet, what blocks rendering).
   */
  headers(context: Record<string, unknown> = {}, own?: OwnHead): string {
    const runtime = this.isPlatformTheme && this.runtime.manifest !== null
      ? { squarespaceContext: squarespaceContext(context, this.tweakJson(context), basename(this.dir)), scriptTag: this.runtime.scriptTag }
      : null;
    return pageHeaders(this.stylesheet(tweakValuesOf(context)), context, own, runtime);
  }

  /** Whether rendered content may be kept: not while watching files, since any template may change. */
  get cacheable(): boolean {
    return !this.watch;
  }

  // ---- problems and changes (the dev server) ----

  /** Reports every problem to `observer` too, each at its place in the theme's files. */
  observe(observer: ThemeObserver): void {
    this.observer = observer;
  }

  /**
   * From now on a watcher reports each changed file (`changed`), so a watching theme stats nothing per request
   * (the dev server's theme); without this, a watching theme stats each file it uses.
   */
  followChanges(): void {
    this.followed = true;
  }

  /**
   * A request begins: a watching theme that no watcher follows looks at its files again, once for the whole
   * request however often it asks (server/theme/disk-look.ts). Nothing to do for any other theme.
   */
  lookAgain(): void {
    if (this.statsFiles) this.look.forget();
  }

  private get statsFiles(): boolean {
    return this.watch && !this.followed;
  }

  /**
   * `path` (relative to the theme folder) was saved, added or removed: what was built from it is dropped, and a
   * template or region is compiled again at once, on its own, so its problems are reported before a page asks.
   * A file that cannot be read (deleted, half-written) is reported by the page that needs it.
   */
  changed(path: string): void {
    this.revision++;
    this.look.forget();
    if (path === TEMPLATE_CONF || /^collections\/[^/]+\.conf$/.test(path)) {
      // the configuration decides layouts, collection templates, navigation tags and stylesheets
      const sheets = this.confs?.conf.stylesheets.join('\n');
      this.confs = null;
      this.cache.clear();
      this.layouts.clear();
      this.blocks = null;
      // the stylesheet is built again only when template.conf lists other sheets (a collection type's .conf,
      // a layout or navigation saved leave it as it is)
      if (this.conf().stylesheets.join('\n') !== sheets) this.styleState = null;
      return;
    }
    if (path.startsWith('styles/')) {
      // built when next asked (the dev server asks at once, with its site's tweak values)
      this.styleState = null;
      return;
    }
    if (path.startsWith('scripts/')) {
      // a `<squarespace:script>` is read when its template is compiled: whether the file is there, and whether
      // it is source that needs the theme's build (a build that just wrote it, a bundle that replaced it)
      this.cache.clear();
      this.layouts.clear();
      this.blocks = null;
      return;
    }
    // a saved .conf of a block or a static page is checked at once, so its problems are told
    if (/^blocks\/.+\.block\.conf$/.test(path)) this.report([path], blockConfProblems(this.dir, path));
    if (/^pages\/[^/]+\.page\.conf$/.test(path)) this.report([path], readPageConf(this.dir, path).problems);
    if (path.startsWith('blocks/')) {
      this.blocks = null;
      // a block that appears or goes changes what the navigation tags of every template may name
      if (this.cache.has(path) !== existsSync(join(this.dir, path))) this.cache.clear();
    }
    this.cache.delete(path);
    // a page or collection template that appears or goes may change whether system templates' styles are needed
    if (this.styleState !== null && /^(pages|collections)\/[^/]+\.(page|list|item)$/.test(path) && this.styleState.systemStyles !== this.usesSystemTemplates()) {
      this.styleState = null;
    }
    // a region that appears or goes may be one template.conf names: its problems are told again
    if (path.endsWith('.region') && this.confs !== null && this.confs.stamp !== this.confStamp()) {
      this.confs = null;
      this.loadConfs();
    }
    try {
      if (path.endsWith('.region')) {
        for (const layout of this.conf().layouts) {
          if (!layoutRegionFiles(layout).includes(path)) continue;
          this.layouts.delete(layout.id);
          this.compiledLayout(layout);
        }
      } else if (SYSTEM_TEMPLATE.test(path) || /\.(list|item|page|block)$/.test(path)) this.compiled(path);
    } catch {
      // not readable now: the page that needs it says so
    }
  }

  /**
   * Logs the problems of a build of `files` (`frames`: each with its code frame, for the stylesheet, whose
   * problems are met at start, not as a page is asked for), and tells the observer each file's (an empty list:
   * it is clean).
   */
  private report(files: readonly string[], found: readonly TemplateError[], frames = false): void {
    // in the order of the files, each file's from its top (a tag's problems come out as its checks run)
    const order = (e: TemplateError) => files.indexOf(e.filename ?? files[0] ?? '');
    const problems = [...found].sort((a, b) => order(a) - order(b) || a.line - b.line || a.column - b.column);
    for (const p of problems) this.log(frames ? withCodeFrame(describeProblem(p), this.dir, p) : describeProblem(p));
    if (this.observer === null) return;
    const byFile = new Map<string, ThemeProblem[]>(files.map((f) => [f, []]));
    for (const p of problems) {
      const file = p.filename ?? files[0] ?? '';
      byFile.set(file, [...(byFile.get(file) ?? []), { ...p, filename: file }]);
    }
    for (const [file, found] of byFile) this.observer.compiled(file, found);
  }

  /**
   * A problem at a position of a compiled template (`template(path)`, `layoutTemplate(layout)`) as the
   * position in the theme's own file: through the tag rewrite, and for a layout into its region file.
   */
  locate(e: TemplateError): TemplateError {
    const locate = e.filename === undefined ? undefined : this.locators.get(e.filename);
    return locate === undefined ? e : locate(e);
  }

  /** A missing partial's problem with the closest block or system partial there is, as `tessera check` says it. */
  private withPartialSuggestion(e: TemplateError): TemplateError {
    const name = MISSING_PARTIAL.exec(e.message)?.[1];
    const near = name === undefined ? null : suggest(name, Object.keys(this.partials()));
    return near === null ? e : { ...e, message: `${e.message} Did you mean '${near}'?` };
  }

  /** Logs a render's problems and tells the observer, each at its place in the theme's file. */
  private rendered(errors: readonly TemplateError[]): void {
    if (errors.length === 0) return;
    const located = errors.map((e) => this.withPartialSuggestion(this.locate(e)));
    for (const e of located) this.log(describeProblem(e));
    this.observer?.rendered(located.map((e) => ({ ...e, filename: e.filename ?? 'template' })));
  }
}

/** The engine's words for a partial applied that does not exist (`{@|apply nav-lnk.block}`). */
const MISSING_PARTIAL = /^Attempt to apply partial '([^']*)' which could not be found\.$/;

/** An engine problem in a joined layout, at its place in the region file it comes from. */
function locateInRegions(e: TemplateError, parts: readonly { region: string; rewritten: RewrittenTemplate }[]): TemplateError {
  let offset = offsetAt(parts.map((p) => p.rewritten.source).join(''), e.line, e.column);
  for (const [i, { region, rewritten }] of parts.entries()) {
    if (offset <= rewritten.source.length || i === parts.length - 1) {
      const local = positionAt(rewritten.source, offset);
      return { ...e, filename: region, ...rewritten.locate(local.line, local.column) };
    }
    offset -= rewritten.source.length;
  }
  return e;
}

/** `line` and, under it, the code frame of `problem` in its file of the theme `dir` (none when it cannot be read). */
function withCodeFrame(line: string, dir: string, problem: TemplateError): string {
  try {
    const frame = problem.filename === undefined ? '' : codeFrame(readFileSync(join(dir, problem.filename), 'utf8'), problem.line, problem.column);
    return frame === '' ? line : `${line}\n${frame}`;
  } catch {
    return line;
  }
}
