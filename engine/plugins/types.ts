/**
 * The plugin contract: formatters (`{x|name args}`) and predicates (`{.name? args}`).
 *
 * Names are resolved once, at compile time, into these objects; `prepare` runs at compile time too,
 * so a formatter parses its arguments once and renders many times.
 */

/** What a formatter or predicate may ask of the running template. */
export interface PluginContext {
  /** The node of the current frame (`{@}`). */
  readonly node: unknown;
  /** The root context passed to render. */
  readonly root: unknown;
  /** Resolve a dotted path the way a variable in the template at this point would (walks the frames). */
  resolve(path: string): unknown;
  /** Resolve an already-split path. */
  resolvePath(path: readonly string[]): unknown;
  /** 1-based index of the nearest enclosing repeated section, or -1 outside one. */
  readonly index: number;
  /** Render a macro or partial named `name` with `node` as its current node; returns its output. */
  applyTemplate(name: string, node: unknown, args: Record<string, string> | null, isPrivate: boolean): string;
  /**
   * Render a built-in JSON-T template (e.g. commerce markup shipped with a plugin) with `node` as its current
   * node, in a new frame above the current one. The source is compiled once and cached; keep it in a constant.
   */
  renderBuiltin(source: string, node: unknown): string;
  /** Report a problem at the position of the tag being executed. */
  error(code: string, message: string): void;
  warn(code: string, message: string): void;
  /** Locale for i18n formatters (`null`: no locale data). */
  readonly locale: string | null;
  /** Epoch milliseconds to treat as "now". */
  readonly now: number;
  /** IANA time zone from `website.timeZone` of the root, default `America/New_York`. */
  readonly timeZone: string;
}

export interface PreparedArgs<S = unknown> {
  /** Compile-time state handed to every call (parsed numbers, compiled date formats...). */
  state?: S;
  /** A problem with the arguments, reported at the tag's position (the formatter still runs). */
  error?: string;
}

export interface Formatter<S = unknown> {
  readonly name: string;
  /**
   * Runs with the tag's variable value pushed as the current frame, so `ctx.resolve` (and a macro applied
   * from it) looks in that value first, as the platform does. Only for formatters that resolve paths: the
   * push costs a frame per call. `true` in a variable tag only (`.var` pushes no frame for `apply`, `get`…);
   * `'always'` in `.var` too, as the platform does for the formatters that render its own markup template
   * over the value (`comment-link`, `add-to-cart-btn`…).
   */
  readonly scoped?: boolean | 'always';
  /** Optional compile-time preparation of the argument list. */
  prepare?(args: readonly string[]): PreparedArgs<S>;
  /**
   * Transform the value. `vars` is the whole variable list of the tag (`{a, b|fmt}`) when it has more than
   * one variable, else null; vars[0] is the current value. Return the new value (undefined = missing).
   */
  format(value: unknown, args: readonly string[], ctx: PluginContext, state: S, vars: unknown[] | null): unknown;
}

/** A predicate argument, parsed at compile time: a JSON literal or a variable path. */
export type PredicateArg =
  | { readonly kind: 'literal'; readonly value: unknown; readonly raw: string }
  | {
      readonly kind: 'path';
      readonly path: readonly string[];
      readonly raw: string;
      /** Set by the compiler: the path compiled to a getter, faster than `ctx.resolvePath(path)`. */
      readonly get?: (ctx: PluginContext) => unknown;
    };

export interface Predicate<S = unknown> {
  readonly name: string; // including the trailing '?'
  prepare?(args: readonly PredicateArg[], raw: readonly string[]): PreparedArgs<S>;
  test(ctx: PluginContext, args: readonly PredicateArg[], state: S): boolean;
}

export interface PluginTable {
  readonly formatters: ReadonlyMap<string, Formatter<any>>;
  readonly predicates: ReadonlyMap<string, Predicate<any>>;
}
