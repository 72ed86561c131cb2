/**
 * `.eval` evaluation. Each statement (postfix steps) is turned into closures once, at parse time, by running
 * the platform's value stack symbolically: every stack entry becomes a closure, so running a statement touches
 * no stack and allocates nothing but the strings and the assignment map it produces.
 *
 * Semantics, as the platform: a binary operator short of operands fails ("Invalid arguments to operator OP"),
 * a unary one does nothing; `=` assigns the top value to the `@name` under it (a bare single-segment `@name`,
 * else nothing) and ends the statement, which then leaves no value; a function takes every value left between
 * its parentheses. A statement's value is its top entry (every entry is evaluated, in order, for its errors).
 * Operands that are objects or arrays fail with "Invalid arguments to operator OP"; arithmetic and bitwise
 * operators convert with `toNumber`; `+` concatenates when either side is a string; comparisons and equality
 * use JavaScript's own rules on the raw values (a missing value counts as null); `!`, `&&`, `||` give
 * booleans (both sides of `&&`/`||` are evaluated).
 */
import type { BinaryOp, Statement, UnaryOp } from './parser.js';
import type { ExprScope } from './types.js';
import { toNumber, toStr, truthy } from './values.js';

/** Per-evaluation state. */
export interface State {
  readonly scope: ExprScope;
  /** Variables assigned so far (keys include the `@`); created on the first assignment. */
  vars: Map<string, unknown> | null;
  /** Maximum length of a concatenation result. */
  readonly maxStr: number;
  /** Set by runProgram: whether the last statement left a value. */
  hasValue: boolean;
}

type Fn = (st: State) => unknown;

/** A compiled program: one closure per statement that has steps (an empty one, like `()`, does not count). */
export interface Program {
  readonly fns: readonly Fn[];
}

/** What a statement that ends in an assignment, or leaves an empty stack, is worth: nothing. */
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
  return typeof v === 'object' && v !== null;
}

/** For comparisons: a missing value counts as null. */
const raw = (v: unknown): unknown => (v === undefined ? null : v);

/** Deeper expression trees than this are refused at parse time (evaluation recurses once per level). */
export const MAX_TREE_DEPTH = 1000;

export class TooDeep {}

/** A value-stack entry at compile time: its closure, its depth, and its name when it is a bare `@name`. */
interface Entry {
  readonly fn: Fn;
  readonly depth: number;
  readonly name?: string | undefined;
}

/** Compile parsed statements. Throws TooDeep when a tree is deeper than MAX_TREE_DEPTH. */
export function compileProgram(statements: readonly Statement[]): Program {
  return { fns: statements.filter((s) => s.length > 0).map(compileStatement) };
}

/** Run a program: returns the value of the last statement (see `st.hasValue`). Throws ExprFailure. */
export function runProgram(p: Program, st: State): unknown {
  let value: unknown = NOVALUE;
  const { fns } = p;
  for (let i = 0; i < fns.length; i++) value = fns[i]!(st);
  st.hasValue = value !== NOVALUE;
  return value === NOVALUE ? undefined : value;
}

/** Evaluates every entry in order; answers the last one's value (NOVALUE when there are none). */
function all(entries: readonly Entry[]): Fn {
  const fns = entries.map((e) => e.fn);
  if (fns.length === 0) return () => NOVALUE;
  if (fns.length === 1) return fns[0]!;
  return (st) => {
    let v: unknown = NOVALUE;
    for (let i = 0; i < fns.length; i++) v = fns[i]!(st);
    return v;
  };
}

function compileStatement(steps: Statement): Fn {
  /** The value stack of each open function call; the statement's own is the first. */
  const frames: Entry[][] = [[]];
  const pushed = (fn: Fn, depth: number, name?: string): void => {
    if (depth > MAX_TREE_DEPTH) throw new TooDeep();
    frames[frames.length - 1]!.push({ fn, depth, name });
  };
  for (const step of steps) {
    const stack = frames[frames.length - 1]!;
    switch (step.k) {
      case 'lit': {
        const v = step.value;
        pushed(() => v, 0);
        break;
      }
      case 'ref': {
        const first = step.path[0]!;
        const bare = step.path.length === 1 && first.length > 1 && first.charCodeAt(0) === 64; /* @ */
        pushed(compileRef(step.path), 0, bare ? first : undefined);
        break;
      }
      case 'unary': {
        const a = stack.pop();
        if (a !== undefined) pushed(compileUnary(step.op, a.fn), a.depth + 1);
        break;
      }
      case 'binary': {
        if (stack.length < 2) {
          const before = all(frames.flat());
          const failure = invalidArgs(step.op);
          return (st) => {
            before(st);
            throw failure;
          };
        }
        const b = stack.pop()!;
        const a = stack.pop()!;
        pushed(compileBinary(step.op, a.fn, b.fn), Math.max(a.depth, b.depth) + 1);
        break;
      }
      case 'assign': {
        const entries = frames.flat();
        const target = stack.length >= 2 ? stack[stack.length - 2]!.name : undefined;
        const before = all(entries);
        if (target === undefined) {
          return (st) => {
            before(st);
            return NOVALUE;
          };
        }
        return (st) => {
          (st.vars ??= new Map()).set(target, before(st));
          return NOVALUE;
        };
      }
      case 'args':
        frames.push([]);
        break;
      case 'call': {
        const args = frames.pop()!;
        pushed(compileCall(step.name, args.map((e) => e.fn)), Math.max(0, ...args.map((e) => e.depth)) + 1);
        break;
      }
    }
  }
  // A statement may not leave an object or a list on top: the platform fails the whole evaluation.
  const value = all(frames.flat());
  return (st) => {
    const v = value(st);
    if (bad(v) && v !== NOT_A_VALUE) throw unexpectedToken;
    return v;
  };
}

const unexpectedToken = new ExprFailure('unexpected token on stack');

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

/**
 * What a unary operator makes of an object or a list, as the platform: no error, but a value that prints
 * nothing, fails any binary operator and is skipped by the functions (like an object).
 */
const NOT_A_VALUE: object = Object.freeze({});

function compileUnary(op: UnaryOp, arg: Fn): Fn {
  switch (op) {
    case '+':
      return (st) => {
        const a = arg(st);
        return bad(a) ? NOT_A_VALUE : toNumber(a);
      };
    case '-':
      return (st) => {
        const a = arg(st);
        return bad(a) ? NOT_A_VALUE : -toNumber(a);
      };
    case '!':
      return (st) => {
        const a = arg(st);
        return bad(a) ? NOT_A_VALUE : !truthy(a);
      };
    case '~':
      return (st) => {
        const a = arg(st);
        return bad(a) ? NOT_A_VALUE : ~toNumber(a);
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
          if (bad(a)) continue;
          const v = toNumber(a);
          if (m === undefined || (isMax ? !(v < m) : !(v > m))) m = v;
        }
        if (m === undefined) throw callFailed(name);
        return m;
      };
    }
    case 'abs':
    case 'num':
    case 'str':
    case 'bool': {
      // As the platform: the first argument that is not an object or a list counts (the others are still
      // evaluated); with none, the call fails.
      if (n === 0) return () => { throw callFailed(name); };
      const a: Fn =
        n === 1
          ? args[0]!
          : (st) => {
              let first: unknown = NOVALUE;
              for (let i = 0; i < n; i++) {
                const v = args[i]!(st);
                if (first === NOVALUE && !bad(v)) first = v;
              }
              if (first === NOVALUE) throw callFailed(name);
              return first;
            };
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
