/**
 * Commerce preferences (spec 001 §3 "Other settings", §7): GET and PUT /api/v1/commerce-preferences/{namespace}
 * with a free-form object per namespace. The stored document carries the websiteId, as the platform's does;
 * reads strip it. A namespace never saved reads as `{}`. Bodies are capped in bytes, nesting and namespaces.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Store } from '../db/database.js';
import { requirePermission, signedInContributor } from '../owner/guard.js';
import { countSiteDocumentsStep, readSiteDocumentStep, writeSiteDocumentStep } from '../site-documents.js';
import { runRead } from '../db/work.js';
import { isRecord } from '../../commerce/json.js';
import { nestsDeeperThan } from '../json-depth.js';

const PREFIX = 'commerce-preferences/';
export const PREFERENCES_BODY_LIMIT = 32 * 1024;
export const MAX_PREFERENCES_DEPTH = 16;
export const MAX_NAMESPACES = 100;

const params = {
  type: 'object',
  required: ['namespace'],
  properties: { namespace: { type: 'string', pattern: '^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$' } },
} as const;

interface Params {
  namespace: string;
}

function withoutWebsiteId(value: unknown): Record<string, unknown> {
  if (!isRecord(value)) return {};
  const { websiteId: _dropped, ...rest } = value;
  return rest;
}

export const commercePreferencesRoutes: FastifyPluginAsync<{ store: Store }> = async (app, { store }) => {
  app.get<{ Params: Params }>(
    '/api/v1/commerce-preferences/:namespace',
    { schema: { params }, preValidation: requirePermission(store, 'readCommercePreferences') },
    async (request) => withoutWebsiteId(await runRead(app.reads, (q) => readSiteDocumentStep(q, signedInContributor(request).websiteId, PREFIX + request.params.namespace))),
  );

  app.put<{ Params: Params; Body: Record<string, unknown> }>(
    '/api/v1/commerce-preferences/:namespace',
    {
      schema: { params, body: { type: 'object' } },
      bodyLimit: PREFERENCES_BODY_LIMIT,
      preValidation: requirePermission(store, 'writeCommercePreferences'),
      config: { rateLimit: 'owner' },
    },
    async (request, reply) => {
      if (nestsDeeperThan(request.body, MAX_PREFERENCES_DEPTH)) return reply.code(400).send({ message: `Preferences may nest at most ${MAX_PREFERENCES_DEPTH} levels deep.` });
      const websiteId = signedInContributor(request).websiteId;
      const name = PREFIX + request.params.namespace;
      // the caller's own websiteId (if any) is replaced: a document always names the site it belongs to
      const preferences = withoutWebsiteId(request.body);
      const written = await app.stores.transactions.write(function* (q) {
        if ((yield* readSiteDocumentStep(q, websiteId, name)) === undefined && (yield* countSiteDocumentsStep(q, websiteId, PREFIX)) >= MAX_NAMESPACES) return false;
        yield* writeSiteDocumentStep(q, websiteId, name, { ...preferences, websiteId });
        return true;
      });
      if (!written) return reply.code(400).send({ message: `A site has at most ${MAX_NAMESPACES} preference namespaces.` });
      return preferences;
    },
  );
};
