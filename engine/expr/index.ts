/**
 * The `.eval` expression language: parse once at template compile time, evaluate at render time.
 * Neither entry point throws.
 */
import { tokenize, tooManyTokens } from './lexer.js';
import { parse, tooDeep } from './parser.js';

const stringTooLong = 'Expression result is too long: a string grew past the largest the runtime can build';
import { compileProgram, ExprFailure, runProgram, TooDeep, type Program, type State } from './evaluate.js';
import type { ExprLimits, ExprResult, ExprScope, Expression } from './types.js';

export type { ExprLimits, ExprResult, ExprScope, Expression } from './types.js';
export { formatExprValue } from './values.js';

/**
 * The longest string a concatenation may build when the caller sets no limit. The spec makes the limit
 * optional; without one, a string doubled in a few statements (`@s = @s + @s`) reaches hundreds of megabytes
 * before anything else can stop it (the runtime's own limit is half a billion characters). A theme's
 * expressions build short text: a million characters stops such growth after a few megabytes.
 */
export const DEFAULT_MAX_STRING_LENGTH = 1_000_000;

/** Our Expression: the source plus its compiled program. */
class CompiledExpression implements Expression {
  constructor(
    readonly source: string,
    readonly tokenCount: number,
    readonly program: Program,
  ) {}
}

/** The assignment map returned when an evaluation assigns nothing. Shared: it refuses to be modified. */
const NO_ASSIGNMENTS = new Map<string, unknown>();
Object.defineProperty(NO_ASSIGNMENTS, 'set', {
  value: () => {
    throw new TypeError('The empty assignment map is read-only');
  },
});

/** Parse once at template compile time. Never throws. */
export function parseExpression(
  source: string,
  limits?: ExprLimits,
): { expression: Expression | null; error: string | null } {
  try {
    const lexed = tokenize(source, limits?.maxTokens);
    if (lexed.error !== null) return { expression: null, error: lexed.error };
    const parsed = parse(lexed.tokens);
    if (parsed.error !== null) return { expression: null, error: parsed.error };
    const program = compileProgram(parsed.statements);
    return { expression: new CompiledExpression(source, lexed.tokens.length, program), error: null };
  } catch (e) {
    return { expression: null, error: e instanceof TooDeep || e instanceof RangeError ? tooDeep : `Invalid expression: ${String(e)}` };
  }
}

/**
 * Evaluate at render time. Never throws. Assignments (`@name = ...`) are visible to later reads of `@name`
 * within the same evaluation and are returned so the caller can bind them; on failure there are none.
 */
export function evaluateExpression(e: Expression, scope: ExprScope, limits?: ExprLimits): ExprResult {
  let compiled: CompiledExpression;
  if (e instanceof CompiledExpression) compiled = e;
  else {
    // Not one of ours (a bare `{source}`): compile it now.
    const parsed = parseExpression(e.source);
    if (parsed.error !== null || !(parsed.expression instanceof CompiledExpression)) {
      return { ok: false, error: parsed.error ?? 'Invalid expression' };
    }
    compiled = parsed.expression;
  }
  let maxStr = DEFAULT_MAX_STRING_LENGTH;
  if (limits !== undefined) {
    const { maxTokens, maxStringLength } = limits;
    if (maxTokens !== undefined && compiled.tokenCount > maxTokens) return { ok: false, error: tooManyTokens(maxTokens) };
    if (maxStringLength !== undefined) maxStr = maxStringLength;
  }
  const st: State = { scope, vars: null, maxStr, hasValue: false };
  try {
    const value = runProgram(compiled.program, st);
    return { ok: true, value, hasValue: st.hasValue, assignments: st.vars ?? NO_ASSIGNMENTS };
  } catch (err) {
    if (err instanceof ExprFailure) return { ok: false, error: err.message };
    // Only a stack overflow means "too deep"; a string too long to build is a RangeError too ("Invalid string length").
    if (err instanceof RangeError && /call stack/i.test(err.message)) return { ok: false, error: tooDeep };
    if (err instanceof RangeError) return { ok: false, error: stringTooLong };
    return { ok: false, error: `Error evaluating expression: ${err instanceof Error ? err.message : String(err)}` };
  }
}
