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

/** `v[key]`, undefined for null or undefined `v`. */
export function keyStep(key: string): Step {
  let f = steps.get(key);
  if (f === undefined) {
    const k = JSON.stringify(key);
    if (steps.size >= MAX_KEYS) return (v) => plainStep(v, key);
    f = new Function('v', `return v === null || v === undefined ? undefined : v[${k}];`) as Step;
    steps.set(key, f);
  }
  return f;
}

/** The first frame, innermost outward, whose node has `key` (stopping at a private frame). */
export function keyLookup(key: string): Lookup {
  let f = lookups.get(key);
  if (f === undefined) {
    const k = JSON.stringify(key);
    if (lookups.size >= MAX_KEYS) return (frame) => lookupPlainKey(frame, key);
    f = new Function(
      'frame',
      `for (let f = frame; f !== null; f = f.parent) {
        const n = f.node;
        if (n !== null && n !== undefined) { const v = n[${k}]; if (v !== undefined) return v; }
        if (f.stop) break;
      }
      return undefined;`,
    ) as Lookup;
    lookups.set(key, f);
  }
  return f;
}
