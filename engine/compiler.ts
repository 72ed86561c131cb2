/**
 * The compiler: instruction tree → closures, in two steps.
 *
 * At compile time, as the assembler adds each instruction to the tree (see `check`), formatter and predicate
 * names are resolved, their arguments prepared and expressions parsed, the results recorded on the nodes and
 * every problem kept with its position. Closures are then built block by block the first time a block runs
 * (a block that never runs costs nothing), from those recorded results; after that a render only walks
 * closures and appends to one output string.
 */
import {
  flatName,
  isPlainKey,
  lookupIndex,
  resolvePlain,
  stepAny,
  lookupKey,
  lookupVar,
  findVar,
  resolveIn,
  step,
  type RenderContext,
  type Runnable,
  type Site,
  type SourceUnit,
} from './context.js';
import { keyLookup, keyStep } from './accessors.js';
import { generateBlock } from './codegen.js';
import { addProblem, BudgetExceeded, ErrorCode, messages, suggest } from './errors.js';
import { evaluateExpression, formatExprValue, parseExpression } from './expr/index.js';
import {
  KEYWORD_TEXT,
  type FormatterCall,
  type IfNode,
  type EvalNode,
  type Node,
  type OrNode,
  type PredicateCall,
  type RootNode,
  type VarRef,
} from './instructions.js';
import { SEEN_TAGS_LIMIT, type SeenTag } from './parser.js';
import { parsePredicateArg } from './plugins/args.js';
import type { Formatter, PluginContext, PluginTable, Predicate, PredicateArg } from './plugins/types.js';
import { isTruthy, toText } from './values.js';

export type Exec = (ctx: RenderContext) => void;
type Getter = (ctx: RenderContext) => unknown;

/** A problem found while compiling, at a source offset. */
export interface CompileProblem {
  code: string;
  message: string;
  offset: number;
  severity: 'error' | 'warning';
}

export interface CompileEnv {
  readonly plugins: PluginTable;
  readonly unit: SourceUnit;
}

/** What compile-time checks need: the plugins names resolve in, and where problems go. */
export interface Checks {
  readonly plugins: PluginTable;
  readonly problems: CompileProblem[];
}

const NOOP: Exec = () => {};

/**
 * A block whose closures are built on its first run (a block that never runs costs nothing). One closure per
 * block, calling the built one: memory per instruction matters more here than a call (pages run generated
 * code after their second render).
 */
function lazyBlock(nodes: readonly Node[], env: CompileEnv): Exec {
  if (nodes.length === 0) return NOOP;
  let built: Exec | null = null;
  return (ctx) => (built ??= buildBlock(nodes, env))(ctx);
}

/** Renders after which a root block is turned into generated code (see codegen.ts). */
const RENDERS_BEFORE_CODEGEN = 2;

/**
 * The root block of a template: closures built on first render, replaced by one generated function once the
 * template has proven to be rendered repeatedly (a one-off render never pays for code generation). Returns
 * the function to run first; `tiered` receives the final one, so that the caller can call it directly (a
 * partial applied on every page then costs no wrapper call).
 */
export function compileRoot(root: RootNode, env: CompileEnv, tiered: (run: Exec) => void): Exec {
  const nodes = root.block;
  const closures = lazyBlock(nodes, env);
  let renders = 0;
  return (ctx) => {
    if (++renders > RENDERS_BEFORE_CODEGEN) tiered(generateBlock(nodes, env) ?? closures);
    closures(ctx);
  };
}

/**
 * What a block runs, in order: text to append (no closure for it), a closure, or a variable without
 * formatters to print: its shared getter (Printer), or its path read by the general rule (resolvePlain).
 */
type Step = string | Exec | Printer | VarRef;

/** The getter of a path, as a step that prints it (shared by every tag naming the path, see SHARED_PATHS). */
class Printer {
  constructor(readonly get: Getter) {}
}

