/**
 * Adapters that put our engine and the reference engine (@squarespace/template-engine) behind one
 * interface, so the runner times both the same way.
 *
 * Partials are prepared once per case outside the timings (compiled into each engine's own form), so a
 * render measures rendering only: ours would otherwise hit its partials cache while the reference would
 * reparse every partial on every execution.
 */
import { Compiler } from '@squarespace/template-engine';

/** Fixed "now" so date formatting is the same in every run and in both engines (2024-01-15T12:00Z). */
export const BENCH_NOW = Date.UTC(2024, 0, 15, 12, 0, 0);

export interface RenderCheck {
  html: string;
  /** Compile and render problems, as text. */
  errors: string[];
}

export interface EngineAdapter<Compiled = unknown, Partials = unknown> {
  readonly name: string;
  /** Compiles a template once. */
  compile(source: string): Compiled;
  /** Turns partial sources into what `render` takes (compiled partials, options; once per case, not timed). */
  preparePartials(partials: Record<string, string>): Partials;
  /** Renders a compiled template. */
  render(compiled: Compiled, data: unknown, partials: Partials): string;
  /** Compiles and renders once, collecting every problem (for output checks, not timed). */
  check(source: string, data: unknown, partials: Partials): RenderCheck;
}

/* ---------------------------------------------------------------- the reference engine */

type RefCode = ReturnType<Compiler['parse']>['code'];
type RefPartials = NonNullable<Parameters<Compiler['execute']>[0]>['partials'];

function errorText(e: unknown): string {
  if (e !== null && typeof e === 'object' && 'message' in e) return String((e as { message: unknown }).message);
  return String(e);
}

/** The reference engine: `new Compiler().parse(src).code`, then `execute({code, json, ...}).ctx.render()`. */
export function referenceAdapter(): EngineAdapter<RefCode, RefPartials> {
  const compiler = new Compiler();
  const exec = (code: string | RefCode, json: unknown, partials: RefPartials) =>
    compiler.execute({ code, json, partials, now: BENCH_NOW, enableExpr: true, enableInclude: true });
  return {
    name: 'reference',
    compile: (source) => compiler.parse(source).code,
    preparePartials(partials) {
      const out: NonNullable<RefPartials> = {};
      // RootCode from parse() is accepted in place of source; the types call it Code vs RootCode.
      for (const [name, src] of Object.entries(partials)) out[name] = compiler.parse(src).code as NonNullable<RefPartials>[string];
      return out;
    },
    render: (code, data, partials) => exec(code, data, partials).ctx.render(),
    check(source, data, partials) {
      const parsed = compiler.parse(source);
      const result = exec(parsed.code, data, partials);
      return { html: result.ctx.render(), errors: [...parsed.errors, ...result.errors].map(errorText) };
    },
  };
}

/* ---------------------------------------------------------------- our engine */

type OursModule = typeof import('../engine/index.js');
type OursTemplate = ReturnType<OursModule['compile']>['template'];
type OursRenderOptions = NonNullable<Parameters<OursModule['render']>[2]>;

export type LoadResult<T> = { ok: true; adapter: T } | { ok: false; reason: string };

/**
 * Our engine, loaded dynamically from `../engine/index.js` so the benchmark still runs (reference only)
 * while the engine is incomplete. Fails with a reason if it cannot be imported or lacks compile/render.
 */
export async function loadOursAdapter(): Promise<LoadResult<EngineAdapter<OursTemplate, OursRenderOptions>>> {
  let mod: Partial<OursModule>;
  try {
    mod = await import('../engine/index.js');
  } catch (e) {
    return { ok: false, reason: `our engine (engine/index.js) could not be loaded: ${errorText(e)}` };
  }
  const { compile, render } = mod;
  if (typeof compile !== 'function' || typeof render !== 'function') {
    return { ok: false, reason: 'our engine (engine/index.js) does not export compile() and render() yet' };
  }
  // the render options, partials included, are built once per case so a render call allocates nothing extra
  const adapter: EngineAdapter<OursTemplate, OursRenderOptions> = {
    name: 'ours',
    compile: (source) => compile(source).template,
    preparePartials(partials) {
      const compiled: Record<string, OursTemplate> = {};
      for (const [name, src] of Object.entries(partials)) compiled[name] = compile(src, { filename: name }).template;
      return { partials: compiled, now: BENCH_NOW, enableExpressions: true, enableInclude: true };
    },
    render: (template, data, options) => render(template, data, options).html,
    check(source, data, options) {
      const compiled = compile(source);
      const result = render(compiled.template, data, options);
      const errors = [...compiled.errors, ...result.errors]
        .filter((e) => e.severity === 'error')
        .map((e) => `${e.line}:${e.column} ${e.code}: ${e.message}`);
      return { html: result.html, errors };
    },
  };
  return { ok: true, adapter };
}

/* ---------------------------------------------------------------- output comparison */

export type OutputDiff = { identical: true } | { identical: false; offset: number; ours: string; reference: string };

/** Compares two outputs; on a difference gives the first differing offset and ~80 chars around it from each. */
export function diffOutputs(ours: string, reference: string, context = 80): OutputDiff {
  if (ours === reference) return { identical: true };
  let offset = 0;
  const n = Math.min(ours.length, reference.length);
  while (offset < n && ours.charCodeAt(offset) === reference.charCodeAt(offset)) offset++;
  const from = Math.max(0, offset - Math.floor(context / 2));
  const to = from + context;
  return { identical: false, offset, ours: ours.slice(from, to), reference: reference.slice(from, to) };
}

/** One-line description of a diff (multi-line when different). */
export function describeDiff(d: OutputDiff): string {
  if (d.identical) return 'identical';
  return [
    `differ at offset ${d.offset}:`,
    `  ours:      ${JSON.stringify(d.ours)}`,
    `  reference: ${JSON.stringify(d.reference)}`,
  ].join('\n');
}
