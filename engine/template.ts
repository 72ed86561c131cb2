/**
 * A compiled template: its source, tree, closures and compile-time problems. Compiled once, rendered many times.
 */
import { assemble } from './assembler.js';
import { compileRoot, type Checks, type CompileProblem, type Exec } from './compiler.js';
import { RenderContext, type Runnable, type SourceUnit, type TemplateSource } from './context.js';
import { BudgetExceeded, byOffset, DEFAULT_MAX_TEMPLATE_LENGTH, ErrorCode, MAX_ERRORS, messages, NestedTooDeeply } from './errors.js';
import type { RootNode } from './instructions.js';
import { LineMap } from './lexer.js';
import type { PluginTable } from './plugins/types.js';
import type { RenderOptions, TemplateError } from './types.js';

/** Problems that make a partial unusable ("Parse of partial … failed"), as opposed to local ones. */
const STRUCTURAL: ReadonlySet<string> = new Set([
  ErrorCode.TEMPLATE_TOO_LARGE,
  ErrorCode.NESTED_TOO_DEEPLY,
  ErrorCode.EOF_IN_BLOCK,
  ErrorCode.NOT_ALLOWED_AT_ROOT,
  ErrorCode.NOT_ALLOWED_IN_BLOCK,
  ErrorCode.DEAD_CODE,
  // An unknown formatter or predicate fails a partial's parse on the platform (the tag stays text only in the
  // page template itself).
  ErrorCode.UNKNOWN_FORMATTER,
  ErrorCode.UNKNOWN_PREDICATE,
]);

const NOT_COMPILED: Exec = () => {};

export class Template implements SourceUnit {
  readonly errors: readonly TemplateError[];
  /** Set when the template cannot be used as a partial; the first structural problem. */
  readonly structuralError: TemplateError | null;
  readonly runnable: Runnable;
  private readonly lines: LineMap;

  constructor(
    readonly source: string,
    readonly root: RootNode,
    readonly filename: string | undefined,
    plugins: PluginTable,
    /** Every compile-time problem, those of the structure first (sorted here by offset, in place, stably). */
    problems: CompileProblem[],
  ) {
    this.lines = new LineMap(source);
    const runnable: { name: string; run: Exec; depth: number; problems: readonly TemplateError[] } = {
      name: filename ?? '',
      run: NOT_COMPILED,
      depth: root.depth,
      problems: [],
    };
    // Set from outside compileRoot: a closure made there and stored into a parameter's field kept every
    // compiled template alive through young collections (compile ran at a third of its speed, in GC).
    runnable.run = compileRoot(root, { plugins, unit: this }, (run) => (runnable.run = run));
    problems.sort(byOffset);
    // Capped like a render's: a template of a million bad tags reports the first thousand.
    const errors = problems.slice(0, MAX_ERRORS).map((p) => this.toError(p));
    if (problems.length > MAX_ERRORS) {
      const last = errors[errors.length - 1]!;
      errors.push({ severity: 'warning', code: ErrorCode.TOO_MANY_ERRORS, message: messages.tooManyErrors(), line: last.line, column: last.column });
    }
    this.errors = errors;
    this.structuralError = this.errors.find((e, i) => STRUCTURAL.has(problems[i]!.code)) ?? null;
    runnable.problems = this.errors;
    this.runnable = runnable;
  }

  static compile(source: string, plugins: PluginTable, filename?: string, maxLength = DEFAULT_MAX_TEMPLATE_LENGTH): Template {
    if (source.length > maxLength) {
      // Refused at 1:1 with a one-character source: a template ten times the limit is not kept to map a position.
      return Template.refused(source.length > 0 ? ' ' : '', 0, plugins, filename, ErrorCode.TEMPLATE_TOO_LARGE, messages.templateTooLarge(source.length, maxLength));
    }
    try {
      // Instructions are checked as they are assembled: their problems follow those of the structure.
      const checks: Checks = { plugins, problems: [] };
      const { root, problems } = assemble(source, checks);
      return new Template(source, root, filename, plugins, checks.problems.length === 0 ? problems : problems.concat(checks.problems));
    } catch (e) {
      // At the tag that opens one block too many (see MAX_NESTING).
      if (e instanceof NestedTooDeeply) return Template.refused(source, e.offset, plugins, filename, ErrorCode.NESTED_TOO_DEEPLY, messages.nestedTooDeeply());
      // The recursive passes stay far from the end of the stack at MAX_NESTING; should one still reach it, the
      // template is refused all the same, never thrown.
      if (e instanceof RangeError) return Template.refused(source, 0, plugins, filename, ErrorCode.NESTED_TOO_DEEPLY, messages.nestedTooDeeply());
      throw e;
    }
  }

  /** An empty template carrying one structural error at `offset` of `source`, for a source that cannot be compiled. */
  private static refused(source: string, offset: number, plugins: PluginTable, filename: string | undefined, code: string, message: string): Template {
    const problem: CompileProblem = { code, message, offset, severity: 'error' };
    return new Template(source, { type: 'root', block: [], unreachable: [], depth: 0 }, filename, plugins, [problem]);
  }

  position(offset: number): { line: number; column: number } {
    return this.lines.position(offset);
  }

  private toError(p: CompileProblem): TemplateError {
    const { line, column } = this.position(p.offset);
    const e: TemplateError = { severity: p.severity, code: p.code, message: p.message, line, column };
    if (this.filename !== undefined) e.filename = this.filename;
    return e;
  }

  /** Render against `data`. Never throws: problems are collected with their positions. */
  render(data: unknown, options: RenderOptions, templates: TemplateSource): { html: string; errors: TemplateError[] } {
    const ctx = new RenderContext(data, options, templates, { unit: this, offset: 0 });
    ctx.nesting = this.root.depth;
    try {
      this.runnable.run(ctx);
      // Values are checked before they are written; constant text at each frame pushed and here, at the end.
      if (ctx.out.length > ctx.maxOutput) ctx.outputExceeded(ctx.site);
    } catch (e) {
      // Only a bug of ours can get here (plugins are guarded); keep what was rendered and say so.
      if (!(e instanceof BudgetExceeded) && ctx.budgetError === null) {
        ctx.error(ErrorCode.FORMATTER_FAILED, `Internal error while rendering: ${e instanceof Error ? e.message : String(e)}`);
      }
    }
    const result = { html: ctx.out, errors: ctx.errors };
    ctx.release();
    return result;
  }
}
