/**
 * The site's title and icon (issue 26: "site title and icon" in the admin), one Fastify plugin:
 * - GET /api/owner/site-settings → { siteTitle, siteIcon } (siteIcon null: the default mark)
 * - PUT /api/owner/site-settings { siteTitle } → the same, changed
 * - POST /api/owner/site-icon?fileName=… with a picture as the body (as a product's picture: JPEG, PNG, WebP,
 *   AVIF or GIF, at most 20 MB; refusals are the editor's upload messages of spec 001) → the same, the icon being
 *   the stored picture's address (served at its responsive widths by /s/pictures)
 * - DELETE /api/owner/site-icon → the same, back to the default mark
 * Reads need `readSiteSettings`, writes `writeSiteSettings` (server/owner/roles.ts); writes are crumb-checked
 * and in the owner rate limit bucket.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Store } from '../db/database.js';
import { runRead } from '../db/work.js';
import { MAX_PICTURE_BYTES } from '../merchant/pictures/picture.js';
import { acceptPictureUploads, storeUpload, uploadQuery } from '../merchant/pictures/upload-body.js';
import { requirePermission, signedInContributor } from '../owner/guard.js';
import type { FileStorage } from '../storage/file-storage.js';
import { readSiteSettings, type SiteSettings, setSiteIcon, setSiteTitle } from './service.js';

const titleBody = {
  type: 'object',
  required: ['siteTitle'],
  properties: { siteTitle: { type: 'string', minLength: 1, maxLength: 200, pattern: '\\S' } },
  additionalProperties: false,
} as const;

const NO_SITE = 'Website not found';

export const siteSettingsRoutes: FastifyPluginAsync<{ store: Store; files: FileStorage }> = async (app, { store, files }) => {
  acceptPictureUploads(app);
  const read = requirePermission(store, 'readSiteSettings');
  const write = requirePermission(store, 'writeSiteSettings');
  const writeConfig = { rateLimit: 'owner' } as const;
  const site = (request: FastifyRequest) => signedInContributor(request).websiteId;
  // a contributor's website always exists; a 404 only if it was removed under the session
  const answer = (reply: FastifyReply, settings: SiteSettings | null) => (settings === null ? reply.code(404).send({ message: NO_SITE }) : settings);

  app.get('/api/owner/site-settings', { preValidation: read }, async (request, reply) => answer(reply, await runRead(app.reads, (q) => readSiteSettings(q, site(request)))));

  app.put<{ Body: { siteTitle: string } }>('/api/owner/site-settings', { preValidation: write, config: writeConfig, schema: { body: titleBody } }, async (request, reply) =>
    answer(reply, await setSiteTitle(app.stores.transactions, site(request), request.body.siteTitle.trim())),
  );

  app.post<{ Querystring: { fileName: string } }>(
    '/api/owner/site-icon',
    { preValidation: write, config: writeConfig, schema: { querystring: uploadQuery }, bodyLimit: MAX_PICTURE_BYTES },
    async (request, reply) => {
      const stored = await storeUpload(files, request.body, request.query.fileName);
      if (!stored.ok) return reply.code(400).send({ message: stored.message });
      return answer(reply, await setSiteIcon(app.stores.transactions, site(request), stored.url));
    },
  );

  app.delete('/api/owner/site-icon', { preValidation: write, config: writeConfig }, async (request, reply) => answer(reply, await setSiteIcon(app.stores.transactions, site(request), null)));
};
