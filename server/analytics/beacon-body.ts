/**
 * What `navigator.sendBeacon` sends, read as the routes expect: a string body is `text/plain;charset=UTF-8`,
 * a URLSearchParams body `application/x-www-form-urlencoded` (read by @fastify/formbody), a Blob may be
 * `application/json`. Within the analytics plugin a text/plain body is JSON when it starts with `{` or `[`,
 * else form text; so one route takes any of the three.
 */
import { parse } from 'node:querystring';
import type { FastifyInstance } from 'fastify';

export function installBeaconBodies(app: FastifyInstance): void {
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body).trim();
    if (text.startsWith('{') || text.startsWith('[')) {
      try {
        done(null, JSON.parse(text));
      } catch {
        done(Object.assign(new Error('The request body is not valid JSON.'), { statusCode: 400 }), undefined);
      }
      return;
    }
    // the same reading of form text as @fastify/formbody's (repeated names become lists, which schemas refuse)
    done(null, { ...parse(text) });
  });
}
