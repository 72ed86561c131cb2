/**
 * The running state of one render: the frame stack, the output buffer, options and collected problems.
 *
 * A frame holds a node, its parent frame, the index when it iterates, local variables (`@name`) and macros.
 * Lookup walks frames from the innermost outward; `apply … private` marks a frame where the walk stops.
 */
import { BudgetExceeded, DEFAULT_MAX_OUTPUT, DEFAULT_MAX_STEPS, ErrorCode, MAX_ERRORS, MAX_NESTING, MAX_PARTIAL_DEPTH, messages } from './errors.js';
import type { ExprScope } from './expr/index.js';
import { canonicalTimeZone, FALLBACK_ZONE } from './i18n/time-zone.js';
import type { PluginContext } from './plugins/types.js';
import { keepShape } from './keep-shape.js';
import { isObject } from './values.js';
import type { RenderOptions, TemplateError } from './types.js';

export interface Frame {
  readonly node: unknown;
  readonly parent: Frame | null;
  /** 0-based index when this frame is one element of a repeated section, else -1. */
  readonly index: number;
  /** Local variables (`@name`) set in this frame, newest first. */
  vars: VarCell | null;
  macros: Map<string, Runnable> | null;
  /** Lookup does not walk past this frame (`apply … private`). */
  readonly stop: boolean;
}

/** Where an instruction sits, for error positions. */
export interface Site {
  readonly unit: SourceUnit;
  readonly offset: number;
}

/** A compiled source (a template or partial) as errors need it. */
export interface SourceUnit {
  readonly filename: string | undefined;
  position(offset: number): { line: number; column: number };
}

/** Something `apply` and `.include` can run: a macro body or a partial's root. */
export interface Runnable {
  readonly run: (ctx: RenderContext) => void;
  readonly name: string;
  /** How deep blocks nest in it (see MAX_NESTING). */
  readonly depth: number;
  /** A partial's own compile problems, reported the first time a render uses it. */
  readonly problems?: readonly TemplateError[];
}

/** Finds partials by name, compiling them on first use; returns a problem message when one fails to parse. */
export type PartialResolver = (name: string) => Runnable | { error: string } | null;

/** Where templates come from during a render: the caller's partials and the plugins' built-in sources. */
export interface TemplateSource {
  partial: PartialResolver;
  builtin(source: string): Runnable;
}

/**
 * One local variable. Frames hold few of them (usually none, at most a handful), so a short list beats a
 * dictionary object: `Object.create(null)` stores went through V8's slow keyed-store path, costing micro-
 * seconds per store once a full GC had cleared its caches.
 */
export interface VarCell {
  readonly name: string;
  value: unknown;
  readonly next: VarCell | null;
  /**
   * On the newest cell of a frame that holds many variables (more than INDEXED_VARS), every cell of the frame by
   * name; null otherwise. A template can set thousands of distinct names in one frame (`{.var @v1 …}` …), and
   * walking the list at each set and read made a render quadratic in them: 60,000 names took 19 s.
   */
  readonly index: Map<string, VarCell> | null;
}

/** Variables per frame from which the frame's cells are also kept by name (see VarCell.index). */
const INDEXED_VARS = 16;

/** How many cells a list without an index holds (at most INDEXED_VARS: past that it is indexed). */
function listLength(head: VarCell | null): number {
  let n = 0;
  for (let c = head; c !== null; c = c.next) n++;
  return n;
}

/** The cell of `name` among a frame's variables `head` (newest first), or null. */
export function findVar(head: VarCell | null, name: string): VarCell | null {
  if (head !== null && head.index !== null) return head.index.get(name) ?? null;
  for (let c = head; c !== null; c = c.next) if (c.name === name) return c;
  return null;
}

/**
 * A local variable name (`@name`) as a flat string. A name sliced from the source is a view into it once 13
 * characters or longer, and V8 compares such a string with another in its runtime, a call per comparison of
 * a lookup; flat strings of the same length compare inline.
 */
export function flatName(name: string): string {
  return name.length < 13 ? name : (JSON.parse(JSON.stringify(name)) as string);
}

