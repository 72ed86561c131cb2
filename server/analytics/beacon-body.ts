/**
 * What `navigator.sendBeacon` sends, read as the routes expect: a string body is `text/plain;charset=UTF-8`,
 * a URLSearchParams body `application/x-www-form-urlencoded` (read by @fastify/formbody), a Blob may be
 * `application/json`. Within the analytics plugin a text/plain body is JSON when it starts with `{` or `[`,
 * else form text; so one route takes any of the three.
 */
import { parse } from 'node:querystring';
import type { FastifyInstance } from 'fastify';
import { parseCheckedJson } from '../json-body.js';

export function installBeaconBodies(app: FastifyInstance): void {
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body).trim();
    if (text.startsWith('{') || text.startsWith('[')) {
      // the same limits of depth and values as every JSON body (server/json-body.ts)
      const read = parseCheckedJson(text);
      return read.ok ? done(null, read.value) : done(read.error, undefined);
    }
    // the same reading of form text as @fastify/formbody's (repeated names become lists, which schemas refuse)
    done(null, { ...parse(text) });
  });
}
