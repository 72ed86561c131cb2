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
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { compile, type PluginTable, render, type Template, type TemplateError } from '../engine/index.js';
import { hasIslands, IslandAssets, withIslandScripts } from './islands/assets.js';
import { STOREFRONT_PLUGINS } from './islands/formatter.js';
import { fillBlockFields, type StoredBlockFields } from './theme/block-fields.js';
import { type CollectionConfs, readCollectionConfs } from './theme/collection-confs.js';
import { type LayoutConf, chooseLayout, layoutRegionFiles } from './theme/layouts.js';
import { type RewrittenTemplate, rewritePlatformTags, TAGS_KEY, type TagTheme } from './theme/platform-tags.js';
import { pageHeaders } from './theme/page-headers.js';
import { confinedFile } from './theme/static-files.js';
import { SYSTEM_PARTIALS } from './theme/system-partials.js';
import { inSystemScope, systemCss } from './theme/system-styles.js';
import { readThemeConf, TEMPLATE_CONF, type ThemeConf } from './theme/theme-conf.js';
import { defaultThemeDir } from './theme/theme-dir.js';
import { describeProblem, offsetAt, positionAt, type ThemeProblem } from './theme/theme-problem.js';
import { buildThemeStylesheet, type Stylesheet, type StylesheetBuild, stylesheetStamp, type Tweak, tweakClasses } from './theme-stylesheet.js';

interface Entry {
  readonly template: Template;
  readonly errors: readonly TemplateError[];
  readonly stamp: string;
}

/** The templates Tessera supplies when a theme lacks them: its pages, the store's collection templates, blocks. */
const SYSTEM_TEMPLATE = /^(blocks\/[\w-]+\.block|pages\/[\w-]+\.page|collections\/[\w-]+\.(list|item)|site\.region)$/;

export type CollectionTemplatePart = 'list' | 'item';

export class Theme {
  private readonly cache = new Map<string, Entry>();
  /** Marks block fields and the footers in rendered output; random, so no content can forge one. */
  private readonly nonce = randomBytes(12).toString('hex');
  private readonly isDefaultTheme: boolean;

  constructor(
    readonly dir: string,
    private readonly watch: boolean,
    private readonly log: (problem: string) => void = () => {},
    /** The engine's plugins plus the storefront's islands (`{item|island product-form}`). */
    private readonly plugins: PluginTable = STOREFRONT_PLUGINS,
    /** The built island scripts, added to every page that has an island. */
    readonly islands: IslandAssets = IslandAssets.load(),
  ) {
    this.isDefaultTheme = dir === defaultThemeDir();
  }

  // ---- configuration ----

  private confs: { stamp: string; conf: ThemeConf; collections: CollectionConfs } | null = null;

  private loadConfs() {
    if (this.confs !== null && !this.watch) return this.confs;
    const stamp = this.confStamp();
    if (this.confs === null || this.confs.stamp !== stamp) {
      const conf = readThemeConf(this.dir);
      const collections = readCollectionConfs(this.dir);
      for (const p of [...conf.problems, ...collections.problems]) this.log(describeProblem(p));
      this.confs = { stamp, conf, collections };
    }
    return this.confs;
  }

  private confStamp(): string {
    const folder = join(this.dir, 'collections');
    const confs = existsSync(folder) ? readdirSync(folder).filter((f) => f.endsWith('.conf')).map((f) => join(folder, f)) : [];
    return [join(this.dir, TEMPLATE_CONF), ...confs].map((f) => `${f}:${statSync(f, { throwIfNoEntry: false })?.mtimeMs ?? -1}`).join('|');
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
    return [...conf.problems, ...collections.problems, ...this.styles().problems];
  }

  // ---- templates ----

  /** Whether the theme folder itself has the file `path` (`collections/blog.list`). */
  hasOwnTemplate(path: string): boolean {
    return existsSync(join(this.dir, path));
  }

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

  private tagTheme(): TagTheme {
    return {
      navigations: this.conf().navigations.map((n) => n.name),
      hasBlock: (name) => existsSync(this.file(`blocks/${name}`)),
      hasScript: (path) => confinedFile(join(this.dir, 'scripts'), path) !== null,
      blockFieldNonce: this.nonce,
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
    if (cached !== undefined && !this.watch) return cached;
    const file = this.file(path);
    const stamp = `${statSync(file).mtimeMs}|${this.loadConfs().stamp}`;
    if (cached !== undefined && cached.stamp === stamp) return cached;
    const rewritten = rewritePlatformTags(readFileSync(file, 'utf8'), path, this.tagTheme());
    const { template, errors } = compile(rewritten.source, { filename: path }, this.plugins);
    const all = [...rewritten.problems, ...errors.map((e) => ({ ...e, ...rewritten.locate(e.line, e.column) }))];
    for (const e of all) this.log(describeProblem(e));
    const entry = { template, errors: all, stamp };
    this.cache.set(path, entry);
    return entry;
  }

  private layouts = new Map<string, Entry>();

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
    if (cached !== undefined && !this.watch) return cached;
    const regions = layoutRegionFiles(layout);
    // a missing region file throws: the theme cannot frame any page (answered with a plain 500 page)
    const files = regions.map((r) => this.file(r));
    const stamp = `${files.map((f) => statSync(f).mtimeMs).join(',')}|${this.loadConfs().stamp}|${layout.regions.join(',')}`;
    if (cached !== undefined && cached.stamp === stamp) return cached;
    const tags = this.tagTheme();
    const parts = regions.map((region, i) => ({ region, rewritten: rewritePlatformTags(readFileSync(files[i]!, 'utf8'), region, tags) }));
    const source = parts.map((p) => p.rewritten.source).join('');
    const { template, errors } = compile(source, { filename: `${layout.id} layout` }, this.plugins);
    const all: TemplateError[] = parts.flatMap((p) => p.rewritten.problems);
    for (const e of errors) all.push(locateInRegions(e, parts));
    for (const e of all) this.log(describeProblem(e));
    const entry = { template, errors: all, stamp };
    this.layouts.set(layout.id, entry);
    return entry;
  }