export function newFrame(node: unknown, parent: Frame | null, index: number, stop: boolean): Frame {
  return { node, parent, index, vars: null, macros: null, stop };
}

const RELEASED_FRAME = newFrame(undefined, null, -1, false);
const RELEASED_INJECTS: Record<string, unknown> = {};
const RELEASED_SITE: Site = { unit: { filename: undefined, position: () => ({ line: 1, column: 1 }) }, offset: 0 };
const RELEASED_TEMPLATES: TemplateSource = { partial: () => null, builtin: () => ({ run: () => {}, name: '', depth: 0 }) };

export class RenderContext implements PluginContext {
  out = '';
  frame: Frame;
  site: Site;
  /** Partials and macros applied around the current point (see MAX_PARTIAL_DEPTH). */
  depth = 0;
  /** How deep blocks may nest at the current point: the depths of the templates and macros running (MAX_NESTING). */
  nesting = 0;
  /** Work done so far, against the budget of RenderOptions.maxSteps / maxOutput. */
  steps = 0;
  private produced = 0;
  readonly maxSteps: number;
  readonly maxOutput: number;
  /** Set once the budget ran out: every later check stops again, even after a plugin swallowed the first. */
  budgetError: string | null = null;
  readonly errors: TemplateError[] = [];
  /** The render's data (emptied by release). */
  root: unknown;
  readonly locale: string | null;
  injects: Record<string, unknown>;
  readonly enableExpressions: boolean;
  readonly enableInclude: boolean;
  readonly maxExpressionTokens: number | undefined;
  readonly maxExpressionStringLength: number | undefined;
  private readonly fixedNow: number | undefined;
  private zone: string | undefined;
  private scope: ExprScope | undefined;

  constructor(
    root: unknown,
    options: RenderOptions,
    public templates: TemplateSource,
    site: Site,
  ) {
    this.root = root;
    this.frame = newFrame(root, null, -1, false);
    this.site = site;
    this.locale = options.locale === undefined ? 'en' : options.locale;
    this.injects = options.injects ?? {};
    this.enableExpressions = options.enableExpressions ?? true;
    this.enableInclude = options.enableInclude ?? true;
    this.maxExpressionTokens = options.maxExpressionTokens;
    this.maxExpressionStringLength = options.maxExpressionStringLength;
    this.fixedNow = options.now;
    this.maxSteps = options.maxSteps ?? DEFAULT_MAX_STEPS;
    this.maxOutput = options.maxOutput ?? DEFAULT_MAX_OUTPUT;
  }

  /**
   * Drop what this finished render referenced (the data, the page, the frames), so that keeping the object
   * (see keep-shape.ts) keeps nothing of the render alive.
   */
  release(): void {
    this.root = undefined;
    this.frame = RELEASED_FRAME;
    this.site = RELEASED_SITE;
    this.templates = RELEASED_TEMPLATES;
    this.injects = RELEASED_INJECTS;
    this.out = '';
    this.scope = undefined;
    keepShape(this);
  }

  /** Stop the render: report once, at `site` (the instruction that ran out), and unwind to Template.render. */
  private exhausted(what: string, limit: number, site: Site): never {
    if (this.budgetError === null) {
      this.budgetError = messages.budgetExceeded(what, limit);
      // Reported past the MAX_ERRORS cap too: the reason a render stopped must never be lost.
      const { line, column } = site.unit.position(site.offset);
      const e: TemplateError = { severity: 'error', code: ErrorCode.BUDGET_EXCEEDED, message: this.budgetError, line, column };
      if (site.unit.filename !== undefined) e.filename = site.unit.filename;
      this.errors.push(e);
    }
    throw new BudgetExceeded(this.budgetError);
  }

  /**
   * Stop the render if one more instruction at `site` (with `length` characters of output so far) is over the
   * budget. Generated code tests the two limits inline and calls this only when one is crossed.
   */
  checkBudget(length: number, site: Site): void {
    if (this.steps > this.maxSteps) this.exhausted('instructions', this.maxSteps, site);
    if (length > this.maxOutput) this.exhausted('characters of output', this.maxOutput, site);
  }

