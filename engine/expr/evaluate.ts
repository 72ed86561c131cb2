/**
 * `.eval` evaluation. Each statement (postfix steps) is turned into closures once, at parse time, by running
 * the platform's value stack symbolically: every stack entry becomes a closure, so running a statement touches
 * no stack. The one shape whose stack depends on the data (a unary operator on an object inside a function's
 * arguments, see `call`) is run by a small stack machine instead; both share the operations below.
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

/**
 * A value-stack entry at compile time: its closure, its depth, its name when it is a bare `@name`, and whether
 * a unary operator made it (so it may turn out to be NOT_A_VALUE).
 */
interface Entry {
  readonly fn: Fn;
  readonly depth: number;
  readonly name?: string | undefined;
  readonly unary?: boolean;
}

/** The name a variable reference can be assigned to: a single-segment `@name`. */
function bareName(path: readonly string[]): string | undefined {
  const first = path[0]!;
  return path.length === 1 && first.length > 1 && first.charCodeAt(0) === 64 /* @ */ ? first : undefined;
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
  const pushed = (fn: Fn, depth: number, name?: string, unary = false): void => {
    if (depth > MAX_TREE_DEPTH) throw new TooDeep();
    frames[frames.length - 1]!.push({ fn, depth, name, unary });
  };
  for (const step of steps) {
    const stack = frames[frames.length - 1]!;
    switch (step.k) {
      case 'lit': {
        const v = step.value;
        pushed(() => v, 0);
        break;
      }
      case 'ref':
        pushed(compileRef(step.path), 0, bareName(step.path));
        break;
      case 'unary': {
        const a = stack.pop();
        if (a !== undefined) pushed(compileUnary(step.op, a.fn), a.depth + 1, undefined, true);
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
        // An argument a unary operator made may be NOT_A_VALUE, which changes the stack: the machine runs it.
        if (args.some((e) => e.unary)) return machine(steps);
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

function unaryValue(op: UnaryOp, a: unknown): unknown {
  if (bad(a)) return NOT_A_VALUE;
  switch (op) {
    case '+':
      return toNumber(a);
    case '-':
      return -toNumber(a);
    case '!':
      return !truthy(a);
    case '~':
      return ~toNumber(a);
  }
}

function compileUnary(op: UnaryOp, arg: Fn): Fn {
  return (st) => unaryValue(op, arg(st));
}

// JavaScript's operators on unknown values; the casts only quiet the type checker.
type N = number;
const NUMERIC: Partial<Record<BinaryOp, (a: number, b: number) => number>> = {
  '-': (a, b) => a - b,
  '*': (a, b) => a * b,
  '/': (a, b) => a / b,
  '%': (a, b) => a % b,
  '**': (a, b) => a ** b,
  '<<': (a, b) => a << b,
  '>>': (a, b) => a >> b,
  '&': (a, b) => a & b,
  '^': (a, b) => a ^ b,
  '|': (a, b) => a | b,
};
const RELATIONAL: Partial<Record<BinaryOp, (a: unknown, b: unknown) => boolean>> = {
  '<': (a, b) => (a as N) < (b as N),
  '>': (a, b) => (a as N) > (b as N),
  '<=': (a, b) => (a as N) <= (b as N),
  '>=': (a, b) => (a as N) >= (b as N),
  '==': (a, b) => a == b,
  '!=': (a, b) => a != b,
  '===': (a, b) => a === b,
  '!==': (a, b) => a !== b,
  '&&': (a, b) => truthy(a) && truthy(b),
  '||': (a, b) => truthy(a) || truthy(b),
};

function binaryValue(op: BinaryOp, a: unknown, b: unknown, st: State): unknown {
  if (op === '+' && typeof a === 'number' && typeof b === 'number') return a + b;
  if (bad(a) || bad(b)) throw invalidArgs(op);
  if (op === '+') {
    if (typeof a === 'string' || typeof b === 'string') {
      const sa = toStr(a);
      const sb = toStr(b);
      if (sa.length + sb.length > st.maxStr) throw new ExprFailure(concatTooLong(st.maxStr));
      return sa + sb;
    }
    return toNumber(a) + toNumber(b);
  }
  const numeric = NUMERIC[op];
  if (numeric !== undefined) return numeric(toNumber(a), toNumber(b));
  return RELATIONAL[op]!(raw(a), raw(b));
}

function compileBinary(op: BinaryOp, l: Fn, r: Fn): Fn {
  const numeric = NUMERIC[op];
  // The frequent case inline: two numbers.
  if (numeric !== undefined) {
    return (st) => {
      const a = l(st);
      const b = r(st);
      return typeof a === 'number' && typeof b === 'number' ? numeric(a, b) : binaryValue(op, a, b, st);
    };
  }
  return (st) => binaryValue(op, l(st), r(st), st);
}

/**
 * A function on its argument values, as the platform: objects and lists are skipped; `max`/`min` take every
 * other argument (each replaces the result unless strictly smaller for max, larger for min, so NaN wins only
 * when it comes last), the others the first; with none, the call fails.
 */
function callValue(name: string, args: readonly unknown[]): unknown {
  if (name === 'max' || name === 'min') {
    const isMax = name === 'max';
    let m: number | undefined;
    for (const a of args) {
      if (bad(a)) continue;
      const v = toNumber(a);
      if (m === undefined || (isMax ? !(v < m) : !(v > m))) m = v;
    }
    if (m === undefined) throw callFailed(name);
    return m;
  }
  const a = args.find((v) => !bad(v));
  if (a === undefined && !args.some((v) => v === undefined)) throw callFailed(name);
  switch (name) {
    case 'abs':
      return Math.abs(toNumber(a));
    case 'num':
      return toNumber(a);
    case 'str':
      return toStr(a);
    default:
      return truthy(a);
  }
}

function compileCall(name: string, args: readonly Fn[]): Fn {
  return (st) => callValue(name, args.map((f) => f(st)));
}

/** Where a function's arguments start on the machine's stack. */
const ARGS: unique symbol = Symbol('args');

/**
 * The stack machine for a statement whose stack shape depends on the data: a function's call takes the values
 * above its start, but stops at a value a unary operator made of an object, which stays on the stack (with the
 * start) under the call's result, as on the platform (`1 - max(!o, 3)` fails: `-` meets that value).
 */
function machine(steps: Statement): Fn {
  const refs = steps.map((step) => (step.k === 'ref' ? compileRef(step.path) : null));
  return (st) => {
    const stack: unknown[] = [];
    const names: (string | undefined)[] = [];
    const push = (v: unknown, name?: string): void => {
      stack.push(v);
      names.push(name);
    };
    const pop = (): unknown => {
      names.pop();
      return stack.pop();
    };
    for (let i = 0; i < steps.length; i++) {
      const step = steps[i]!;
      switch (step.k) {
        case 'lit':
          push(step.value);
          break;
        case 'ref':
          push(refs[i]!(st), bareName(step.path));
          break;
        case 'unary':
          if (stack.length > 0 && stack[stack.length - 1] !== ARGS) push(unaryValue(step.op, pop()));
          break;
        case 'binary': {
          if (stack.length < 2) throw invalidArgs(step.op);
          const b = pop();
          const a = pop();
          if (a === ARGS || b === ARGS) throw invalidArgs(step.op);
          push(binaryValue(step.op, a, b, st));
          break;
        }
        case 'assign': {
          const target = names[names.length - 2];
          if (stack.length >= 2 && target !== undefined) (st.vars ??= new Map()).set(target, stack[stack.length - 1]);
          return NOVALUE;
        }
        case 'args':
          push(ARGS);
          break;
        case 'call': {
          const args: unknown[] = [];
          while (stack.length > 0 && stack[stack.length - 1] !== NOT_A_VALUE) {
            const v = pop();
            if (v === ARGS) break;
            args.unshift(v);
          }
          push(callValue(step.name, args));
          break;
        }
      }
    }
    const v = stack.length === 0 ? NOVALUE : stack[stack.length - 1];
    if (v === ARGS || (bad(v) && v !== NOT_A_VALUE)) throw unexpectedToken;
    return v;
  };
}
