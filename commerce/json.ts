/** Shape tests and helpers for the plain JSON values the commerce rules and the server share. */
export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * Freezes `value` and everything in it; bytes (Buffers, typed arrays) cannot be frozen and are left as they are,
 * and so is a promise: its value is frozen when it resolves (server/read-cache.ts `getAsync`), and a frozen promise
 * object breaks Node's async hooks, which tag each promise awaited while they are on ("Cannot add property
 * Symbol(async_id_symbol), object is not extensible": seen under the browser harness on PostgreSQL).
 */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value) && !ArrayBuffer.isView(value) && !(value instanceof Promise)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}
