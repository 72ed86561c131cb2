/**
 * GET /api/template/GetTemplateSchema?type=… (spec 001 §7): the JSON schema of a template file or settings
 * body, for the editor. A missing or malformed type is a 400, an unknown one a 404.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Store } from '../db/database.js';
import { requirePermission } from '../owner/guard.js';
import { templateSchema } from '../template-schemas.js';

export const templateSchemaRoutes: FastifyPluginAsync<{ store: Store }> = async (app, { store }) => {
  app.get<{ Querystring: { type: string } }>(
    '/api/template/GetTemplateSchema',
    {
      schema: { querystring: { type: 'object', required: ['type'], properties: { type: { type: 'string', pattern: '^[a-z][a-z0-9-]{0,39}$' } } } },
      preValidation: requirePermission(store, 'readTemplateSchema'),
    },
    async (request, reply) => templateSchema(request.query.type) ?? reply.code(404).send({ message: `Unknown template schema type: ${request.query.type}` }),
  );
};
