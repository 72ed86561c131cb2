/**
 * The `.eval` parser: tokens → statements in postfix order (shunting-yard), as the platform reads them.
 *
 * `;` ends a statement; each statement is parsed on its own. Within one, operands are not required to be
 * joined by operators: `1 2 3` leaves three values (the last counts), `1 + 2 3` is `1 (2 + 3)`, and a leading
 * binary operator takes whatever is on the stack when it is applied (`>0~1` is `0 > ~1`). `,` applies the
 * operators pending since the last `(`. A function's arguments are every value left between its parentheses.
 * Missing operands are not parse errors: they fail (or, for unary operators and `=`, do nothing) when the
 * statement runs. Unknown function names and unbalanced parentheses are parse errors.
 */
import type { OpSym, Token } from './lexer.js';

export type UnaryOp = '+' | '-' | '!' | '~';
export type BinaryOp = Exclude<OpSym, '!' | '~' | '='>;

/** One step of a statement in postfix order. */
export type Step =
  | { readonly k: 'lit'; readonly value: unknown }
  | { readonly k: 'ref'; readonly path: readonly string[] }
  | { readonly k: 'unary'; readonly op: UnaryOp }
  | { readonly k: 'binary'; readonly op: BinaryOp }
  /** `=`: assigns the top value to the `@name` under it, then ends the statement, which leaves no value. */
  | { readonly k: 'assign' }
  /** Where a function's arguments start. */
  | { readonly k: 'args' }
  | { readonly k: 'call'; readonly name: string };

export type Statement = readonly Step[];

export type ParseResult = { statements: Statement[]; error: null } | { statements: null; error: string };

export const FUNCTIONS: ReadonlySet<string> = new Set(['max', 'min', 'abs', 'num', 'str', 'bool']);

/** Binding power of binary operators (higher binds tighter) and whether they associate to the right. */
const BINARY: ReadonlyMap<OpSym, { prec: number; right: boolean }> = new Map<OpSym, { prec: number; right: boolean }>([
  ['**', { prec: 14, right: true }],
  ['*', { prec: 13, right: false }],
  ['/', { prec: 13, right: false }],
  ['%', { prec: 13, right: false }],
  ['+', { prec: 12, right: false }],
  ['-', { prec: 12, right: false }],
  ['<<', { prec: 11, right: false }],
  ['>>', { prec: 11, right: false }],
  ['<', { prec: 10, right: false }],
  ['>', { prec: 10, right: false }],
  ['<=', { prec: 10, right: false }],
  ['>=', { prec: 10, right: false }],
  ['==', { prec: 9, right: false }],
  ['!=', { prec: 9, right: false }],
  ['===', { prec: 9, right: false }],
  ['!==', { prec: 9, right: false }],
  ['&', { prec: 8, right: false }],
  ['^', { prec: 7, right: false }],
  ['|', { prec: 6, right: false }],
  ['&&', { prec: 5, right: false }],
  ['||', { prec: 4, right: false }],
  ['=', { prec: 3, right: true }],
]);

/** Prefix operators bind tighter than any binary one (`-2 ** 2` is 4). */
const UNARY_PREC = 15;

/** An entry of the operator stack: an operator waiting for its operands, a `(`, or a function's `(`. */
type Pending = { readonly k: 'op'; readonly step: Step; readonly prec: number } | { readonly k: '(' } | { readonly k: 'fn'; readonly name: string };

class ParseError {
  constructor(readonly message: string) {}
}

/** Deeper nesting than this is refused (it would only exhaust the stack). */
export const MAX_DEPTH = 256;
export const tooDeep = 'Expression is nested too deeply';

const mismatched = (what: '(' | ')'): ParseError => new ParseError(`Mismatched operator found: ${what}`);

function statement(tokens: readonly Token[], from: number, to: number): Statement {
  const out: Step[] = [];
  const ops: Pending[] = [];
  let depth = 0;
  /** Whether the previous token ends an operand: then `+`/`-` are binary, else unary. */
  let afterOperand = false;
  const popUntilParen = (): Pending | undefined => {
    for (let top = ops.pop(); top !== undefined; top = ops.pop()) {
      if (top.k !== 'op') return top;
      out.push(top.step);
    }
    return undefined;
  };
  for (let i = from; i < to; i++) {
    const tok = tokens[i]!;
    switch (tok.t) {
      case 'num':
      case 'str':
      case 'const':
        out.push({ k: 'lit', value: tok.value });
        afterOperand = true;
        break;
      case 'ref':
        out.push({ k: 'ref', path: tok.path });
        afterOperand = true;
        break;
      case 'func':
        if (!FUNCTIONS.has(tok.name)) throw new ParseError(`Invalid function ${tok.name}`);
        i++; // its `(`
        if (++depth > MAX_DEPTH) throw new ParseError(tooDeep);
        ops.push({ k: 'fn', name: tok.name });
        out.push({ k: 'args' });
        afterOperand = false;
        break;
      case '(':
        if (++depth > MAX_DEPTH) throw new ParseError(tooDeep);
        ops.push({ k: '(' });
        afterOperand = false;
        break;
      case ')': {
        const open = popUntilParen();
        if (open === undefined) throw mismatched(')');
        depth--;
        if (open.k === 'fn') out.push({ k: 'call', name: open.name });
        afterOperand = true;
        break;
      }
      case 'sep': {
        // A `,`: apply the operators pending since the innermost `(`.
        const open = popUntilParen();
        if (open !== undefined) ops.push(open);
        afterOperand = false;
        break;
      }
      case 'op': {
        const op = tok.op;
        if (op === '!' || op === '~' || (!afterOperand && (op === '+' || op === '-'))) {
          if (ops.length > MAX_DEPTH) throw new ParseError(tooDeep);
          ops.push({ k: 'op', step: { k: 'unary', op }, prec: UNARY_PREC });
        } else {
          const info = BINARY.get(op)!;
          for (let top = ops[ops.length - 1]; top !== undefined && top.k === 'op'; top = ops[ops.length - 1]) {
            if (top.prec < info.prec || (top.prec === info.prec && info.right)) break;
            out.push(top.step);
            ops.pop();
          }
          ops.push({ k: 'op', step: op === '=' ? { k: 'assign' } : { k: 'binary', op: op as BinaryOp }, prec: info.prec });
        }
        afterOperand = false;
        break;
      }
    }
  }
  if (popUntilParen() !== undefined) throw mismatched('(');
  return out;
}

export function parse(tokens: readonly Token[]): ParseResult {
  try {
    const statements: Statement[] = [];
    let start = 0;
    for (let i = 0; i <= tokens.length; i++) {
      const tok = tokens[i];
      if (tok !== undefined && !(tok.t === 'sep' && tok.semi)) continue;
      statements.push(statement(tokens, start, i));
      start = i + 1;
    }
    return { statements, error: null };
  } catch (e) {
    if (e instanceof ParseError) return { statements: null, error: e.message };
    throw e;
  }
}