function buildBlock(nodes: readonly Node[], env: CompileEnv): Exec {
  // Sized once (a pushed array grows by 17 slots: memory per instruction of a huge template).
  const steps = new Array<Step>(nodes.length);
  // Where each printed variable stands, for the error should its value take the page past maxOutput.
  const offsets = new Int32Array(nodes.length);
  // Adjacent constant text (around comments, keywords such as `{.space}`), joined once at its end: joined
  // and flattened piece by piece, a run of a million keywords copied its prefix a million times.
  let run: string[] | null = null;
  let n = 0;
  for (const node of nodes) {
    const step = compileStep(node, env);
    if (step === NOOP || step === '') continue;
    if (typeof step === 'string') {
      if (run !== null) run.push(step);
      else if (n > 0 && typeof steps[n - 1] === 'string') run = [steps[n - 1] as string, step];
      else steps[n++] = step;
      continue;
    }
    if (run !== null) steps[n - 1] = run.join('');
    run = null;
    if (node.type === 'variable') offsets[n] = node.offset;
    steps[n++] = step;
  }
  if (run !== null) steps[n - 1] = run.join('');
  steps.length = n;
  return sequence(steps, offsets, env.unit);
}

/** A node as a step: constant text as itself, a variable without formatters as its shared printer. */
function compileStep(node: Node, env: CompileEnv): Step {
  switch (node.type) {
    case 'text':
      return node.text;
    case 'keyword':
      return KEYWORD_TEXT[node.keyword];
    case 'comment':
      return '';
    case 'variable':
      if (node.formatters.length === 0 && node.vars.length === 1) return printer(node.vars[0]!);
      // A formatter is unknown: the tag is printed as it stands (see compileValue), as text with no closure.
      if (node.formatters.some((call) => call.resolved === null)) return node.source;
      return compileNode(node, env);
    default:
      return compileNode(node, env);
  }
}

function sequence(steps: readonly Step[], offsets: Int32Array, unit: SourceUnit): Exec {
  const n = steps.length;
  if (n === 0) return NOOP;
  const only = steps[0]!;
  if (n === 1 && typeof only === 'function') return only;
  if (n === 1 && typeof only === 'string') return emitText(only);
  return (ctx) => {
    for (let i = 0; i < n; i++) {
      const step = steps[i]!;
      if (typeof step === 'string') ctx.out += step;
      else if (typeof step === 'function') step(ctx);
      else {
        // A variable: its value, or the path read by the general rule past SHARED_PATHS.
        const v = step instanceof Printer ? step.get(ctx) : resolvePlain(ctx.frame, step.segs);
        write(ctx, typeof v === 'string' ? v : toText(v), unit, offsets[i]!);
      }
    }
  };
}

/**
 * Append `text`, a value (not constant text), to the output: unless it would take the page past maxOutput,
 * which stops the render at the instruction at `offset`, the page holding what came before it. Constant text
 * is bounded by the template, and checked at the next frame pushed and at the end of the render.
 */
function write(ctx: RenderContext, text: string, unit: SourceUnit, offset: number): void {
  if (ctx.out.length + text.length > ctx.maxOutput) ctx.outputExceeded({ unit, offset });
  ctx.out += text;
}

function emitText(text: string): Exec {
  return (ctx) => {
    ctx.out += text;
  };
}

/**
 * Getters and printers by path, shared by every tag that names the path (in any template): a huge template of
 * `{a}` then holds no closure per tag. Up to SHARED_PATHS distinct paths; past them a tag's path is read by
 * the general rule each time (resolvePlain), still without a closure of its own.
 */
const SHARED_PATHS = 4096;
const refGetters = new Map<string, Getter>();
const sectionGetters = new Map<string, Getter>();
const printers = new Map<string, Printer>();

function shared<T>(cache: Map<string, T>, ref: VarRef, make: (ref: VarRef) => T): T {
  let f = cache.get(ref.raw);
  if (f === undefined) {
    f = make(ref);
    if (cache.size < SHARED_PATHS) cache.set(ref.raw, f);
  }
  return f;
}

/** What prints a variable without formatters: its shared printer, or the path itself past SHARED_PATHS. */
function printer(ref: VarRef): Printer | VarRef {
  const p = printers.get(ref.raw);
  if (p !== undefined) return p;
  if (printers.size >= SHARED_PATHS) return ref;
  const print = new Printer(compileRef(ref));
  printers.set(ref.raw, print);
  return print;
}

