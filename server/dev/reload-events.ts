/**
 * `GET /__tessera/events`: a server-sent event stream per open dev page. When a theme file changes the dev
 * server sends `reload` (the page's script reloads it); a comment every 15 s keeps idle proxies from closing
 * the stream. Streams are ended before the server closes, so closing never waits on an open tab.
 */
import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';

export const EVENTS_PATH = '/__tessera/events';

export interface ReloadEvents {
  /** Sends an event to every open page; answers how many were told. */
  send(event: string, data?: unknown): number;
  /** Open streams now. */
  readonly clients: number;
}

const message = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/** `greeting` is sent to each page as it connects (the server's boot id, so a page from an earlier run reloads). */
export function installReloadEvents(app: FastifyInstance, greeting: { event: string; data: unknown }, keepAliveMs = 15_000): ReloadEvents {
  const clients = new Set<ServerResponse>();
  app.get(EVENTS_PATH, (request, reply) => {
    const res = reply.raw;
    // the stream is written directly: Fastify hands the socket over (reply.hijack) and sends nothing itself
    reply.hijack();
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    // a page that loses the stream (server restart) tries again after this long
    res.write(`retry: 500\n\n${message(greeting.event, greeting.data)}`);
    clients.add(res);
    const drop = () => clients.delete(res);
    request.raw.on('close', drop);
    res.on('error', drop);
  });
  const timer = setInterval(() => {
    for (const res of clients) res.write(': keep-alive\n\n');
  }, keepAliveMs);
  timer.unref();
  app.addHook('preClose', async () => {
    clearInterval(timer);
    for (const res of clients) res.end();
    clients.clear();
  });
  return {
    send(event, data = {}) {
      const text = message(event, data);
      for (const res of clients) res.write(text);
      return clients.size;
    },
    get clients() {
      return clients.size;
    },
  };
}
