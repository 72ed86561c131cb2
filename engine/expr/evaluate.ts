/**
 * `.eval` evaluation. The expression tree is turned into closures once (at parse time); running them touches
 * no tree and allocates nothing but the strings and the assignment map it produces.
 *
 * Semantics: operands that are objects or arrays, or absent, fail with "Invalid arguments to operator OP";
 * arithmetic and bitwise operators convert with `toNumber`; `+` concatenates when either side is a string;
 * comparisons and equality use JavaScript's own rules on the raw values (a missing value counts as null);
 * `!`, `&&`, `||` give booleans (both sides of `&&`/`||` are evaluated). Assignment (`@name = v`) records `v`
 * in the evaluation's own variables, read back before the scope; as an operand it is worth `v`, but an
 * expression that is an assignment leaves no value.
 */
import type { BinaryOp, Node, UnaryOp } from './parser.js';
import type { ExprScope } from './types.js';
import { toNumber, toStr, truthy } from './values.js';

/** Per-evaluation state. */
export interface State {
  readonly scope: ExprScope;
  /** Variables assigned so far (keys include the `@`); created on the first assignment. */
  vars: Map<string, unknown> | null;
  /** Maximum length of a concatenation result. */
  readonly maxStr: number;
  /** Set by runProgram: whether some expression left a value. */
  hasValue: boolean;
}

type Fn = (st: State) => unknown;

/** A compiled expression sequence: one closure per expression, and whether it is an assignment. */
export interface Program {
  readonly fns: readonly Fn[];
  readonly assigns: readonly boolean[];
}

/** What an absent operand, an empty group or a sequence of assignments is worth: nothing. */
const NOVALUE: unique symbol = Symbol('novalue');

/** An evaluation failure (not an Error: no stack trace is captured). */
export class ExprFailure {
  constructor(readonly message: string) {}
}

const invalidArgs = (op: string): ExprFailure => new ExprFailure(`Invalid arguments to operator ${op}`);
const callFailed = (name: string): ExprFailure => new ExprFailure(`Error calling function ${name}`);
export const concatTooLong = (n: number): string => `Concatenation would exceed maximum string length ${n}`;

/** An operand must be a scalar (or missing). */
function bad(v: unknown): boolean {
  return typeof v === 'object' ? v !== null : v === NOVALUE;
}

/** For comparisons: a missing value counts as null. */
const raw = (v: unknown): unknown => (v === undefined ? null : v);

/** Deeper expression trees than this are refused at parse time (evaluation recurses once per level). */
export const MAX_TREE_DEPTH = 1000;

export class TooDeep {}

/** Compile parsed statements. Throws TooDeep when a tree is deeper than MAX_TREE_DEPTH. */
export function compileProgram(statements: readonly Node[]): Program {
  return { fns: statements.map((s) => compile(s, 0)), assigns: statements.map((s) => s.k === 'assign') };
}

/** Run a program: returns the value of the last expression that leaves one (see `st.hasValue`). Throws ExprFailure. */
export function runProgram(p: Program, st: State): unknown {
  let value: unknown = undefined;
  let hasValue = false;
  const { fns, assigns } = p;
  for (let i = 0; i < fns.length; i++) {
    const v = fns[i]!(st);
    if (!assigns[i] && v !== NOVALUE) {
      value = v;
      hasValue = true;
    }
  }
  st.hasValue = hasValue;
  return value;
}

