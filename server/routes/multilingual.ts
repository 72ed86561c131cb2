/**
 * Multilingual settings (spec 001 §7 "Site user and settings"; the responses are "not shown", so the shapes
 * are ours, documented in docs/storefront.md):
 * - GET /api/multilingual/settings → { websiteLanguage, languages, connected }
 * - GET /api/multilingual/status → { status: 'CONNECTED' | 'DISCONNECTED', languageCount }
 * - GET /api/multilingual/languages → { languages } (public: a storefront's language switcher needs it)
 * - PUT /api/multilingual/languages {languages} → { languages }, canonical and without repeats; a non-empty
 *   list connects the site's translations
 * - DELETE /api/multilingual/connection → 204; the languages are cleared and the site is disconnected.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Store } from '../db/database.js';
import { runRead } from '../db/work.js';
import { canonicalLanguages } from '../language-tags.js';
import { siteLanguage } from '../page-context.js';
import { requirePermission, signedInContributor } from '../owner/guard.js';
import { deleteSiteDocumentStep, readSiteDocumentStep, writeSiteDocumentStep } from '../site-documents.js';
import { MULTILINGUAL_DOCUMENT as DOCUMENT, multilingualOf } from '../multilingual/site-languages.js';

const languagesBody = {
  type: 'object',
  required: ['languages'],
  properties: {
    languages: { type: 'array', maxItems: 50, items: { type: 'string', minLength: 1, maxLength: 35, pattern: '^[A-Za-z0-9-]+$' } },
  },
  additionalProperties: false,
} as const;

export const multilingualRoutes: FastifyPluginAsync<{ store: Store }> = async (app, { store }) => {
  const read = requirePermission(store, 'readMultilingual');
  const write = requirePermission(store, 'writeMultilingual');
  const multilingualSettings = async (websiteId: string) => multilingualOf(await runRead(app.reads, (q) => readSiteDocumentStep(q, websiteId, DOCUMENT)));

  app.get('/api/multilingual/settings', { preValidation: read }, async (request) => {
    const { languages, connected } = await multilingualSettings(signedInContributor(request).websiteId);
    return { websiteLanguage: siteLanguage(store), languages, connected };
  });

  app.get('/api/multilingual/status', { preValidation: read }, async (request) => {
    const { languages, connected } = await multilingualSettings(signedInContributor(request).websiteId);
    return { status: connected ? 'CONNECTED' : 'DISCONNECTED', languageCount: languages.length };
  });

  // public: no session; the storefront has one website, the first
  app.get('/api/multilingual/languages', async () => {
    const { db, t } = app.reads;
    const [site] = await db.select({ id: t.websites.id }).from(t.websites).limit(1);
    return { languages: site === undefined ? [] : (await multilingualSettings(site.id)).languages };
  });

  app.put<{ Body: { languages: string[] } }>(
    '/api/multilingual/languages',
    { schema: { body: languagesBody }, preValidation: write, config: { rateLimit: 'owner' } },
    async (request, reply) => {
      const result = canonicalLanguages(request.body.languages);
      if (!result.ok) return reply.code(400).send({ message: result.message });
      const value = { languages: result.languages, connected: result.languages.length > 0 };
      await app.stores.transactions.write((q) => writeSiteDocumentStep(q, signedInContributor(request).websiteId, DOCUMENT, value));
      return { languages: result.languages };
    },
  );

  app.delete('/api/multilingual/connection', { preValidation: write, config: { rateLimit: 'owner' } }, async (request, reply) => {
    await app.stores.transactions.write((q) => deleteSiteDocumentStep(q, signedInContributor(request).websiteId, DOCUMENT));
    return reply.code(204).send();
  });
};
