/**
 * The server's log (issue 14): one line per request at `info`, which production leaves off (its level is `warn`
 * unless `LOG_LEVEL` says otherwise), with secrets cut out of every logged URL (a subscription's `cartToken`
 * opens its checkout); readable lines in development (pino-pretty), JSON lines in production.
 */
import { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';

/** Query parameters whose values are secrets: their values never reach a log. */
const SECRET_PARAMS = /^(cartToken|token|key|crumb|password|secret|code|session|xsrfToken|captchaKey)$/i;

/** `url` with the value of every secret query parameter replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const parts = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // a malformed escape is logged as sent
      }
      return eq >= 0 && SECRET_PARAMS.test(decoded) ? `${name}=[redacted]` : pair;
    });
  return `${url.slice(0, q)}?${parts.join('&')}`;
}

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
const LEVELS: readonly string[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** The logger for `npm start`: `LOG_LEVEL` (default `warn` in production, `info` otherwise); pretty lines off production. */
export function loggerOptions(env: NodeJS.ProcessEnv = process.env): NonNullable<FastifyServerOptions['logger']> {
  const production = env['NODE_ENV'] === 'production';
  const wanted = env['LOG_LEVEL']?.toLowerCase();
  const level = wanted !== undefined && LEVELS.includes(wanted) ? wanted : production ? 'warn' : 'info';
  return {
    level,
    // requests are logged once, by `installRequestLog`, with their URL redacted
    serializers: { req: (req: { method?: string; url?: string }) => ({ method: req.method, url: redactUrl(req.url ?? '') }) },
    ...(production ? {} : { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,reqId' } } }),
  };
}

/** Fastify's own two lines per request turned off: `installRequestLog` writes the one, redacted, line. */
export function quietLogController(): LogController {
  return new LogController({ disableRequestLogging: true });
}

/** One `info` line per answered request: method, redacted URL, status and time. */
export function installRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    if (!(request.log as { isLevelEnabled?: (level: string) => boolean }).isLevelEnabled?.('info')) return;
    request.log.info(`${request.method} ${redactUrl(request.url)} ${reply.statusCode} ${reply.elapsedTime.toFixed(1)} ms`);
  });
}

/** A message a person must read on the first start (the owner's credentials), framed so it stands out. */
export function banner(lines: readonly string[]): string {
  const width = Math.max(...lines.map((l) => l.length));
  const rule = `+${'-'.repeat(width + 2)}+`;
  return [rule, ...lines.map((l) => `| ${l.padEnd(width)} |`), rule].join('\n');
}