  /**
   * Stop the render because a piece of output would take the page past maxOutput: called before the piece is
   * appended, so the page returned holds what was written before the instruction at `site`.
   */
  outputExceeded(site: Site): never {
    return this.exhausted('characters of output', this.maxOutput, site);
  }

  /** Count output produced out of sight of `out` (partials and includes return or drop theirs). */
  private spend(chars: number, site: Site): void {
    this.produced += chars;
    if (this.produced > this.maxOutput) this.exhausted('characters of output', this.maxOutput, site);
  }

  get node(): unknown {
    return this.frame.node;
  }

  /** The 1-based index of the innermost loop element, as `@index` reads it (a private apply hides it); -1 if none. */
  get index(): number {
    return lookupIndex(this.frame, 1) ?? -1;
  }

  get now(): number {
    return this.fixedNow ?? Date.now();
  }

  get timeZone(): string {
    if (this.zone === undefined) {
      const website = isObject(this.root) ? this.root['website'] : undefined;
      const tz = isObject(website) ? website['timeZone'] : undefined;
      // Missing: New York. Present but not a zone name (empty, null, a number, an unknown name): UTC, as on
      // the platform.
      this.zone = tz === undefined ? 'America/New_York' : typeof tz === 'string' && tz !== '' ? canonicalTimeZone(tz) : FALLBACK_ZONE;
    }
    return this.zone;
  }

  resolve(path: string): unknown {
    return this.resolvePath(path === '@' ? ['@'] : path.split('.'));
  }

  resolvePath(segs: readonly string[]): unknown {
    return resolveIn(this.frame, segs);
  }

  /** A new frame for the instruction at `site`. */
  push(node: unknown, index: number, stop: boolean, site: Site): void {
    // Every section, loop element and apply pushes a frame: counting here bounds the work of any template.
    if (++this.steps > this.maxSteps || this.out.length > this.maxOutput) this.checkBudget(this.out.length, site);
    this.frame = newFrame(node, this.frame, index, stop);
  }

  pop(): void {
    this.frame = this.frame.parent!;
  }

  setVar(name: string, value: unknown): void {
    const frame = this.frame;
    const head = frame.vars;
    const known = findVar(head, name);
    if (known !== null) {
      known.value = value;
      return;
    }
    let index = head === null ? null : head.index;
    if (index === null && listLength(head) >= INDEXED_VARS) {
      index = new Map();
      for (let c = head; c !== null; c = c.next) index.set(c.name, c);
    }
    const cell: VarCell = { name, value, next: head, index };
    index?.set(name, cell);
    frame.vars = cell;
  }

  findMacro(name: string): Runnable | undefined {
    for (let f: Frame | null = this.frame; f !== null; f = f.parent) {
      const m = f.macros?.get(name);
      if (m !== undefined) return m;
    }
    return undefined;
  }

  /** The macro or partial called `name`, or undefined after reporting why there is none. */
  findRunnable(name: string): Runnable | undefined {
    const macro = this.findMacro(name);
    if (macro !== undefined) return macro;
    const partial = this.templates.partial(name);
    if (partial === null) {
      this.error(ErrorCode.PARTIAL_NOT_FOUND, messages.partialNotFound(name));
      return undefined;
    }
    if ('error' in partial) {
      this.error(ErrorCode.PARTIAL_PARSE_FAILED, messages.partialParseFailed(name, partial.error));
      return undefined;
    }
    if (partial.problems !== undefined && partial.problems.length > 0) this.reportPartialProblems(name, partial.problems);
    return partial;
  }

  private reportedPartials: Set<string> | null = null;

  private reportPartialProblems(name: string, problems: readonly TemplateError[]): void {
    const seen = (this.reportedPartials ??= new Set());
    if (seen.has(name)) return;
    seen.add(name);
    for (const p of problems) {
      if (this.errors.length >= MAX_ERRORS) return;
      this.errors.push(p);
    }
  }

  applyTemplate(name: string, node: unknown, args: Record<string, string> | null, isPrivate: boolean): string {
    // A name that is not found is reported first: it never counts against the depth limit (as on the platform).
    const target = this.findRunnable(name);
    if (target === undefined) return '';
    if (this.depth >= MAX_PARTIAL_DEPTH) {
      this.error(ErrorCode.RECURSION_DEPTH, messages.recursionDepth(name));
      // As on the platform, a refused apply still counts for the rest of the render: every later apply gets
      // one level fewer. This also keeps a macro that applies itself twice linear instead of 2^16 calls.
      this.depth++;
      return '';
    }
    return this.runIsolated(target, name, node, args, isPrivate);
  }

