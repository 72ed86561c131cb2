/**
 * The `.eval` parser: tokens → expression tree (precedence climbing).
 *
 * A source is a sequence of expressions, separated by `;`, `,` or simply juxtaposed (`1 2 3`): an expression
 * ends where no binary operator continues it. Parentheses group (and may hold a sequence: its value is the
 * value of the last expression that leaves one). A missing operand (`1 +`, `* 2`) is not a parse error: like
 * the reference, it fails at evaluation ("Invalid arguments to operator +"). The same goes for assignment to
 * anything but a single-segment `@name`, and for unknown function names.
 */
import type { OpSym, Token } from './lexer.js';

export type UnaryOp = '+' | '-' | '!' | '~';
export type BinaryOp = Exclude<OpSym, '!' | '~' | '='>;

export type Node =
  | { readonly k: 'lit'; readonly value: unknown }
  | { readonly k: 'ref'; readonly path: readonly string[] }
  | { readonly k: 'unary'; readonly op: UnaryOp; readonly arg: Node }
  | { readonly k: 'binary'; readonly op: BinaryOp; readonly left: Node; readonly right: Node }
  /** `@name = value`; `name` includes the `@`. */
  | { readonly k: 'assign'; readonly name: string; readonly value: Node }
  /** `=` with something other than a single-segment `@name` on its left. */
  | { readonly k: 'badassign'; readonly left: Node; readonly value: Node }
  | { readonly k: 'call'; readonly name: string; readonly args: readonly Node[] }
  /** A parenthesised sequence of zero or several expressions. */
  | { readonly k: 'seq'; readonly items: readonly Node[] }
  /** An operand that is absent. */
  | { readonly k: 'missing' };

export type ParseResult = { statements: Node[]; error: null } | { statements: null; error: string };

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

const MISSING: Node = { k: 'missing' };

class ParseError {
  constructor(readonly message: string) {}
}

/** Deeper nesting than this is refused (it would only exhaust the stack). */
export const MAX_DEPTH = 256;
export const tooDeep = 'Expression is nested too deeply';

const mismatched = (what: '(' | ')'): ParseError => new ParseError(`Mismatched operator found: ${what}`);

export function parse(tokens: readonly Token[]): ParseResult {
  let pos = 0;
  let depth = 0;
  const n = tokens.length;
  const enter = (): void => {
    if (++depth > MAX_DEPTH) throw new ParseError(tooDeep);
  };

  /** Expressions up to the end of input (`inParens` false) or the closing parenthesis (consumed). */
  const sequence = (inParens: boolean): Node[] => {
    const items: Node[] = [];
    for (;;) {
      const tok = tokens[pos];
      if (tok === undefined) {
        if (inParens) throw mismatched('(');
        return items;
      }
      if (tok.t === ')') {
        if (!inParens) throw mismatched(')');
        pos++;
        return items;
      }
      if (tok.t === 'sep') {
        pos++;
        continue;
      }
      items.push(expression(0));
    }
  };

  const expression = (minPrec: number): Node => {
    enter();
    let left = unary();
    for (;;) {
      const tok = tokens[pos];
      if (tok === undefined || tok.t !== 'op') break;
      const info = BINARY.get(tok.op);
      if (info === undefined || info.prec < minPrec) break;
      pos++;
      const right = expression(info.right ? info.prec : info.prec + 1);
      if (tok.op === '=') left = assignment(left, right);
      else left = { k: 'binary', op: tok.op as BinaryOp, left, right };
    }
    depth--;
    return left;
  };

  const assignment = (left: Node, value: Node): Node => {
    if (left.k === 'ref' && left.path.length === 1) {
      const name = left.path[0]!;
      if (name.length > 1 && name.charCodeAt(0) === 64 /* @ */) return { k: 'assign', name, value };
    }
    return { k: 'badassign', left, value };
  };

  const unary = (): Node => {
    const tok = tokens[pos];
    if (tok !== undefined && tok.t === 'op' && (tok.op === '+' || tok.op === '-' || tok.op === '!' || tok.op === '~')) {
      pos++;
      enter();
      const arg = unary();
      depth--;
      return { k: 'unary', op: tok.op, arg };
    }
    return primary();
  };

  const primary = (): Node => {
    const tok = tokens[pos];
    if (tok === undefined) return MISSING;
    switch (tok.t) {
      case 'num':
      case 'str':
      case 'const':
        pos++;
        return { k: 'lit', value: tok.value };
      case 'ref':
        pos++;
        return { k: 'ref', path: tok.path };
      case 'func':
        pos += 2; // the name and its `(`
        return { k: 'call', name: tok.name, args: sequence(true) };
      case '(': {
        pos++;
        const items = sequence(true);
        return items.length === 1 ? items[0]! : { k: 'seq', items };
      }
      default:
        // A binary-only operator, a separator or `)`: the operand is absent.
        return MISSING;
    }
  };

  try {
    const statements = sequence(false);
    if (pos !== n) throw mismatched(')');
    return { statements, error: null };
  } catch (e) {
    if (e instanceof ParseError) return { statements: null, error: e.message };
    throw e;
  }
}
