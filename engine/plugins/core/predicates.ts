/**
 * The core predicates. With one argument a comparison tests the current node against it; with two, the
 * arguments against each other. Arguments are JSON literals or variable paths (see args.ts).
 */
import { argValue } from '../args.js';
import type { PluginContext, Predicate, PredicateArg } from '../types.js';
import { compareValues, isTruthy, toNumber, valuesEqual } from '../../values.js';

/** The two sides of a comparison: (node, arg0) or (arg0, arg1). */
function sides(ctx: PluginContext, args: readonly PredicateArg[]): [unknown, unknown] {
  if (args.length >= 2) return [argValue(ctx, args[0]!), argValue(ctx, args[1]!)];
  return [ctx.node, args.length === 1 ? argValue(ctx, args[0]!) : undefined];
}

/** JSON equality, missing equal to null (shared with the inline equality of generated code). */
export const jsonEqual = valuesEqual;

/** An ordering test on the platform's comparison of the two sides (see `compareValues`). */
function comparison(name: string, test: (order: number) => boolean): Predicate {
  return {
    name,
    test(ctx, args) {
      // Without arguments every comparison is false on the platform (notEqual? too).
      if (args.length === 0) return false;
      const [a, b] = sides(ctx, args);
      return test(compareValues(a, b));
    },
  };
}

/**
 * The current node, or the value of the first argument when there is one: always read as a path, even when
 * it looks like a number (`{.even? 4}` reads the key "4"), as the platform does for `even?` and `odd?`.
 */
function subject(ctx: PluginContext, args: readonly PredicateArg[]): unknown {
  if (args.length === 0) return ctx.node;
  const arg = args[0]!;
  return arg.kind === 'path' ? argValue(ctx, arg) : ctx.resolvePath(arg.raw.split('.'));
}

function integer(v: unknown): number | null {
  return typeof v === 'number' && Number.isInteger(v) ? v : null;
}

export const CORE_PREDICATES: Predicate[] = [
  { name: 'debug?', test: (ctx) => isTruthy(ctx.resolve('debug')) },
  {
    name: 'equal?',
    test(ctx, args) {
      if (args.length === 0) return false;
      const [a, b] = sides(ctx, args);
      return jsonEqual(a, b);
    },
  },
  {
    name: 'notEqual?',
    test(ctx, args) {
      if (args.length === 0) return false;
      const [a, b] = sides(ctx, args);
      return !jsonEqual(a, b);
    },
  },
  comparison('greaterThan?', (o) => o > 0),
  comparison('greaterThanOrEqual?', (o) => o >= 0),
  comparison('lessThan?', (o) => o < 0),
  comparison('lessThanOrEqual?', (o) => o <= 0),
  {
    name: 'even?',
    test(ctx, args) {
      const n = integer(subject(ctx, args));
      return n !== null && n % 2 === 0;
    },
  },
  {
    name: 'odd?',
    test(ctx, args) {
      const n = integer(subject(ctx, args));
      return n !== null && Math.abs(n % 2) === 1;
    },
  },
  {
    name: 'nth?',
    test(ctx, args) {
      // Exactly two arguments: the value and its divisor; otherwise the current node and the first argument
      // (a third, even an empty one from a doubled or trailing space, goes back to the node), as the platform.
      const pair = args.length === 2;
      const value = integer(pair ? argValue(ctx, args[0]!) : ctx.node);
      const m = integer(args.length === 0 ? undefined : argValue(ctx, args[pair ? 1 : 0]!));
      return value !== null && m !== null && m !== 0 && value % m === 0;
    },
  },
  // The current node read as a number (a numeric string counts); any arguments are ignored, as the platform does.
  { name: 'plural?', test: (ctx) => toNumber(ctx.node) > 1 },
  { name: 'singular?', test: (ctx) => toNumber(ctx.node) === 1 },
];

/**
 * Background source enumeration of the spec: upload 1, instagram 2, video 3, none 4; and undefined -1, which
 * the spec leaves out and the reference engine has (`background-source-undefined?`).
 */
const BACKGROUND_SOURCES = { undefined: -1, upload: 1, instagram: 2, video: 3, none: 4 } as const;

export const PLATFORM_PREDICATES: Predicate[] = Object.entries(BACKGROUND_SOURCES).map(([kind, code]) => ({
  name: `background-source-${kind}?`,
  test: (ctx: PluginContext) => {
    const node = ctx.node;
    if (typeof node !== 'object' || node === null) return false;
    const source = (node as { backgroundSource?: unknown }).backgroundSource;
    // Compared as the platform does, loosely: "2", " 2" and 2 are instagram, true is upload; objects never match.
    return (typeof source !== 'object' || source === null) && source == code;
  },
}));