function compile(node: Node, depth: number): Fn {
  if (depth > MAX_TREE_DEPTH) throw new TooDeep();
  const d = depth + 1;
  switch (node.k) {
    case 'lit': {
      const v = node.value;
      return () => v;
    }
    case 'missing':
      return () => NOVALUE;
    case 'ref':
      return compileRef(node.path);
    case 'unary':
      return compileUnary(node.op, compile(node.arg, d));
    case 'binary':
      return compileBinary(node.op, compile(node.left, d), compile(node.right, d));
    case 'assign': {
      const name = node.name;
      const value = compile(node.value, d);
      return (st) => {
        const v = value(st);
        if (v === NOVALUE) throw invalidArgs('=');
        (st.vars ??= new Map()).set(name, v);
        return v;
      };
    }
    case 'badassign':
      return () => {
        throw invalidArgs('=');
      };
    case 'call':
      return compileCall(node.name, node.args.map((a) => compile(a, d)));
    case 'seq': {
      const fns = node.items.map((item) => compile(item, d));
      const assigns = node.items.map((s) => s.k === 'assign');
      return (st) => {
        let value: unknown = NOVALUE;
        for (let i = 0; i < fns.length; i++) {
          const v = fns[i]!(st);
          if (!assigns[i] && v !== NOVALUE) value = v;
        }
        return value;
      };
    }
  }
}

/** One step down a path: array index or own property. */
function step(v: unknown, seg: string): unknown {
  if (typeof v !== 'object' || v === null) return undefined;
  if (Array.isArray(v)) {
    const c = seg.charCodeAt(0);
    return c >= 48 && c <= 57 ? v[Number(seg)] : undefined;
  }
  return Object.prototype.hasOwnProperty.call(v, seg) ? (v as Record<string, unknown>)[seg] : undefined;
}

function compileRef(path: readonly string[]): Fn {
  const first = path[0]!;
  if (first.length < 2 || first.charCodeAt(0) !== 64 /* @ */) return (st) => st.scope.resolve(path);
  // `@name…` may have been assigned earlier in this evaluation.
  return (st) => {
    const vars = st.vars;
    if (vars === null || !vars.has(first)) return st.scope.resolve(path);
    let v = vars.get(first);
    for (let i = 1; i < path.length && v !== undefined; i++) v = step(v, path[i]!);
    return v;
  };
}

function compileUnary(op: UnaryOp, arg: Fn): Fn {
  switch (op) {
    case '+':
      return (st) => {
        const a = arg(st);
        if (bad(a)) throw invalidArgs(op);
        return toNumber(a);
      };
    case '-':
      return (st) => {
        const a = arg(st);
        if (bad(a)) throw invalidArgs(op);
        return -toNumber(a);
      };
    case '!':
      return (st) => {
        const a = arg(st);
        if (bad(a)) throw invalidArgs(op);
        return !truthy(a);
      };
    case '~':
      return (st) => {
        const a = arg(st);
        if (bad(a)) throw invalidArgs(op);
        return ~toNumber(a);
      };
  }
}

/** A numeric binary operator: both operands converted with toNumber. */
function numeric(op: BinaryOp, l: Fn, r: Fn, f: (a: number, b: number) => number): Fn {
  return (st) => {
    const a = l(st);
    const b = r(st);
    if (typeof a === 'number' && typeof b === 'number') return f(a, b);
    if (bad(a) || bad(b)) throw invalidArgs(op);
    return f(toNumber(a), toNumber(b));
  };
}

/** A comparison or equality: JavaScript's rules on the raw values. */
function relational(op: BinaryOp, l: Fn, r: Fn, f: (a: unknown, b: unknown) => boolean): Fn {
  return (st) => {
    const a = l(st);
    const b = r(st);
    if (bad(a) || bad(b)) throw invalidArgs(op);
    return f(raw(a), raw(b));
  };
}

function logical(op: BinaryOp, l: Fn, r: Fn, and: boolean): Fn {
  return (st) => {
    const a = l(st);
    const b = r(st);
    if (bad(a) || bad(b)) throw invalidArgs(op);
    return and ? truthy(a) && truthy(b) : truthy(a) || truthy(b);
  };
}

// JavaScript's relational operators on unknown values; the casts only quiet the type checker.
type N = number;
const lt = (a: unknown, b: unknown): boolean => (a as N) < (b as N);
const gt = (a: unknown, b: unknown): boolean => (a as N) > (b as N);
const le = (a: unknown, b: unknown): boolean => (a as N) <= (b as N);
const ge = (a: unknown, b: unknown): boolean => (a as N) >= (b as N);
const eq = (a: unknown, b: unknown): boolean => a == b;
const ne = (a: unknown, b: unknown): boolean => a != b;
const seq = (a: unknown, b: unknown): boolean => a === b;
const sne = (a: unknown, b: unknown): boolean => a !== b;

