/**
 * How every JSON body is read (issue 24): one `application/json` parser for the whole app that refuses a hostile
 * body before `JSON.parse` sees it. A body is read as text up to the route's byte limit (Fastify's `bodyLimit`:
 * 1 MiB unless the route says less; past it 413 before the rest is read), then one linear pass over it counts how
 * deep it nests and how many values it holds; only a body within both limits is parsed (with Fastify's own
 * parser, which also refuses `__proto__` and `constructor.prototype` keys).
 *
 * Why: 1,000,000 bytes of `[[[…` took 0.25–2.9 s to refuse and held the event loop meanwhile, and
 * 200,000-element lists or 60,000-key objects 1–1.7 s (parsing, then walking them: schema, text check). No body a
 * storefront, its islands or the owner's screens send comes near either limit (the deepest documents, header and
 * footer settings, nest 17 levels; the widest, template tweaks, 1,000 values). docs/limits-and-security.md "Server limits".
 */
import type { FastifyInstance } from 'fastify';

/** At most this many levels of `[`/`{` open at once. */
export const MAX_JSON_DEPTH = 64;
/** At most this many values in lists and objects, counted together over the whole body. */
export const MAX_JSON_VALUES = 10_000;

export const JSON_TOO_DEEP = `The request body nests too deeply: at most ${MAX_JSON_DEPTH} levels of lists and objects.`;
export const JSON_TOO_MANY_VALUES = `The request body holds too many values: at most ${MAX_JSON_VALUES.toLocaleString('en-US')} in its lists and objects.`;
export const JSON_EMPTY = 'The request body is empty.';
export const JSON_INVALID = 'The request body is not valid JSON.';

export type JsonShape = { ok: true } | { ok: false; status: 400 | 413; message: string };

const OPEN_LIST = 0x5b; // [
const OPEN_OBJECT = 0x7b; // {
const CLOSE_LIST = 0x5d; // ]
const CLOSE_OBJECT = 0x7d; // }
const COMMA = 0x2c;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * Whether JSON text stays within `maxDepth` levels and `maxValues` values, in one pass that stops at the first
 * excess. Brackets inside strings do not count. A value is counted at each container opened and each comma
 * (a list of n elements or an object of n members: n); the text need not be valid JSON (`JSON.parse` judges that).
 */
export function checkJsonShape(text: string, maxDepth = MAX_JSON_DEPTH, maxValues = MAX_JSON_VALUES): JsonShape {
  let depth = 0;
  let values = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
      continue;
    }
    if (c === QUOTE) inString = true;
    else if (c === OPEN_LIST || c === OPEN_OBJECT) {
      if (++depth > maxDepth) return { ok: false, status: 400, message: JSON_TOO_DEEP };
      if (++values > maxValues) return { ok: false, status: 413, message: JSON_TOO_MANY_VALUES };
    } else if (c === CLOSE_LIST || c === CLOSE_OBJECT) depth--;
    else if (c === COMMA && ++values > maxValues) return { ok: false, status: 413, message: JSON_TOO_MANY_VALUES };
  }
  return { ok: true };
}

/** A 4xx error for Fastify's error handler (which answers `{ message }`). */
export const bodyError = (status: number, message: string) => Object.assign(new Error(message), { statusCode: status });

export interface JsonBodyOptions {
  /** An empty body is no body (`undefined`) rather than a 400 (the platform's form client posts one). */
  readonly allowEmpty?: boolean;
  /** A byte limit of this parser's own (else the route's, else the server's). */
  readonly bodyLimit?: number;
}

/**
 * Installs the checked JSON parser on `app` (and so on every plugin registered on it afterwards). A plugin that
 * needs another reading (an empty body allowed) installs its own with `allowEmpty`.
 */
export function installJsonBodies(app: FastifyInstance, { allowEmpty = false, bodyLimit }: JsonBodyOptions = {}): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', ...(bodyLimit === undefined ? {} : { bodyLimit }) }, (request, body, done) => {
    const text = String(body);
    if (text.trim() === '') return allowEmpty ? done(null, undefined) : done(bodyError(400, JSON_EMPTY), undefined);
    const shape = checkJsonShape(text);
    if (!shape.ok) return done(bodyError(shape.status, shape.message), undefined);
    // Fastify's reading also refuses `__proto__` and `constructor.prototype` keys; every refusal in our words
    return parse(request, text, (error, value) => (error ? done(bodyError(400, JSON_INVALID), undefined) : done(null, value)));
  });
}

/** JSON text read elsewhere (a beacon's `text/plain` body): the same shape check, then `JSON.parse`. */
export function parseCheckedJson(text: string): { ok: true; value: unknown } | { ok: false; error: Error } {
  const shape = checkJsonShape(text);
  if (!shape.ok) return { ok: false, error: bodyError(shape.status, shape.message) };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, error: bodyError(400, JSON_INVALID) };
  }
}