export function compileNode(node: Node, env: CompileEnv): Exec {
  switch (node.type) {
    case 'text':
      return node.text === '' ? NOOP : emitText(node.text);
    case 'comment':
      return NOOP;
    case 'keyword':
      return emitText(KEYWORD_TEXT[node.keyword]);
    case 'variable': {
      // One closure that formats and writes (compileValue's commonest case), else the value's getter and a write.
      const value = compileValue(node.vars, node.formatters, env, true, node.offset);
      if (value === null) return emitText(node.source);
      if (node.formatters.length === 1) return value;
      const { unit } = env;
      const offset = node.offset;
      return (ctx) => {
        const v = value(ctx);
        write(ctx, typeof v === 'string' ? v : toText(v), unit, offset);
      };
    }
    case 'bindvar': {
      // `.var` runs its formatters where it stands: no frame for the value (the platform pushes none there),
      // but for the markup formatters that always have one (Formatter.scoped).
      const value = compileValue(node.vars, node.formatters, env, false);
      const name = flatName(node.name);
      // An unknown formatter leaves the tag as text, as in a variable tag (the platform does so for both).
      if (value === null) return emitText(node.source);
      if (node.formatters.length === 0) return (ctx) => ctx.setVar(name, value(ctx));
      const { unit } = env;
      const offset = node.offset;
      return (ctx) => {
        const v = value(ctx);
        // Text longer than the page may be could never be printed; and a formatter fed its own result
        // (`{.var @s @s|json}` again and again) would double it without writing anything.
        if (typeof v === 'string' && v.length > ctx.maxOutput) ctx.outputExceeded({ unit, offset });
        ctx.setVar(name, v);
      };
    }
    case 'ctxvar': {
      const name = flatName(node.name);
      const keys = node.bindings.map((b) => b.key);
      const getters = node.bindings.map((b) => compileRef(b.ref));
      return (ctx) => {
        const obj: Record<string, unknown> = {};
        for (let i = 0; i < keys.length; i++) {
          const v = getters[i]!(ctx);
          // A missing value is bound as null: the key is there, as on the platform.
          obj[keys[i]!] = v === undefined ? null : v;
        }
        ctx.setVar(name, obj);
      };
    }
    case 'section': {
      const get = compileSectionRef(node.path);
      const block = lazyBlock(node.block, env);
      const alt = compileAlternative(node.alternative, env);
      const site = siteAt(env, node.offset);
      // The reference pushes the value even when it takes the alternative: inside `{.or}` the current node is
      // the (falsy) section value, so `{.section x}` there looks in it, not in the enclosing node.
      return (ctx) => {
        const v = get(ctx);
        ctx.push(v, -1, false, site);
        if (isTruthy(v)) block(ctx);
        else if (alt !== null) alt(ctx);
        ctx.pop();
      };
    }
    case 'repeated': {
      const get = compileSectionRef(node.path);
      const block = lazyBlock(node.block, env);
      const between = node.alternatesWith === null ? null : lazyBlock(node.alternatesWith, env);
      const alt = compileAlternative(node.alternative, env);
      const site = siteAt(env, node.offset);
      return (ctx) => {
        const v = get(ctx);
        if (Array.isArray(v) && v.length > 0) {
          const n = v.length;
          // The list is a frame under its elements, as on the platform: `{1}` in the loop reads its second element.
          ctx.push(v, -1, false, site);
          for (let i = 0; i < n; i++) {
            const item: unknown = v[i];
            ctx.push(item, i, false, site);
            block(ctx);
            // The separator runs in the frame of the element before it, as the reference does.
            if (between !== null && i < n - 1) between(ctx);
            ctx.pop();
          }
          ctx.pop();
        } else if (alt !== null) alt(ctx);
      };
    }
    case 'predicate':
      return compileBranch(node.predicate, node.block, node.alternative, node.offset, env);
    case 'if':
      return compileIf(node, env);
    case 'macro': {
      const body = lazyBlock(node.block, env);
      const runnable: Runnable = { name: node.name, run: (ctx) => body(ctx), depth: node.depth };
      const name = node.name;
      return (ctx) => {
        (ctx.frame.macros ??= new Map()).set(name, runnable);
      };
    }
    case 'include': {
      const site = siteAt(env, node.offset);
      const name = node.name;
      const keepOutput = node.args.includes('output');
      return (ctx) => {
        ctx.site = site;
        if (!ctx.enableInclude) return ctx.error(ErrorCode.INCLUDE_DISABLED, messages.includeDisabled());
        ctx.include(name, keepOutput);
      };
    }
    case 'inject': {
      const site = siteAt(env, node.offset);
      const path = node.path;
      const name = flatName(node.name);
      return (ctx) => {
        const v = Object.hasOwn(ctx.injects, path) ? ctx.injects[path] : undefined;
        if (v === undefined) {
          ctx.site = site;
          ctx.warn(ErrorCode.INJECT_NOT_FOUND, messages.injectNotFound(path));
        }
        // A false value (0, false, empty text, null) binds nothing, as on the platform.
        ctx.setVar(name, v ? v : undefined);
      };
    }
    case 'eval':
      return compileEval(node, env);
  }
}