  renderBuiltin(source: string, node: unknown): string {
    // A plugin's own markup is no partial: it renders at any depth of applies, as on the platform (a constant
    // template cannot recurse by itself; MAX_NESTING still bounds it).
    return this.runIsolated(this.templates.builtin(source), '(built-in)', node, null, false);
  }

  /** Whether `target` may run here without nesting blocks past MAX_NESTING; reports it when not. */
  private nestsWithin(target: Runnable, name: string): boolean {
    if (this.nesting + target.depth <= MAX_NESTING) return true;
    this.error(ErrorCode.NESTED_TOO_DEEPLY, messages.applyNestedTooDeeply(name));
    return false;
  }

  /** Run `target` with `node` pushed as a new frame, returning its output instead of appending it. */
  private runIsolated(target: Runnable, name: string, node: unknown, args: Record<string, string> | null, isPrivate: boolean): string {
    if (!this.nestsWithin(target, name)) return '';
    const saved = this.out;
    const site = this.site;
    const nesting = this.nesting;
    this.push(node, -1, isPrivate, site); // before the output is set aside: a render stopped here keeps it
    this.out = '';
    if (args !== null) this.setVar('@args', args);
    this.depth++;
    this.nesting = nesting + target.depth;
    try {
      target.run(this);
      this.spend(this.out.length, site);
      return this.out;
    } finally {
      this.depth--;
      this.nesting = nesting;
      this.pop();
      this.out = saved;
      this.site = site;
    }
  }

  /** `.include`: run a macro or partial in the current frame; its output is kept only when asked. */
  include(name: string, keepOutput: boolean): void {
    const target = this.findRunnable(name);
    if (target === undefined) return;
    if (this.depth >= MAX_PARTIAL_DEPTH) {
      this.error(ErrorCode.RECURSION_DEPTH, messages.recursionDepth(name));
      // Counts for the rest of the render, as a refused apply does (see applyTemplate).
      this.depth++;
      return;
    }
    if (!this.nestsWithin(target, name)) return;
    const saved = this.out;
    const site = this.site;
    const nesting = this.nesting;
    if (++this.steps > this.maxSteps) this.checkBudget(saved.length, site);
    this.depth++;
    this.nesting = nesting + target.depth;
    try {
      target.run(this);
      this.spend(this.out.length - saved.length, site);
    } finally {
      this.depth--;
      this.nesting = nesting;
      this.site = site;
      if (!keepOutput) this.out = saved;
    }
  }

  /** The scope `.eval` expressions resolve variables in: always the current frame. */
  get exprScope(): ExprScope {
    return (this.scope ??= { resolve: (segs) => resolveIn(this.frame, segs) });
  }

  error(code: string, message: string): void {
    this.report('error', code, message);
  }

  warn(code: string, message: string): void {
    this.report('warning', code, message);
  }

  private report(severity: 'error' | 'warning', code: string, message: string): void {
    if (this.errors.length > MAX_ERRORS) return;
    const { unit, offset } = this.site;
    const { line, column } = unit.position(offset);
    if (this.errors.length === MAX_ERRORS) {
      this.errors.push({ severity: 'warning', code: ErrorCode.TOO_MANY_ERRORS, message: messages.tooManyErrors(), line, column });
      return;
    }
    const e: TemplateError = { severity, code, message, line, column };
    if (unit.filename !== undefined) e.filename = unit.filename;
    this.errors.push(e);
  }
}


/** Resolve a path from `frame` by the general rule (used by plugins and expressions). */
export function resolveIn(frame: Frame, segs: readonly string[]): unknown {
  const first = segs[0]!;
  let v: unknown;
  if (first === '@') v = frame.node;
  else if (first === '@index' || first === '@index0') v = lookupIndex(frame, first === '@index' ? 1 : 0);
  else if (first.charCodeAt(0) === 64) v = lookupVar(frame, first);
  else v = lookupKey(frame, first);
  for (let i = 1; i < segs.length && v !== undefined; i++) v = step(v, segs[i]!);
  return v;
}

