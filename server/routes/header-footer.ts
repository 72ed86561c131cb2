/**
 * Site header and footer settings (spec 001 §3 "Other settings", §7): GET /api/site-header-footer answers
 * `{ header, footer }` (two empty objects until saved); PUT replaces both. Their inner structure belongs to
 * the editor, so each is a free-form object, capped in bytes and nesting.
 */
import type { FastifyPluginAsync } from 'fastify';
import { isRecord } from '../../commerce/json.js';
import type { Store } from '../db/database.js';
import { nestsDeeperThan } from '../json-depth.js';
import { requirePermission, signedInContributor } from '../owner/guard.js';
import { readSiteDocumentStep, writeSiteDocumentStep } from '../site-documents.js';
import { runRead } from '../db/work.js';

const DOCUMENT = 'header-footer';
export const HEADER_FOOTER_BODY_LIMIT = 64 * 1024;
export const MAX_HEADER_FOOTER_DEPTH = 16;

const body = {
  type: 'object',
  required: ['header', 'footer'],
  properties: { header: { type: 'object' }, footer: { type: 'object' } },
  additionalProperties: false,
} as const;

interface HeaderFooter {
  header: Record<string, unknown>;
  footer: Record<string, unknown>;
}

export const headerFooterRoutes: FastifyPluginAsync<{ store: Store }> = async (app, { store }) => {
  app.get('/api/site-header-footer', { preValidation: requirePermission(store, 'readHeaderFooter') }, async (request): Promise<HeaderFooter> => {
    const stored = await runRead(app.reads, (q) => readSiteDocumentStep(q, signedInContributor(request).websiteId, DOCUMENT));
    const part = (key: string) => (isRecord(stored) && isRecord(stored[key]) ? stored[key] : {});
    return { header: part('header'), footer: part('footer') };
  });

  app.put<{ Body: HeaderFooter }>(
    '/api/site-header-footer',
    { schema: { body }, bodyLimit: HEADER_FOOTER_BODY_LIMIT, preValidation: requirePermission(store, 'writeHeaderFooter'), config: { rateLimit: 'owner' } },
    async (request, reply) => {
      if (nestsDeeperThan(request.body, MAX_HEADER_FOOTER_DEPTH + 1)) {
        return reply.code(400).send({ message: `Header and footer may nest at most ${MAX_HEADER_FOOTER_DEPTH} levels deep.` });
      }
      const { header, footer } = request.body;
      await app.stores.transactions.write((q) => writeSiteDocumentStep(q, signedInContributor(request).websiteId, DOCUMENT, { header, footer }));
      return { header, footer };
    },
  );
};