function siteAt(env: CompileEnv, offset: number): Site {
  return { unit: env.unit, offset };
}

/** Whether `f` runs with the tag's value as its frame: `scopes` in a variable tag, not in `.var` (Formatter.scoped). */
function runsScoped(f: Formatter, scopes: boolean): boolean {
  return f.scoped === 'always' || (scopes && f.scoped === true);
}

/**
 * The value of a variable list run through its formatters; null when a formatter is unknown (the tag is
 * then emitted as text, as the reference does).
 */
export function compileValue(
  vars: readonly VarRef[],
  calls: readonly FormatterCall[],
  env: CompileEnv,
  scopes = true,
  printAt = -1,
): Getter | null {
  const first = compileRef(vars[0]!);
  if (calls.length === 0) return first;
  if (calls.length === 1) {
    // The commonest case, `{x|apply p}`, with no list built (see singleFormatter for `printAt`).
    const call = calls[0]!;
    const r = call.resolved;
    if (r === null || r === undefined) return null;
    const scoped = runsScoped(r.impl, scopes);
    return singleFormatter(first, restOf(vars), r.impl, call.args, r.state, siteAt(env, call.offset), scoped, printAt);
  }
  for (const call of calls) if (call.resolved === null || call.resolved === undefined) return null;
  // The calls read as they are, and one array at its exact length: a tag of a huge template keeps them.
  const resolved = calls.map((c) => c.resolved!);
  const sites: Site[] = calls.map((c) => siteAt(env, c.offset));
  const rest = restOf(vars);
  const n = calls.length;
  const scoped = resolved.some((r) => runsScoped(r.impl, scopes));
  return (ctx) => {
    let v = first(ctx);
    let all: unknown[] | null = null;
    if (rest.length > 0) {
      all = [v];
      for (const g of rest) all.push(g(ctx));
    }
    // The variable's value as the current frame while its formatters run (see Formatter.scoped).
    if (scoped) ctx.push(v, -1, false, sites[0]!);
    let i = 0;
    try {
      for (; i < n; i++) {
        ctx.site = sites[i]!;
        const r = resolved[i]!;
        v = r.impl.format(v, calls[i]!.args, ctx, r.state, all);
        if (all !== null) all[0] = v;
      }
    } catch (e) {
      return formatterFailed(ctx, resolved[i]!.impl.name, e);
    } finally {
      if (scoped) ctx.pop();
    }
    return v;
  };
}

const NO_GETTERS: readonly Getter[] = [];

/** The getters of a variable list past its first (`{a, b, c|fmt}`), one array per list (a huge template shares lists). */
const restGetters = new WeakMap<readonly VarRef[], readonly Getter[]>();
function restOf(vars: readonly VarRef[]): readonly Getter[] {
  if (vars.length === 1) return NO_GETTERS;
  let rest = restGetters.get(vars);
  if (rest === undefined) restGetters.set(vars, (rest = vars.slice(1).map(compileRef)));
  return rest;
}

/**
 * compileValue's commonest case, one variable and one formatter (`{x|apply p}`): no loop, no list. With
 * `printAt` (the tag's offset, else -1) it also writes the value (see write) and returns nothing: one closure
 * per tag instead of two, memory per instruction of a huge template.
 */
function singleFormatter(
  get: Getter,
  rest: readonly Getter[],
  formatter: Formatter,
  args: readonly string[],
  state: unknown,
  site: Site,
  scoped: boolean,
  printAt: number,
): Getter {
  return (ctx) => {
    const v = get(ctx);
    let all: unknown[] | null = null;
    if (rest.length > 0) {
      all = [v];
      for (const g of rest) all.push(g(ctx));
    }
    ctx.site = site;
    if (scoped) ctx.push(v, -1, false, site);
    let r: unknown;
    try {
      r = formatter.format(v, args, ctx, state, all);
    } catch (e) {
      r = formatterFailed(ctx, formatter.name, e);
    } finally {
      if (scoped) ctx.pop();
    }
    if (printAt < 0) return r;
    write(ctx, typeof r === 'string' ? r : toText(r), site.unit, printAt);
    return undefined;
  };
}