export function lookupIndex(frame: Frame, base: number): number | undefined {
  for (let f: Frame | null = frame; f !== null; f = f.parent) {
    if (f.index >= 0) return f.index + base;
    if (f.stop) break;
  }
  return undefined;
}

export function lookupVar(frame: Frame, name: string): unknown {
  for (let f: Frame | null = frame; f !== null; f = f.parent) {
    const c = f.vars === null ? null : findVar(f.vars, name);
    if (c !== null && c.value !== undefined) return c.value;
    if (f.stop) break;
  }
  return undefined;
}

export function lookupKey(frame: Frame, key: string): unknown {
  for (let f: Frame | null = frame; f !== null; f = f.parent) {
    const v = step(f.node, key);
    if (v !== undefined) return v;
    if (f.stop) break;
  }
  return undefined;
}

/**
 * Whether `v[key]` can only ever find a value's own data: no prototype of a JSON value (object, array,
 * string, number, boolean) has such a member, and it is not a digit index (which strings and arrays answer).
 * The compiler picks `plainStep` for these keys (nearly all of them) and the careful `step` for the rest.
 */
export function isPlainKey(key: string): boolean {
  const c = key.charCodeAt(0);
  return !(c >= 48 && c <= 57) && !PROTOTYPE_MEMBERS.has(key);
}

/** Every member name a JSON value can inherit, plus `length` and `__proto__`. */
const PROTOTYPE_MEMBERS: ReadonlySet<string> = new Set([
  'length',
  '__proto__',
  ...[Object.prototype, Array.prototype, String.prototype, Number.prototype, Boolean.prototype].flatMap((p) =>
    Object.getOwnPropertyNames(p),
  ),
]);

/** A step by the rule of its key: `plainStep` for a plain key, else the careful `step`. */
export function stepAny(v: unknown, key: string): unknown {
  return isPlainKey(key) ? plainStep(v, key) : step(v, key);
}

/**
 * A path read as the compiler's getters read it (compileRef): the first segment by the general rule (plain
 * keys by lookupPlainKey), each later one by stepAny. Without a compiled getter: for paths past its cache.
 */
export function resolvePlain(frame: Frame, segs: readonly string[]): unknown {
  const first = segs[0]!;
  let v: unknown;
  if (first === '@') v = frame.node;
  else if (first === '@index' || first === '@index0') v = lookupIndex(frame, first === '@index' ? 1 : 0);
  else if (first.charCodeAt(0) === 64) v = lookupVar(frame, first);
  else v = isPlainKey(first) ? lookupPlainKey(frame, first) : lookupKey(frame, first);
  for (let i = 1; i < segs.length && v !== undefined; i++) v = stepAny(v, segs[i]!);
  return v;
}

/** A step for a plain key (see isPlainKey). */
export function plainStep(v: unknown, key: string): unknown {
  return v === null || v === undefined ? undefined : (v as Record<string, unknown>)[key];
}

/** lookupKey for a plain key. */
export function lookupPlainKey(frame: Frame, key: string): unknown {
  for (let f: Frame | null = frame; f !== null; f = f.parent) {
    const node = f.node;
    if (node !== null && node !== undefined) {
      const v = (node as Record<string, unknown>)[key];
      if (v !== undefined) return v;
    }
    if (f.stop) break;
  }
  return undefined;
}

/**
 * One property or index step. Only own data counts: inherited members (`constructor`, `__proto__`) and
 * anything but a digit index on an array are missing. Null is returned as null (a hit that prints nothing).
 */
export function step(v: unknown, key: string): unknown {
  if (typeof v !== 'object' || v === null) return undefined;
  if (Array.isArray(v)) {
    const c = key.charCodeAt(0);
    return c >= 48 && c <= 57 ? v[key as unknown as number] : undefined;
  }
  const r = (v as Record<string, unknown>)[key];
  if (r === undefined || (typeof r === 'function') || (key === '__proto__' && !Object.hasOwn(v, key))) return undefined;
  return r;
}