function compileBinary(op: BinaryOp, l: Fn, r: Fn): Fn {
  switch (op) {
    case '+':
      return (st) => {
        const a = l(st);
        const b = r(st);
        if (typeof a === 'number' && typeof b === 'number') return a + b;
        if (bad(a) || bad(b)) throw invalidArgs(op);
        if (typeof a === 'string' || typeof b === 'string') {
          const sa = toStr(a);
          const sb = toStr(b);
          if (sa.length + sb.length > st.maxStr) throw new ExprFailure(concatTooLong(st.maxStr));
          return sa + sb;
        }
        return toNumber(a) + toNumber(b);
      };
    case '-':
      return numeric(op, l, r, (a, b) => a - b);
    case '*':
      return numeric(op, l, r, (a, b) => a * b);
    case '/':
      return numeric(op, l, r, (a, b) => a / b);
    case '%':
      return numeric(op, l, r, (a, b) => a % b);
    case '**':
      return numeric(op, l, r, (a, b) => a ** b);
    case '<<':
      return numeric(op, l, r, (a, b) => a << b);
    case '>>':
      return numeric(op, l, r, (a, b) => a >> b);
    case '&':
      return numeric(op, l, r, (a, b) => a & b);
    case '^':
      return numeric(op, l, r, (a, b) => a ^ b);
    case '|':
      return numeric(op, l, r, (a, b) => a | b);
    case '<':
      return relational(op, l, r, lt);
    case '>':
      return relational(op, l, r, gt);
    case '<=':
      return relational(op, l, r, le);
    case '>=':
      return relational(op, l, r, ge);
    case '==':
      return relational(op, l, r, eq);
    case '!=':
      return relational(op, l, r, ne);
    case '===':
      return relational(op, l, r, seq);
    case '!==':
      return relational(op, l, r, sne);
    case '&&':
      return logical(op, l, r, true);
    case '||':
      return logical(op, l, r, false);
  }
}

/** Evaluate one function argument: it must be a scalar (or missing). */
function arg(name: string, f: Fn, st: State): unknown {
  const v = f(st);
  if (bad(v)) throw callFailed(name);
  return v;
}

function compileCall(name: string, args: readonly Fn[]): Fn {
  const n = args.length;
  switch (name) {
    case 'max':
    case 'min': {
      if (n === 0) return () => { throw callFailed(name); };
      const isMax = name === 'max';
      // As the platform: objects and arrays are skipped, and each other argument replaces the result unless it
      // is strictly smaller (max) or larger (min), so NaN wins only when it comes last (`max(1, NaN)` is NaN,
      // `max(NaN, 1)` is 1).
      return (st) => {
        let m: number | undefined;
        for (let i = 0; i < n; i++) {
          const a = args[i]!(st);
          if (a === NOVALUE) throw callFailed(name);
          if (bad(a)) continue;
          const v = toNumber(a);
          if (m === undefined || (isMax ? !(v < m) : !(v > m))) m = v;
        }
        return m ?? null;
      };
    }
    case 'abs':
    case 'num':
    case 'str':
    case 'bool': {
      if (n !== 1) return () => { throw callFailed(name); };
      const a = args[0]!;
      switch (name) {
        case 'abs':
          return (st) => Math.abs(toNumber(arg(name, a, st)));
        case 'num':
          return (st) => toNumber(arg(name, a, st));
        case 'str':
          return (st) => toStr(arg(name, a, st));
        default:
          return (st) => truthy(arg(name, a, st));
      }
    }
    default: {
      const message = `Invalid function ${name}`;
      return () => {
        throw new ExprFailure(message);
      };
    }
  }
}
