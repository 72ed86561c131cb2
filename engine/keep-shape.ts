/**
 * Keeps the hidden class of a short-lived object alive between its uses.
 *
 * V8 builds a class instance's hidden class (its "map") field by field, and holds each step of that chain only
 * through the objects that have it. The engine's per-call objects (a render's context, a compile's assembler)
 * live for one call: after a full garbage collection that finds none alive, their maps die, and every
 * optimised function that assumed them is thrown away ("weak objects" deoptimisation) and relearned. Measured
 * on the bench page after `gc()`: renders ran 4–6× slower for thousands of calls, compiles up to 1.5×; a
 * server meets the same after each of its full collections.
 *
 * So each such class keeps its last instance here, emptied of what it referenced (the caller's data, the
 * page), which keeps its map, and the optimised code built for it, alive.
 */
const kept = new Map<abstract new (...args: never[]) => unknown, object>();

/** Keep `instance` (already emptied of its references) as the living example of its class's map. */
export function keepShape(instance: object): void {
  kept.set(instance.constructor as abstract new (...args: never[]) => unknown, instance);
}