  private blocks: Record<string, Template> | null = null;

  /**
   * Every `blocks/*.block` by file name, for `{@|apply name.block}`, and the platform's system partials
   * (`sqs-share-buttons`…) the theme does not replace (listed once unless watching).
   */
  partials(): Record<string, Template> {
    if (this.blocks !== null && !this.watch) return this.blocks;
    const out: Record<string, Template> = {};
    for (const [name, source] of Object.entries(SYSTEM_PARTIALS)) out[name] = compile(source, { filename: name }, this.plugins).template;
    for (const dir of this.isDefaultTheme ? [this.dir] : [defaultThemeDir(), this.dir]) {
      const blocks = join(dir, 'blocks');
      if (!existsSync(blocks)) continue;
      // this.file reads the theme's own block of a name before the system one
      for (const name of readdirSync(blocks)) {
        if (name.endsWith('.block')) out[name] = this.template(`blocks/${name}`);
        // a theme's block may stand for a system partial (blocks/sqs-share-buttons.block)
        const bare = name.slice(0, -'.block'.length);
        if (Object.hasOwn(SYSTEM_PARTIALS, bare) && dir === this.dir) out[bare] = out[name]!;
      }
    }
    this.blocks = out;
    return out;
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
   * Render problems are logged, never shown to the visitor.
   */
  renderPage(contentPath: string, context: Record<string, unknown>): string {
    return this.renderLayout(context, this.renderContent(contentPath, context));
  }

  /** The content template alone (what goes into `squarespace.main-content`); a system template inside `.sqs-system`. */
  renderContent(contentPath: string, context: Record<string, unknown>): string {
    const content = render(this.template(contentPath), context, { partials: this.partials() }, this.plugins);
    for (const e of content.errors) this.log(describeProblem(e));
    return this.isSystemTemplate(contentPath) ? inSystemScope(content.html) : content.html;
  }

  /**
   * The page's layout (the collection's `regionName`, chosen by the routes, else the default) around already
   * rendered content; then its block fields filled in and the island loader placed at `{squarespace-footers}`
   * (else before `</body>`).
   */
  renderLayout(context: Record<string, unknown>, mainContent: string): string {
    const collection = context['collection'] as Record<string, unknown> | undefined;
    const layout = chooseLayout(this.conf(), collection?.['regionName']);
    const given = context['squarespace'] as Record<string, unknown> | undefined;
    const classes = [given?.['page-classes'], ...tweakClasses(this.tweaks())].filter((c) => typeof c === 'string' && c !== '').join(' ');
    const squarespace = { ...given, 'main-content': mainContent, ...(classes === '' ? {} : { 'page-classes': classes }) };
    const footers = `\u0001${this.nonce} footers\u0003`;
    const data = { ...context, squarespace, 'squarespace-headers': this.headers(context), 'squarespace-footers': footers };
    // the spread above copies enumerable keys only: the tags' data is hidden from `?format=json`
    const tags = context[TAGS_KEY];
    if (tags !== undefined) Object.defineProperty(data, TAGS_KEY, { value: tags, enumerable: false });
    const page = render(this.layoutTemplate(layout), data, { partials: this.partials() }, this.plugins);
    for (const e of page.errors) this.log(describeProblem(e));
    const fields = () => ((tags as { blockFields?: StoredBlockFields } | undefined)?.blockFields ?? new Map());
    const html = fillBlockFields(page.html, this.nonce, fields);
    if (!html.includes(footers)) return withIslandScripts(html, this.islands);
    return html.replace(footers, hasIslands(html) ? this.islands.loaderTag : '');
  }

  // ---- styles ----

  private sheet: { stamp: string; value: StylesheetBuild } | null = null;

  private styles(): StylesheetBuild {
    if (this.sheet !== null && !this.watch) return this.sheet.value;
    const names = this.conf().stylesheets;
    const stamp = `${stylesheetStamp(names.map((n) => join(this.dir, 'styles', n)), this.dir)}|${this.loadConfs().stamp}`;
    if (this.sheet === null || this.sheet.stamp !== stamp) {
      const value = buildThemeStylesheet(this.dir, names, this.usesSystemTemplates() ? systemCss() : '');
      for (const p of value.problems) this.log(describeProblem(p));
      this.sheet = { stamp, value };
    }
    return this.sheet.value;
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

  /** The theme's stylesheet (built once; again when a file of `styles/` changes, while watching). */
  stylesheet(): Stylesheet | null {
    return this.styles().sheet;
  }

  /** The tweaks its LESS declares, with their values (server/theme-stylesheet.ts). */
  tweaks(): readonly Tweak[] {
    return this.styles().tweaks;
  }

  /**
   * What the platform puts in `{squarespace-headers}` (server/theme/page-headers.ts): the stylesheet link (the
   * page's only render-blocking resource), Open Graph meta and the page's context for scripts (crumb included).
   */
  headers(context: Record<string, unknown> = {}): string {
    return pageHeaders(this.stylesheet(), context);
  }

  /** Whether rendered content may be kept: not while watching files, since any template may change. */
  get cacheable(): boolean {
    return !this.watch;
  }
}

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
