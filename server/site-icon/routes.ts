/**
 * `GET /favicon.ico` and `GET /favicon.svg`: the site's icon, never a 404 (browsers and crawlers ask for
 * `/favicon.ico` whatever the page says). Without an owner's icon both answer Tessera's default mark, drawn once
 * at start (icon-mark.ts, ico-file.ts), cached for a week with a strong ETag. With one (site-icon.ts),
 * `/favicon.ico` redirects (302) to it, cached for an hour, so a changed icon shows soon.
 */
import { createHash } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Store } from '../db/database.js';
import { websiteSettings } from '../page-context.js';
import { etagMatches } from '../routes/images.js';
import { icoFile } from './ico-file.js';
import { iconPixels, iconSvg } from './icon-mark.js';
import { DEFAULT_ICON_ICO, DEFAULT_ICON_SVG, ownerIconUrl } from './site-icon.js';

const WEEK = 'public, max-age=604800';
const HOUR = 'public, max-age=3600';

interface IconFile {
  readonly body: Buffer;
  readonly type: string;
  readonly etag: string;
}

function iconFile(body: Buffer, type: string): IconFile {
  return { body, type, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"` };
}

function send(request: FastifyRequest, reply: FastifyReply, file: IconFile) {
  reply.header('cache-control', WEEK).header('etag', file.etag);
  if (etagMatches(request.headers['if-none-match'], file.etag)) return reply.code(304).send();
  return reply.type(file.type).send(file.body);
}

export const siteIconRoutes: FastifyPluginAsync<{ store: Store }> = async (app, { store }) => {
  const svg = iconFile(Buffer.from(iconSvg()), 'image/svg+xml');
  const ico = iconFile(icoFile([16, 32].map((side) => ({ side, rgba: iconPixels(side) }))), 'image/x-icon');

  app.get(DEFAULT_ICON_SVG, async (request, reply) => send(request, reply, svg));
  app.get(DEFAULT_ICON_ICO, async (request, reply) => {
    const owner = ownerIconUrl(websiteSettings(store));
    if (owner !== null) return reply.header('cache-control', HOUR).redirect(owner, 302);
    return send(request, reply, ico);
  });
};
