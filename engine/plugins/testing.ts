/**
 * A small stand-in for the executor's PluginContext, for unit tests of formatters and predicates without
 * compiling a template. Frames are modelled as a stack of nodes (the root first, the current node last);
 * variable resolution walks them from the innermost outward as the executor does.
 */
import { parsePredicateArg } from './args.js';
import type { Formatter, PluginContext, Predicate } from './types.js';

/** A fake template: gets the node, the `k=v` arguments (or null) and the private flag; returns its output. */
export type FakeTemplate = (node: unknown, args: Record<string, string> | null, isPrivate: boolean) => string;

export interface FakeContextOptions {
  /** The root context (the outermost frame). */
  root?: unknown;
  /** The current node (`{@}`); defaults to the root. */
  node?: unknown;
  /** Nodes of frames between the root and the current node, outermost first. */
  frames?: unknown[];
  /** 1-based index of the enclosing repeated section; -1 (the default) outside one. */
  index?: number;
  /** Local variables (`@name`, without the `@`), visible from every frame. */
  vars?: Record<string, unknown>;
  /** Macros and partials callable through `applyTemplate`. */
  templates?: Record<string, FakeTemplate>;
  locale?: string | null;
  now?: number;
  timeZone?: string;
}

export interface Reported {
  readonly severity: 'error' | 'warn';
  readonly code: string;
  readonly message: string;
}

export interface FakeContext extends PluginContext {
  /** Problems reported through `error` and `warn`, in order. */
  readonly reported: Reported[];
  /** Every `applyTemplate` call, in order. */
  readonly applied: { name: string; node: unknown; args: Record<string, string> | null; isPrivate: boolean }[];
}

const MISSING = Symbol('missing');

/** One property or index step; MISSING when `v` is not an object or has no such own key. */
function step(v: unknown, key: string): unknown {
  if (typeof v !== 'object' || v === null || !Object.hasOwn(v, key)) return MISSING;
  return (v as Record<string, unknown>)[key];
}

export function fakeContext(opts: FakeContextOptions = {}): FakeContext {
  const root = opts.root ?? {};
  const node = 'node' in opts ? opts.node : root;
  // Innermost first.
  const stack = [node, ...(opts.frames ?? []).slice().reverse(), root];
  const index = opts.index ?? -1;
  const vars = opts.vars ?? {};
  const templates = opts.templates ?? {};
  const reported: Reported[] = [];
  const applied: FakeContext['applied'] = [];

  const lookupFirst = (seg: string): unknown => {
    if (seg === '@') return node;
    if (seg === '@index') return index < 0 ? undefined : index;
    if (seg === '@index0') return index < 0 ? undefined : index - 1;
    if (seg.startsWith('@')) return Object.hasOwn(vars, seg.slice(1)) ? vars[seg.slice(1)] : undefined;
    for (const frame of stack) {
      const v = step(frame, seg);
      if (v !== MISSING) return v;
    }
    return MISSING;
  };

  const resolvePath = (path: readonly string[]): unknown => {
    if (path.length === 0) return undefined;
    // A missing or null step makes the whole path missing; a null at the end is kept.
    let v = lookupFirst(path[0]!);
    for (let i = 1; i < path.length && v !== MISSING; i++) v = v === null ? MISSING : step(v, path[i]!);
    return v === MISSING ? undefined : v;
  };

  return {
    node,
    root,
    index,
    locale: opts.locale === undefined ? 'en' : opts.locale,
    now: opts.now ?? 0,
    timeZone: opts.timeZone ?? 'America/New_York',
    reported,
    applied,
    resolve: (path) => resolvePath(path === '@' ? ['@'] : path.split('.')),
    resolvePath,
    applyTemplate(name, n, args, isPrivate) {
      applied.push({ name, node: n, args, isPrivate });
      const t = Object.hasOwn(templates, name) ? templates[name] : undefined;
      if (t === undefined) {
        reported.push({ severity: 'error', code: 'APPLY_PARTIAL_MISSING', message: `Attempt to apply partial '${name}' which could not be found.` });
        return '';
      }
      return t(n, args, isPrivate);
    },
    renderBuiltin: () => '',
    error(code, message) {
      reported.push({ severity: 'error', code, message });
    },
    warn(code, message) {
      reported.push({ severity: 'warn', code, message });
    },
  };
}

/**
 * Run a formatter the way the executor does: `prepare` once with the arguments, then `format`.
 * Returns the value and the compile-time argument error, if any.
 */
export function runFormatter(
  f: Formatter<any>,
  value: unknown,
  args: readonly string[] = [],
  ctx: PluginContext = fakeContext(),
  vars: unknown[] | null = null,
): { value: unknown; error: string | undefined } {
  const prepared = f.prepare?.(args);
  return { value: f.format(value, args, ctx, prepared?.state, vars), error: prepared?.error };
}

/** Run a predicate with raw argument strings (`['a', '"b"']`), parsed as the compiler parses them. */
export function runPredicate(p: Predicate<any>, raw: readonly string[] = [], ctx: PluginContext = fakeContext()): boolean {
  const args = raw.map(parsePredicateArg);
  const prepared = p.prepare?.(args, raw);
  return p.test(ctx, args, prepared?.state);
}
