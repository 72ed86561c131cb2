/**
 * The dev server's additions to the storefront app, mounted by `tessera dev` only (never by `npm start`):
 * every HTML page gets the reload script and, while the theme has errors, the error overlay; each request's
 * render problems and anything thrown are collected for it; `/__tessera/events` streams reloads.
 */
import type { FastifyInstance } from 'fastify';
import type { DevProblems } from './dev-problems.js';
import { beforeBodyEnd, clientScript, overlayHtml } from './overlay.js';
import { installReloadEvents, type ReloadEvents } from './reload-events.js';

export interface DevToolsOptions {
  readonly problems: DevProblems;
  /** This server's id: a page from an earlier run reloads when it sees another. */
  readonly boot: string;
  /** The text of a theme file (relative to the theme folder) for the overlay's code frames, or null. */
  readonly sourceOf: (file: string) => string | null;
  /** A thrown error as the theme file it is about (a template that cannot be read), if it is one. */
  readonly fileOf?: (error: Error) => string | null;
}

export function installDevTools(app: FastifyInstance, { problems, boot, sourceOf, fileOf = () => null }: DevToolsOptions): ReloadEvents {
  // the rest of each request runs with its own list of render problems
  app.addHook('onRequest', (_request, _reply, done) => problems.run(done));

  app.addHook('onError', async (_request, _reply, error) => {
    const file = fileOf(error);
    problems.rendered([
      {
        severity: 'error',
        code: (error as { code?: unknown }).code === 'ENOENT' ? 'FILE_MISSING' : 'RENDER_FAILED',
        message: file === null ? `The page failed to render: ${error.message}` : `${file} cannot be read (it was deleted or renamed?)`,
        filename: file ?? '(server)',
        line: 1,
        column: 1,
      },
    ]);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    // the theme's own files have stable names: a reload must ask for them again, not take them from the cache
    if (request.url.startsWith('/assets/') || request.url.startsWith('/scripts/')) reply.header('cache-control', 'no-cache');
    const type = reply.getHeader('content-type');
    if (request.method !== 'GET' || typeof type !== 'string' || !type.startsWith('text/html')) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const errors = problems.forRequest();
    const extra = (errors.length > 0 ? overlayHtml(errors, sourceOf) : '') + clientScript(boot);
    reply.removeHeader('content-length');
    // dev pages are never kept: the next request must see the theme as it is then
    reply.header('cache-control', 'no-store');
    return beforeBodyEnd(payload.toString(), extra);
  });

  return installReloadEvents(app, { event: 'hello', data: { boot } });
}
