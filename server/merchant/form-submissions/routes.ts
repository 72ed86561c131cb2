/**
 * The owner's form submissions (issue 26), one Fastify plugin; `readFormSubmissions` (admin, website manager,
 * editor: whoever runs the site's content reads what its forms collected):
 * - GET /api/merchant/forms → { forms: [{ id, name, fields: [{ id, title, kind }], submissions, lastSubmittedOn }] }
 * - GET /api/merchant/forms/:formId/submissions?cursor=&limit= → { submissions: [{ id, submittedOn, answers:
 *   [{ fieldId, title, value, text }], page }], nextCursor }, newest first
 * - GET /api/merchant/forms/:formId/submissions.csv → every submission as CSV (csv.ts), newest first: the time
 *   (ISO 8601, UTC), one column per field in the form's order (then any field the form no longer has), the page
 *   it was sent from. Streamed a page at a time.
 */
import { Readable } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import type { Store } from '../../db/database.js';
import type { Reads } from '../../db/reads.js';
import { requirePermission, signedInContributor } from '../../owner/guard.js';
import { decodeCursor, encodeCursor } from '../../restock/service.js';
import { CSV_BOM, CSV_CONTENT_TYPE, csvFileName, csvRow } from '../csv.js';
import { formOf, formsOf, MAX_PAGE_SIZE, PAGE_SIZE, type SubmissionView, submissionsPage } from './queries.js';

export const FORM_SUBMISSION_MESSAGES = {
  noForm: 'There is no such form.',
  badCursor: 'The cursor is not valid.',
} as const;

const formParams = { type: 'object', required: ['formId'], properties: { formId: { type: 'string', minLength: 1, maxLength: 100 } }, additionalProperties: false } as const;
const pageQuery = {
  type: 'object',
  properties: { cursor: { type: 'string', maxLength: 500 }, limit: { type: 'string', pattern: '^[1-9][0-9]{0,2}$' } },
  additionalProperties: false,
} as const;

/** How many rows the export reads at a time. */
const EXPORT_PAGE = 500;

function csvOf(reads: Reads, form: NonNullable<Awaited<ReturnType<typeof formOf>>>): Readable {
  const fieldIds = form.fields.map((f) => f.id);
  async function* rows() {
    yield CSV_BOM;
    // answers to fields the form has since lost get columns of their own (named by field id), so nothing stored is
    // left out: a first pass finds them, since the header comes before any row
    const extra: string[] = [];
    for (let after: [number, string] | null = null, first = true; first || after !== null; first = false) {
      const page = await submissionsPage(reads, form, after, EXPORT_PAGE);
      for (const s of page.submissions) for (const a of s.answers) if (!fieldIds.includes(a.fieldId) && !extra.includes(a.fieldId)) extra.push(a.fieldId);
      after = page.next;
    }
    const columns = [...fieldIds, ...extra];
    yield csvRow(['Submitted On', ...form.fields.map((f) => f.title), ...extra, 'Page']);
    const line = (s: SubmissionView) => {
      const text = new Map(s.answers.map((a) => [a.fieldId, a.text]));
      return csvRow([new Date(s.submittedOn).toISOString(), ...columns.map((id) => text.get(id) ?? ''), s.page ?? '']);
    };
    for (let after: [number, string] | null = null, first = true; first || after !== null; first = false) {
      const page = await submissionsPage(reads, form, after, EXPORT_PAGE);
      yield page.submissions.map(line).join('');
      after = page.next;
    }
  }
  return Readable.from(rows());
}

export const formSubmissionRoutes: FastifyPluginAsync<{ store: Store }> = async (app, { store }) => {
  const read = requirePermission(store, 'readFormSubmissions');
  const site = (request: Parameters<typeof signedInContributor>[0]) => signedInContributor(request).websiteId;

  app.get('/api/merchant/forms', { preValidation: read }, async (request) => ({ forms: await formsOf(app.reads, site(request)) }));

  app.get<{ Params: { formId: string }; Querystring: { cursor?: string; limit?: string } }>(
    '/api/merchant/forms/:formId/submissions',
    { preValidation: read, schema: { params: formParams, querystring: pageQuery } },
    async (request, reply) => {
      const form = await formOf(app.reads, site(request), request.params.formId);
      if (form === null) return reply.code(404).send({ message: FORM_SUBMISSION_MESSAGES.noForm });
      const after = decodeCursor(request.query.cursor, ['number', 'string']);
      if (after === 'bad') return reply.code(400).send({ message: FORM_SUBMISSION_MESSAGES.badCursor });
      const limit = Math.min(MAX_PAGE_SIZE, Number(request.query.limit ?? PAGE_SIZE));
      const page = await submissionsPage(app.reads, form, after as [number, string] | null, limit);
      return { submissions: page.submissions, nextCursor: page.next === null ? null : encodeCursor(page.next) };
    },
  );

  app.get<{ Params: { formId: string } }>('/api/merchant/forms/:formId/submissions.csv', { preValidation: read, schema: { params: formParams } }, async (request, reply) => {
    const form = await formOf(app.reads, site(request), request.params.formId);
    if (form === null) return reply.code(404).send({ message: FORM_SUBMISSION_MESSAGES.noForm });
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .type(CSV_CONTENT_TYPE)
      .header('content-disposition', `attachment; filename="${csvFileName(form.name, `submissions-${day}`)}"`)
      .header('cache-control', 'private, no-store')
      .send(csvOf(app.reads, form));
  });
};
