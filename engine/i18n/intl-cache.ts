/**
 * One cache for Intl formatters (building one costs far more than formatting with it), keyed by kind,
 * locale and options, and bounded so that templates cannot grow it without end.
 */
const cache = new Map<string, unknown>();
const LIMIT = 1000;

export function cachedIntl<T>(kind: string, locale: string, options: object, make: () => T): T {
  const key = `${kind}|${locale}|${JSON.stringify(options)}`;
  let f = cache.get(key) as T | undefined;
  if (f === undefined) {
    f = make();
    if (cache.size >= LIMIT) cache.clear();
    cache.set(key, f);
  }
  return f;
}
