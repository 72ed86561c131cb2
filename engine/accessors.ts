/**
 * Property access specialised per key. A shared `v[key]` with a variable key sees every key and every
 * object shape of a page and goes megamorphic (a slow generic lookup each time). Generating one small
 * function per key gives each key its own inline cache, so `{item.title}` reads `title` as fast as
 * hand-written code would. Only plain keys come here (see `isPlainKey`); keys are embedded as JSON string
 * literals, so no template text can change the generated code.
 */
import { type Frame, lookupPlainKey, plainStep } from './context.js';

type Step = (v: unknown) => unknown;
type Lookup = (frame: Frame) => unknown;

/** Past this many distinct keys (a template generator gone wild), fall back to the generic forms. */
const MAX_KEYS = 4096;

const steps = new Map<string, Step>();
const lookups = new Map<string, Lookup>();

/**
 * Source that sets `target` to `target[key]` (undefined for a null or undefined `target`). Shared with the
 * generated templates (codegen.ts), which write it out at each use.
 */
export function stepSource(target: string, key: string): string {
  return `${target} = ${target} === null || ${target} === undefined ? undefined : ${target}[${JSON.stringify(key)}];\n`;
}

/**
 * Source that sets `target` to `key` of the first frame, innermost outward from `frame` (never null), whose
 * node has it, stopping at a private frame. Uses the variables `f` and `n`.
 */
export function lookupSource(target: string, key: string, frame: string): string {
  return (
    `f = ${frame}; ${target} = undefined;\n` +
    `for (;;) { n = f.node; if (n !== null && n !== undefined && (${target} = n[${JSON.stringify(key)}]) !== undefined) break; ` +
    `if (f.stop || (f = f.parent) === null) break; }\n`
  );
}

/** `v[key]`, undefined for null or undefined `v`. */
export function keyStep(key: string): Step {
  let f = steps.get(key);
  if (f === undefined) {
    if (steps.size >= MAX_KEYS) return (v) => plainStep(v, key);
    f = new Function('v', `${stepSource('v', key)}return v;`) as Step;
    steps.set(key, f);
  }
  return f;
}

/** The first frame, innermost outward, whose node has `key` (stopping at a private frame). */
export function keyLookup(key: string): Lookup {
  let f = lookups.get(key);
  if (f === undefined) {
    if (lookups.size >= MAX_KEYS) return (frame) => lookupPlainKey(frame, key);
    f = new Function('frame', `let f, n, v;\n${lookupSource('v', key, 'frame')}return v;`) as Lookup;
    lookups.set(key, f);
  }
  return f;
}