/**
 * What a formatter that threw leaves: nothing, after reporting FORMATTER_FAILED; a budget that ran out goes on
 * stopping the render. Shared with generated code (its inline `apply`).
 */
export function formatterFailed(ctx: RenderContext, name: string, e: unknown): undefined {
  if (e instanceof BudgetExceeded) throw e; // the render is over, not this formatter
  ctx.error(ErrorCode.FORMATTER_FAILED, messages.formatterFailed(name, describe(e)));
  return undefined;
}

function describe(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** A variable reference, resolved by the general rule: walk the frames for the first segment. */
export function compileRef(ref: VarRef): Getter {
  return shared(refGetters, ref, refGetter);
}

function refGetter(ref: VarRef): Getter {
  const segs = ref.segs;
  const first = segs[0]!;
  const rest = segs.slice(1);
  let head: Getter;
  if (first === '@') head = (ctx) => ctx.frame.node;
  else if (first === '@index') head = (ctx) => lookupIndex(ctx.frame, 1);
  else if (first === '@index0') head = (ctx) => lookupIndex(ctx.frame, 0);
  else if (first.charCodeAt(0) === 64) {
    const name = flatName(first);
    head = (ctx) => lookupVar(ctx.frame, name);
  }
  else if (isPlainKey(first)) {
    const look = keyLookup(first);
    head = (ctx) => look(ctx.frame);
  }
  else head = (ctx) => lookupKey(ctx.frame, first);
  return withSteps(head, rest);
}

/** A section's path: a plain first segment is looked up in the current node only. */
export function compileSectionRef(ref: VarRef): Getter {
  return shared(sectionGetters, ref, sectionGetter);
}

function sectionGetter(ref: VarRef): Getter {
  const first = ref.segs[0]!;
  // `{.section @index}` finds nothing on the platform (the index is not a node of the tree).
  if (first === '@index' || first === '@index0') return () => undefined;
  if (first === '@') return compileRef(ref);
  if (first.charCodeAt(0) === 64) {
    // A section's `@name` is a variable of the current frame only, as on the platform (`{@name}` walks out).
    const name = flatName(first);
    const own: Getter = (ctx) => findVar(ctx.frame.vars, name)?.value;
    return withSteps(own, ref.segs.slice(1));
  }
  let head: Getter;
  if (isPlainKey(first)) {
    const own = keyStep(first);
    head = (ctx) => own(ctx.frame.node);
  } else {
    head = (ctx) => step(ctx.frame.node, first);
  }
  return withSteps(head, ref.segs.slice(1));
}

function withSteps(head: Getter, rest: readonly string[]): Getter {
  if (rest.length === 0) return head;
  if (rest.length === 1) {
    const a = rest[0]!;
    if (!isPlainKey(a)) return (ctx) => step(head(ctx), a);
    const sa = keyStep(a);
    return (ctx) => sa(head(ctx));
  }
  if (rest.length === 2 && isPlainKey(rest[0]!) && isPlainKey(rest[1]!)) {
    const sa = keyStep(rest[0]!);
    const sb = keyStep(rest[1]!);
    return (ctx) => sb(sa(head(ctx)));
  }
  return (ctx) => {
    let v = head(ctx);
    for (let i = 0; i < rest.length && v !== undefined; i++) v = stepAny(v, rest[i]!);
    return v;
  };
}

function compileAlternative(or: OrNode | null, env: CompileEnv): Exec | null {
  if (or === null) return null;
  if (or.predicate === null) {
    const block = lazyBlock(or.block, env);
    return (ctx) => block(ctx);
  }
  return compileBranch(or.predicate, or.block, or.alternative, or.offset, env);
}

/** A predicate with its block and alternative chain (`{.pred?}` and `{.or pred?}`). */
function compileBranch(
  call: PredicateCall,
  blockNodes: readonly Node[],
  alternative: OrNode | null,
  offset: number,
  env: CompileEnv,
): Exec {
  const block = lazyBlock(blockNodes, env);
  const alt = compileAlternative(alternative, env);
  const test = compilePredicate(call, offset, env);
  return (ctx) => {
    const holds = test(ctx);
    if (holds) block(ctx);
    else if (holds === false && alt !== null) alt(ctx);
  };
}

/**
 * A predicate's test: true or false, or undefined when the predicate failed (threw), which runs neither its
 * block nor any alternative of the chain, as on the platform (`{.same-day?}` of a date that is not one).
 */
export function compilePredicate(call: PredicateCall, offset: number, env: CompileEnv): (ctx: RenderContext) => boolean | undefined {
  const r = call.resolved;
  if (r === null || r === undefined) return () => false;
  const { impl, state } = r;
  // Path arguments get compiled getters now, when the block is first built, not at compile time.
  const args: PredicateArg[] = r.args.map((arg) =>
    arg.kind === 'literal'
      ? arg
      : { kind: 'path', path: arg.path, raw: arg.raw, get: compileRef({ raw: arg.raw, segs: arg.path }) as (ctx: PluginContext) => unknown },
  );
  const site = siteAt(env, offset);
  return (ctx) => {
    ctx.site = site;
    try {
      return impl.test(ctx, args, state);
    } catch (e) {
      if (e instanceof BudgetExceeded) throw e;
      ctx.error(ErrorCode.PREDICATE_FAILED, messages.predicateFailed(impl.name, describe(e)));
      return undefined;
    }
  };
}

/**
 * How many of an `.if`'s variables count: as on the platform, those joined by the first operator, up to where
 * the operator changes (`a && b || c` is `a && b`; the tree keeps the whole condition as written).
 */
export function ifOperands(node: IfNode): number {
  const ops = node.operators;
  let n = 1;
  while (n - 1 < ops.length && ops[n - 1] === ops[0]) n++;
  return n;
}

/** The condition of `{.if a && b || c}` (see ifOperands), short-circuit. */
export function compileIfTest(node: IfNode): (ctx: RenderContext) => boolean {
  const only = node.vars.length === 1 || ifOperands(node) === 1 ? node.vars[0] : undefined;
  if (only !== undefined) return shared(truthTests, only, truthTest);
  const getters = node.vars.slice(0, ifOperands(node)).map(compileRef);
  const ops = getters.slice(1).map(() => node.operators[0] === '&&');
  const first = getters[0]!;
  return (ctx) => {
    let result = isTruthy(first(ctx));
    for (let i = 0; i < ops.length; i++) {
      if (ops[i]) {
        if (result) result = isTruthy(getters[i + 1]!(ctx));
      } else if (!result) result = isTruthy(getters[i + 1]!(ctx));
    }
    return result;
  };
}

const truthTests = new Map<string, (ctx: RenderContext) => boolean>();

/** Whether `ref` is truthy (`{.if a}`), shared by path. */
function truthTest(ref: VarRef): (ctx: RenderContext) => boolean {
  const get = compileRef(ref);
  return (ctx) => isTruthy(get(ctx));
}

function compileIf(node: IfNode, env: CompileEnv): Exec {
  // `{.if }`: no condition, neither branch runs (as on the platform).
  if (node.vars.length === 0) return NOOP;
  const block = lazyBlock(node.block, env);
  const alt = compileAlternative(node.alternative, env);
  const test = compileIfTest(node);
  return (ctx) => {
    if (test(ctx)) block(ctx);
    else if (alt !== null) alt(ctx);
  };
}

function compileEval(node: EvalNode, env: CompileEnv): Exec {
  const site = siteAt(env, node.offset);
  const expression = node.expression;
  if (expression === null || expression === undefined) return NOOP;
  return (ctx) => {
    ctx.site = site;
    if (!ctx.enableExpressions) return ctx.error(ErrorCode.EXPRESSIONS_DISABLED, messages.expressionsDisabled());
    const limits =
      ctx.maxExpressionTokens === undefined && ctx.maxExpressionStringLength === undefined
        ? undefined
        : { maxTokens: ctx.maxExpressionTokens, maxStringLength: ctx.maxExpressionStringLength };
    const r = evaluateExpression(expression, ctx.exprScope, limits);
    if (!r.ok) return ctx.error(ErrorCode.EXPRESSION_EVAL, r.error);
    // As on the platform, an object or a list is not assigned to a template variable (it keeps what it held,
    // missing if nothing), and a missing value arrives as null (`{.eval @w = nosuch}{@w|json}` prints `null`).
    for (const [name, value] of r.assignments) {
      if (value === undefined) ctx.setVar(name, null);
      else if (typeof value !== 'object' || value === null) ctx.setVar(name, value);
    }
    // null, objects and arrays print nothing in a template, as on the platform.
    if (r.hasValue && (typeof r.value !== 'object' || r.value === undefined)) {
      const text = formatExprValue(r.value);
      if (ctx.out.length + text.length > ctx.maxOutput) ctx.outputExceeded(site);
      ctx.out += text;
    }
  };
}

/* ---------------------------------------------------------------- compile-time validation */

/**
 * The compile-time checks of one instruction as the assembler adds it to the tree (its own, not its block's):
 * resolve its formatters or predicate, prepare their arguments, parse its expression, and report each problem
 * with its position. Results are kept on the node for the builders. Done while assembling, it needs no second
 * walk of the tree (that walk, a megamorphic switch per node, was 8% of a page's compile).
 */
export function check(node: Node, env: Checks): void {
  switch (node.type) {
    case 'variable':
    case 'bindvar':
      for (const call of node.formatters) resolveFormatter(call, env);
      break;
    case 'predicate':
      resolvePredicate(node.predicate, node.offset, env);
      break;
    case 'eval':
      parseEval(node, env);
      break;
    default:
      break;
  }
}

/** "Did you mean" per name and plugin map, computed once: a template repeating one unknown name stays linear. */
const suggestions = new WeakMap<ReadonlyMap<string, unknown>, Map<string, string | null>>();
function suggestOnce(name: string, known: ReadonlyMap<string, unknown>): string | null {
  let byName = suggestions.get(known);
  if (byName === undefined) suggestions.set(known, (byName = new Map()));
  let s = byName.get(name);
  if (s === undefined) byName.set(name, (s = suggest(name, known.keys())));
  return s;
}

function resolveFormatter(call: FormatterCall, env: Checks): void {
  if (call.resolved !== undefined) return;
  const impl = env.plugins.formatters.get(call.name);
  if (impl === undefined) {
    call.resolved = null;
    addProblem(env.problems, {
      code: ErrorCode.UNKNOWN_FORMATTER,
      message: messages.unknownFormatter(call.name, suggestOnce(call.name, env.plugins.formatters)),
      offset: call.offset,
      severity: 'error',
    });
    return;
  }
  const { resolved, error } = prepareFormatter(impl, call.args);
  if (error !== undefined) addProblem(env.problems, { code: ErrorCode.FORMATTER_ARGS, message: error, offset: call.offset, severity: 'error' });
  call.resolved = resolved;
}

type PreparedFormatter = { readonly resolved: { readonly impl: Formatter; readonly state: unknown }; readonly error: string | undefined };

/**
 * Formatters prepared from a frozen argument list (a huge template's, shared by every tag written the same,
 * see parser.ts splitArgs): prepared once per formatter and list, as `prepare` depends on the arguments only.
 */
const preparedByArgs = new WeakMap<readonly string[], Map<Formatter, PreparedFormatter>>();

function prepareFormatter(impl: Formatter, args: readonly string[]): PreparedFormatter {
  // Nothing to prepare: no lookup by the list (a WeakMap entry for each new list costs more than it saves).
  if (impl.prepare === undefined) return unprepared(impl);
  const shared = Object.isFrozen(args);
  let byImpl = shared ? preparedByArgs.get(args) : undefined;
  const known = byImpl?.get(impl);
  if (known !== undefined) return known;
  const prepared = impl.prepare?.(args);
  const result: PreparedFormatter = {
    resolved: prepared?.state === undefined ? stateless(impl) : { impl, state: prepared.state },
    error: prepared?.error,
  };
  if (shared) {
    if (byImpl === undefined) preparedByArgs.set(args, (byImpl = new Map()));
    byImpl.set(impl, result);
  }
  return result;
}

/** A formatter without `prepare`, prepared: one result per formatter. */
const unpreparedFormatters = new WeakMap<Formatter, PreparedFormatter>();
function unprepared(impl: Formatter): PreparedFormatter {
  let r = unpreparedFormatters.get(impl);
  if (r === undefined) unpreparedFormatters.set(impl, (r = { resolved: stateless(impl), error: undefined }));
  return r;
}

/** A formatter without prepared state, resolved: one object per formatter, shared by all its calls. */
const statelessFormatters = new WeakMap<Formatter, { readonly impl: Formatter; readonly state: undefined }>();
function stateless(impl: Formatter): { readonly impl: Formatter; readonly state: undefined } {
  let r = statelessFormatters.get(impl);
  if (r === undefined) statelessFormatters.set(impl, (r = { impl, state: undefined }));
  return r;
}

/**
 * An `{.or pred?}` branch, or a predicate block (see check): resolved once, as a call may be shared by every tag
 * written the same (see predicateCalls and seenTags), its problem reported at each.
 */
export function resolvePredicate(call: PredicateCall, offset: number, env: Checks): void {
  if (call.resolved === undefined) resolvePredicateCall(call, env.plugins);
  const problem = call.problem;
  if (problem !== null && problem !== undefined) {
    addProblem(env.problems, { code: problem.code, message: problem.message, offset, severity: 'error' });
  }
}

function resolvePredicateCall(call: PredicateCall, plugins: PluginTable): void {
  const impl: Predicate | undefined = plugins.predicates.get(call.name);
  if (impl === undefined) {
    call.resolved = null;
    call.problem = {
      code: ErrorCode.UNKNOWN_PREDICATE,
      message: messages.unknownPredicate(call.name, suggestOnce(call.name, plugins.predicates)),
    };
    return;
  }
  const args: PredicateArg[] = call.args.map(parsePredicateArg);
  const prepared = impl.prepare?.(args, call.args);
  call.problem = prepared?.error !== undefined ? { code: ErrorCode.FORMATTER_ARGS, message: prepared.error } : null;
  call.resolved = { impl, args, state: prepared?.state };
}

/**
 * Predicate calls by their text (`equal? collection.typeName "index"`), one map per predicate table (a call is
 * resolved in it): parsed, their arguments read as JSON or paths and prepared once. Used for a huge template,
 * whose tags are not kept by their text (see parser.ts shareTags, which keeps the call with its tag otherwise).
 */
const PREDICATE_CALLS_LIMIT = 2000;
const predicateCallMaps = new WeakMap<PluginTable['predicates'], Map<string, PredicateCall>>();

export function predicateCalls(plugins: PluginTable): Map<string, PredicateCall> {
  return byPredicates(predicateCallMaps, plugins, PREDICATE_CALLS_LIMIT);
}

/** The tags seen before by their text (see parser.ts shareTags), per predicate table, bounded the same way. */
const seenTagMaps = new WeakMap<PluginTable['predicates'], Map<string, SeenTag>>();

export function seenTags(plugins: PluginTable): Map<string, SeenTag> {
  return byPredicates(seenTagMaps, plugins, SEEN_TAGS_LIMIT);
}

function byPredicates<T>(maps: WeakMap<PluginTable['predicates'], Map<string, T>>, plugins: PluginTable, limit: number): Map<string, T> {
  let map = maps.get(plugins.predicates);
  if (map === undefined) maps.set(plugins.predicates, (map = new Map()));
  else if (map.size >= limit) map.clear();
  return map;
}

/**
 * Parsed expressions by source. Templates repeat the same expressions (in loops of macros, across the pages
 * of a theme), and a parsed expression is immutable, so parsing each distinct one once is enough.
 */
const EXPRESSION_CACHE_LIMIT = 500;
const expressionCache = new Map<string, ReturnType<typeof parseExpression>>();

function parseCached(code: string): ReturnType<typeof parseExpression> {
  let parsed = expressionCache.get(code);
  if (parsed === undefined) {
    if (expressionCache.size >= EXPRESSION_CACHE_LIMIT) expressionCache.clear();
    expressionCache.set(code, (parsed = parseExpression(code)));
  }
  return parsed;
}

function parseEval(node: EvalNode, env: Checks): void {
  if (node.expression !== undefined) return;
  const parsed = parseCached(node.code);
  node.expression = parsed.error === null ? parsed.expression : null;
  if (node.expression === null) {
    addProblem(env.problems, {
      code: ErrorCode.EXPRESSION_PARSE,
      message: parsed.error ?? 'Expression could not be parsed',
      offset: node.offset,
      severity: 'error',
    });
  }
}

export { resolveIn };
