/**
 * The dev server's additions to the storefront app, mounted by `tessera dev` only (never by `npm start`):
 * every HTML page gets the reload script and, while the theme has errors, the error overlay; each request's
 * render problems and anything thrown are collected for it; `/__tessera/events` streams reloads.
 *
 * Whatever fails, a page is answered with the overlay: a thrown error is a problem of the request (at the
 * theme file or context file it is about, when it is about one), and should making the overlay fail in turn,
 * the page still gets a plain overlay saying so, never Fastify's own JSON error.
 */
import { answerNonce } from '../security/headers.js';
import { fillNonce, NONCE_ATTRIBUTE } from '../security/nonce.js';
import type { FastifyInstance } from 'fastify';
import { escapeHtml } from '../escape-html.js';
import { errorText } from './dev-checks.js';
import type { DevProblem, DevProblems } from './dev-problems.js';
import { beforeBodyEnd, clientScript, overlayHtml } from './overlay.js';
import { installReloadEvents, type ReloadEvents } from './reload-events.js';

export interface DevToolsOptions {
  readonly problems: DevProblems;
  /** This server's id: a page from an earlier run reloads when it sees another. */
  readonly boot: string;
  /** The text of a theme file (relative to the theme folder) for the overlay's code frames, or null. */
  readonly sourceOf: (file: string) => string | null;
  /** A thrown error as the problem of a file it is about (a template that cannot be read, a context file), if it is one. */
  readonly problemOf?: (error: Error) => DevProblem | null;
}

/** The overlay's stand-in when the overlay itself cannot be made: the failure, in a few words. */
function plainOverlay(error: unknown): string {
  const message = errorText(error);
  return (
    `<tessera-dev-overlay><template shadowrootmode="open"><style${NONCE_ATTRIBUTE}>div{position:fixed;inset:0;z-index:2147483647;background:#fff;color:#b71c1c;font:16px/1.5 system-ui,sans-serif;padding:2rem}</style>` +
    `<div>The page could not be checked for problems: ${escapeHtml(message)}</div></template></tessera-dev-overlay>`
  );
}

export function installDevTools(app: FastifyInstance, { problems, boot, sourceOf, problemOf = () => null }: DevToolsOptions): ReloadEvents {
  // the rest of each request runs with its own list of render problems
  app.addHook('onRequest', (_request, _reply, done) => problems.run(done));

  app.addHook('onError', async (_request, _reply, error) => {
    let problem: DevProblem | null = null;
    try {
      problem = problemOf(error);
    } catch {
      // said as the page's failure below
    }
    problems.rendered([
      problem ?? { severity: 'error', code: 'RENDER_FAILED', message: `The page failed to render: ${errorText(error)}`, filename: '(server)', line: 1, column: 1 },
    ]);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    // the theme's own files have stable names: a reload must ask for them again, not take them from the cache
    if (request.url.startsWith('/assets/') || request.url.startsWith('/scripts/')) reply.header('cache-control', 'no-cache');
    const type = reply.getHeader('content-type');
    if (request.method !== 'GET' || typeof type !== 'string' || !type.startsWith('text/html')) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    let extra: string;
    try {
      const errors = problems.forRequest();
      extra = (errors.length > 0 ? overlayHtml(errors, sourceOf) : '') + clientScript(boot);
    } catch (e) {
      // a hook that throws would make Fastify answer its own JSON 500: the page goes out with what went wrong
      extra = plainOverlay(e) + clientScript(boot);
    }
    reply.removeHeader('content-length');
    // dev pages are never kept: the next request must see the theme as it is then
    reply.header('cache-control', 'no-store');
    // added after the security headers: the script and styles get this answer's nonce here (server/security/headers.ts)
    const nonce = answerNonce(reply);
    return beforeBodyEnd(payload.toString(), nonce === null ? extra : fillNonce(extra, nonce));
  });

  return installReloadEvents(app, { event: 'hello', data: { boot } });
}
