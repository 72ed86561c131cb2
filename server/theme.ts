/**
 * The theme: JSON-T files under `templates/` in the platform's layout, compiled once and kept; in
 * development a file is recompiled when it changes on disk.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { compile, type PluginTable, render, type Template, type TemplateError } from '../engine/index.js';
import { IslandAssets, withIslandScripts } from './islands/assets.js';
import { STOREFRONT_PLUGINS } from './islands/formatter.js';
import { defaultLayoutRegions } from './theme/layouts.js';
import { defaultThemeDir } from './theme/theme-dir.js';
import { buildStylesheet, type Stylesheet, stylesheetFiles, stylesheetStamp } from './theme-stylesheet.js';

interface Entry {
  readonly template: Template;
  readonly mtimeMs: number;
}

export class Theme {
  private readonly cache = new Map<string, Entry>();

  constructor(
    readonly dir: string,
    private readonly watch: boolean,
    private readonly log: (problem: string) => void = () => {},
    /** The engine's plugins plus the storefront's islands (`{item|island product-form}`). */
    private readonly plugins: PluginTable = STOREFRONT_PLUGINS,
    /** The built island scripts, added to every page that has an island. */
    readonly islands: IslandAssets = IslandAssets.load(),
  ) {}

  /** A compiled template by its path under the theme (`collections/products.list`). */
  template(path: string): Template {
    const cached = this.cache.get(path);
    if (cached !== undefined && !this.watch) return cached.template;
    const file = this.file(path);
    const mtimeMs = statSync(file).mtimeMs;
    if (cached !== undefined && cached.mtimeMs === mtimeMs) return cached.template;
    const { template, errors } = compile(readFileSync(file, 'utf8'), { filename: path }, this.plugins);
    for (const e of errors) this.log(describe(e));
    this.cache.set(path, { template, mtimeMs });
    return template;
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

  private layout: { stamp: string; template: Template } | null = null;

  /** The default layout's regions from `template.conf`, joined in order into one template. */
  private layoutTemplate(): Template {
    if (this.layout !== null && !this.watch) return this.layout.template;
    const files = defaultLayoutRegions(this.dir).map((r) => this.file(r));
    const stamp = files.map((f) => `${f}:${statSync(f).mtimeMs}`).join('|');
    if (this.layout !== null && this.layout.stamp === stamp) return this.layout.template;
    const source = files.map((f) => readFileSync(f, 'utf8')).join('');
    const { template, errors } = compile(source, { filename: 'layout' }, this.plugins);
    for (const e of errors) this.log(describe(e));
    this.layout = { stamp, template };
    return template;
  }

  private blocks: Record<string, Template> | null = null;

  /** Every `blocks/*.block`, by file name, for `{@|apply name.block}` (listed once unless watching). */
  partials(): Record<string, Template> {
    if (this.blocks !== null && !this.watch) return this.blocks;
    this.blocks = this.readBlocks();
    return this.blocks;
  }

  private readBlocks(): Record<string, Template> {
    const out: Record<string, Template> = {};
    for (const dir of this.dir === defaultThemeDir() ? [this.dir] : [defaultThemeDir(), this.dir]) {
      const blocks = join(dir, 'blocks');
      if (!existsSync(blocks)) continue;
      // this.file reads the theme's own block of a name before the system one
      for (const name of readdirSync(blocks)) if (name.endsWith('.block')) out[name] = this.template(`blocks/${name}`);
    }
    return out;
  }

  /**
   * A page: the content template rendered into `squarespace.main-content`, then the site region around it.
   * Render problems are logged, never shown to the visitor.
   */
  renderPage(contentPath: string, context: Record<string, unknown>): string {
    return this.renderLayout(context, this.renderContent(contentPath, context));
  }

  /** The content template alone (what goes into `squarespace.main-content`). */
  renderContent(contentPath: string, context: Record<string, unknown>): string {
    const content = render(this.template(contentPath), context, { partials: this.partials() }, this.plugins);
    for (const e of content.errors) this.log(describe(e));
    return content.html;
  }

  /** The site region around already rendered content. */
  renderLayout(context: Record<string, unknown>, mainContent: string): string {
    const squarespace = { ...(context['squarespace'] as Record<string, unknown> | undefined), 'main-content': mainContent };
    const page = render(this.layoutTemplate(), { ...context, squarespace, 'squarespace-headers': this.headers() }, { partials: this.partials() }, this.plugins);
    for (const e of page.errors) this.log(describe(e));
    return withIslandScripts(page.html, this.islands);
  }

  private sheet: { stamp: string; value: Stylesheet | null } | null = null;

  /** The theme's stylesheet (built once; again when a listed file changes, while watching). */
  stylesheet(): Stylesheet | null {
    if (this.sheet !== null && !this.watch) return this.sheet.value;
    const files = stylesheetFiles(this.dir);
    const stamp = stylesheetStamp(files);
    if (this.sheet === null || this.sheet.stamp !== stamp) this.sheet = { stamp, value: buildStylesheet(files) };
    return this.sheet.value;
  }

  /**
   * What the platform puts in `{squarespace-headers}`: the stylesheet link (the page's only render-blocking
   * resource).
   */
  headers(): string {
    const sheet = this.stylesheet();
    return sheet === null ? '' : `<link rel="stylesheet" href="${sheet.url}">`;
  }

  /** Whether rendered content may be kept: not while watching files, since any template may change. */
  get cacheable(): boolean {
    return !this.watch;
  }
}

/** The templates Tessera supplies when a theme lacks them: its pages and the store's collection templates. */
const SYSTEM_TEMPLATE = /^(blocks\/[\w-]+\.block|pages\/[\w-]+\.page|collections\/[\w-]+\.(list|item)|site\.region)$/;

function describe(e: TemplateError): string {
  return `${e.filename ?? 'template'}:${e.line}:${e.column}: ${e.severity} ${e.code}: ${e.message}`;
}
