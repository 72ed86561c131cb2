/**
 * What a public server needs before any route runs (issue 14): how long a request may take to arrive, how long an
 * idle keep-alive connection stays open, and which bodies are read at all. Node's own defaults let a body that
 * never finishes hold its connection for 300 s; a public storefront answers 408 long before that.
 *
 * Every limit has an environment variable (docs/limits-and-security.md "Server limits"); tests pass their own.
 */
import type { ServerOptions } from 'node:http';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';

export interface HttpLimits {
  /** The whole request (headers and body) must arrive within this; else 408 and the connection closes. */
  readonly requestTimeoutMs: number;
  /** The headers alone must arrive within this (Node's headersTimeout); never above requestTimeoutMs. */
  readonly headersTimeoutMs: number;
  /** An idle keep-alive connection is closed after this. */
  readonly keepAliveTimeoutMs: number;
  /**
   * At most this many requests on one connection; 0 = no limit (the default: Node answers 503 to a request
   * pipelined past the limit, which load balancers and load tools read as failures; the idle timeout is the guard).
   */
  readonly maxRequestsPerSocket: number;
}

export const DEFAULT_HTTP_LIMITS: HttpLimits = { requestTimeoutMs: 30_000, headersTimeoutMs: 15_000, keepAliveTimeoutMs: 5_000, maxRequestsPerSocket: 0 };

const positive = (text: string | undefined, fallback: number) => {
  const n = Number(text);
  return text !== undefined && text !== '' && Number.isSafeInteger(n) && n >= 0 ? n : fallback;
};

/** The limits from `REQUEST_TIMEOUT_MS`, `HEADERS_TIMEOUT_MS`, `KEEP_ALIVE_TIMEOUT_MS`, `MAX_REQUESTS_PER_SOCKET`. */
export function httpLimitsFromEnv(env: NodeJS.ProcessEnv = process.env): HttpLimits {
  const d = DEFAULT_HTTP_LIMITS;
  return {
    requestTimeoutMs: positive(env['REQUEST_TIMEOUT_MS'], d.requestTimeoutMs),
    headersTimeoutMs: positive(env['HEADERS_TIMEOUT_MS'], d.headersTimeoutMs),
    keepAliveTimeoutMs: positive(env['KEEP_ALIVE_TIMEOUT_MS'], d.keepAliveTimeoutMs),
    maxRequestsPerSocket: positive(env['MAX_REQUESTS_PER_SOCKET'], d.maxRequestsPerSocket),
  };
}

/** The Fastify server options for these limits (the headers' timeout is set on the server: `applyHeadersTimeout`). */
export function serverOptions(limits: HttpLimits): Pick<FastifyServerOptions, 'requestTimeout' | 'keepAliveTimeout' | 'maxRequestsPerSocket'> & { http: ServerOptions } {
  return {
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    maxRequestsPerSocket: limits.maxRequestsPerSocket,
    // Node checks for timed-out requests on this interval (30 s by default): a tenth of the timeout keeps the
    // 408 close to the limit
    http: { connectionsCheckingInterval: Math.max(50, Math.min(30_000, Math.floor((limits.requestTimeoutMs || 30_000) / 10))) },
  };
}

export function applyHeadersTimeout(app: FastifyInstance, limits: HttpLimits): void {
  app.server.headersTimeout = limits.requestTimeoutMs > 0 ? Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs) : limits.headersTimeoutMs;
}

export const UNSUPPORTED_ENCODING = 'This content encoding is not accepted: send the body uncompressed.';
export const UNSUPPORTED_CHARSET = 'This character set is not accepted: send the body as UTF-8.';

/** Charsets a body may declare: UTF-8 and its subset ASCII. */
const CHARSETS = new Set(['utf-8', 'utf8', 'us-ascii']);

/**
 * Bodies are read as uncompressed UTF-8 only: a compressed body or another charset would be read as garbage,
 * so it is refused (415) before any parser sees it.
 */
export function installBodyChecks(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    const encoding = request.headers['content-encoding'];
    if (encoding !== undefined && encoding.trim().toLowerCase() !== 'identity' && encoding.trim() !== '') {
      return reply.code(415).send({ message: UNSUPPORTED_ENCODING });
    }
    const type = request.headers['content-type'];
    const charset = type === undefined ? undefined : /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(type)?.[1];
    if (charset !== undefined && !CHARSETS.has(charset.toLowerCase())) return reply.code(415).send({ message: UNSUPPORTED_CHARSET });
    return undefined;
  });
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const wellFormed = (s: string) => !LONE_SURROGATE.test(s);

/** The path of the first string (key or value) in `value` that is not well-formed Unicode (a lone surrogate), or null. */
export function malformedTextAt(value: unknown, path = ''): string | null {
  const stack: [unknown, string][] = [[value, path]];
  while (stack.length > 0) {
    const [v, at] = stack.pop()!;
    if (typeof v === 'string') {
      if (!wellFormed(v)) return at;
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], `${at}[${i}]`]);
    } else if (typeof v === 'object' && v !== null) {
      for (const [k, x] of Object.entries(v)) {
        const name = at === '' ? k : `${at}.${k}`;
        if (!wellFormed(k)) return name;
        stack.push([x, name]);
      }
    }
  }
  return null;
}

/** Every body and query field must be well-formed Unicode: a lone surrogate is a field error (400), never stored. */
export function installTextCheck(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const [part, value] of [['body', request.body], ['query', request.query]] as const) {
      const at = malformedTextAt(value);
      if (at !== null) {
        const subject = at === '' ? (part === 'body' ? 'The request body' : 'The query') : at;
        throw Object.assign(new Error(`${subject} is not valid text: it holds a lone surrogate.`), { statusCode: 400 });
      }
    }
  });
}
