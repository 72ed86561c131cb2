/**
 * Error codes and messages. Every problem is a value (code, message, position), never an exception.
 * Messages follow the wording of the spec and of the reference engine where they have one.
 */

export const ErrorCode = {
  /** A tag that starts like an instruction (`{.`) but does not parse; it is emitted as text. */
  NOT_AN_INSTRUCTION: 'NOT_AN_INSTRUCTION',
  UNKNOWN_FORMATTER: 'UNKNOWN_FORMATTER',
  UNKNOWN_PREDICATE: 'UNKNOWN_PREDICATE',
  EOF_IN_BLOCK: 'EOF_IN_BLOCK',
  NOT_ALLOWED_AT_ROOT: 'NOT_ALLOWED_AT_ROOT',
  NOT_ALLOWED_IN_BLOCK: 'NOT_ALLOWED_IN_BLOCK',
  DEAD_CODE: 'DEAD_CODE',
  UNTERMINATED_COMMENT: 'UNTERMINATED_COMMENT',
  FORMATTER_ARGS: 'FORMATTER_ARGS',
  FORMATTER_FAILED: 'FORMATTER_FAILED',
  PREDICATE_FAILED: 'PREDICATE_FAILED',
  PARTIAL_NOT_FOUND: 'PARTIAL_NOT_FOUND',
  PARTIAL_PARSE_FAILED: 'PARTIAL_PARSE_FAILED',
  RECURSION_DEPTH: 'RECURSION_DEPTH',
  EXPRESSION_PARSE: 'EXPRESSION_PARSE',
  EXPRESSION_EVAL: 'EXPRESSION_EVAL',
  EXPRESSIONS_DISABLED: 'EXPRESSIONS_DISABLED',
  INCLUDE_DISABLED: 'INCLUDE_DISABLED',
  INJECT_NOT_FOUND: 'INJECT_NOT_FOUND',
  TOO_MANY_ERRORS: 'TOO_MANY_ERRORS',
  BUDGET_EXCEEDED: 'BUDGET_EXCEEDED',
  TEMPLATE_TOO_LARGE: 'TEMPLATE_TOO_LARGE',
  NESTED_TOO_DEEPLY: 'NESTED_TOO_DEEPLY',
} as const;

export type ErrorCodeName = (typeof ErrorCode)[keyof typeof ErrorCode];

/** The recursion limit for partials and macros. */
export const MAX_PARTIAL_DEPTH = 16;

/**
 * How deep blocks may nest: the blocks open at once (each `{.or}` of a block counts as one more, an else-if
 * being one level deeper), in a template and, during a render, across the partials and macros it applies.
 * Real themes nest a few dozen; at this limit compile, generated code and render stay far from the stack's end.
 */
export const MAX_NESTING = 1000;

/** Thrown by the assembler at the tag that opens one block too many; Template.compile refuses the template. */
export class NestedTooDeeply extends Error {
  constructor(readonly offset: number) {
    super('nested too deeply');
  }
}

/** A render reports at most this many problems (a broken loop body would otherwise report per element). */
export const MAX_ERRORS = 1000;

/**
 * Adds a compile problem to `list`, which keeps only what a compile reports: the first MAX_ERRORS by offset,
 * and one more to tell that there were more. Sorted by offset (stably) and cut when it doubles, so a huge
 * template of bad tags keeps a few thousand problems, not one per tag with its message.
 */
export function addProblem<P extends { readonly offset: number }>(list: P[], problem: P): void {
  list.push(problem);
  if (list.length >= 4 * MAX_ERRORS) {
    list.sort(byOffset);
    list.length = MAX_ERRORS + 1;
  }
}

export function byOffset(a: { readonly offset: number }, b: { readonly offset: number }): number {
  return a.offset - b.offset;
}

/** Default work budget of one render: instructions run (sections, loop elements, applies) and output size. */
export const DEFAULT_MAX_STEPS = 1_000_000;
export const DEFAULT_MAX_OUTPUT = 20_000_000;
/** Default largest template source compiled, in characters. */
export const DEFAULT_MAX_TEMPLATE_LENGTH = 2_000_000;

/** Thrown inside a render when its budget runs out; caught by Template.render, never seen by callers. */
export class BudgetExceeded extends Error {}

export const messages = {
  budgetExceeded: (what: string, limit: number) => `Render stopped: it exceeded its budget of ${limit} ${what}`,
  templateTooLarge: (length: number, limit: number) =>
    `Template is too large (${length} characters, the limit is ${limit}); nothing is rendered`,
  nestedTooDeeply: () => `Blocks are nested more than ${MAX_NESTING} deep; nothing is rendered`,
  applyNestedTooDeeply: (name: string) => `Attempt to apply '${name}' would nest blocks more than ${MAX_NESTING} deep`,
  unknownFormatter: (name: string, suggestion: string | null) =>
    `Formatter '${name}' is unknown${didYouMean(suggestion)}`,
  unknownPredicate: (name: string, suggestion: string | null) =>
    `Predicate '${name}' is unknown${didYouMean(suggestion)}`,
  eofInBlock: (what: string) => `Reached EOF in the middle of ${what}: it is never closed with {.end}`,
  notAllowedAtRoot: (tag: string) => `Instruction ${tag} is not allowed at root`,
  notAllowedInBlock: (tag: string, block: string) => `Instruction ${tag} is not allowed inside ${block}`,
  deadCode: () => 'This block will never execute: it follows a plain {.or}, which always runs',
  unterminatedComment: () => 'Multi-line comment {## is never closed with ##}: the rest of the template is ignored',
  notAnInstruction: (tag: string, why: string) => `${tag} looks like an instruction but ${why}; it is output as text`,
  partialNotFound: (name: string) => `Attempt to apply partial '${name}' which could not be found.`,
  partialParseFailed: (name: string, detail: string) => `Parse of partial "${name}" failed: ${detail}`,
  recursionDepth: (name: string) =>
    `Attempt to apply partial '${name}' exceeded maximum recursion depth of ${MAX_PARTIAL_DEPTH}`,
  formatterFailed: (name: string, detail: string) => `Formatter '${name}' failed: ${detail}`,
  predicateFailed: (name: string, detail: string) => `Predicate '${name}' failed: ${detail}`,
  expressionsDisabled: () => 'Expressions are disabled: {.eval} is ignored',
  includeDisabled: () => 'Include is disabled: {.include} is ignored',
  injectNotFound: (path: string) => `Nothing to inject at '${path}'`,
  tooManyErrors: () => `More than ${MAX_ERRORS} problems; the rest are not reported`,
};

function didYouMean(s: string | null): string {
  return s ? `. Did you mean '${s}'?` : '';
}

/** The closest known name, if it is close enough to be a likely typo. */
export function suggest(name: string, known: Iterable<string>): string | null {
  let best: string | null = null;
  let bestDistance = Infinity;
  const lower = name.toLowerCase();
  for (const candidate of known) {
    const d = editDistance(lower, candidate.toLowerCase());
    if (d < bestDistance) {
      bestDistance = d;
      best = candidate;
    }
  }
  const limit = Math.max(2, Math.floor(name.length / 3));
  return bestDistance <= limit ? best : null;
}

/** Levenshtein distance with two rows. */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  let prev = new Array<number>(b.length + 1);
  let cur = new Array<number>(b.length + 1);
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
    }
    [prev, cur] = [cur, prev];
  }
  return prev[b.length]!;
}
