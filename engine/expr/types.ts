/** The public types of the `.eval` expression language. */

export interface ExprLimits {
  /** Maximum number of tokens an expression may have. */
  maxTokens?: number;
  /** Maximum length of a string built by concatenation. Default DEFAULT_MAX_STRING_LENGTH (1,000,000). */
  maxStringLength?: number;
}

/** A parsed expression. Opaque beyond its source: only `evaluateExpression` looks inside. */
export interface Expression {
  readonly source: string;
}

export interface ExprScope {
  /**
   * The template engine's normal variable resolution. `path` is the dot-split reference, e.g. ['a','b','0'],
   * ['@index'], ['@'], ['@width'], ['$foo','$bar']. Returns undefined when missing.
   */
  resolve(path: readonly string[]): unknown;
}

export type ExprResult =
  /** `value`: value of the last expression that leaves one; `hasValue` false if none did. */
  | { ok: true; value: unknown; hasValue: boolean; assignments: Map<string, unknown> }
  | { ok: false; error: string };
