/**
 * E-mail (issue 26 "E-mail that is really sent"), one Fastify plugin: the owner's outbox and mail settings APIs,
 * and the sender (worker.ts), started when the server listens and stopped when it closes.
 * - GET /api/email/outbox?status=&cursor= → { messages, hasNextPage, nextPageCursor }, newest first, 50 a page
 * - POST /api/email/outbox/:id/retry → { message }: a `failed` message queued again (404 unknown, 409 not failed)
 * - GET /api/email/settings → the settings in force, never the SMTP password (`passwordSet` says if there is one)
 * - PUT /api/email/settings { smtp: { host, port, secure, user?, password? } | null, from, siteUrl,
 *   notificationAddress } → the same as GET; an omitted `smtp.password` keeps the saved one, null clears it.
 * Owner only (roles in server/owner/roles.ts), crumb-checked like every write (server/security/).
 */
import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { Store } from '../db/database.js';
import { requirePermission, signedInContributor } from '../owner/guard.js';
import { decodeCursor } from '../restock/service.js';
import { writeSiteDocumentStep } from '../site-documents.js';
import { listOutbox, retryMessage } from './outbox.js';
import {
  ADDRESS_PATTERN,
  type EffectiveMailSettings,
  effectiveMailSettingsOf,
  FROM_PATTERN,
  MAIL_DOCUMENT,
  type MailEnvironment,
  mailEnvironment,
  SITE_URL_PATTERN,
  storedMailSettingsOf,
} from './settings.js';
import { type MailLog, MailWorker, type MailWorkerOptions, OUTBOX_STATUSES, type OutboxStatus } from './worker.js';

export const EMAIL_MESSAGES = {
  badCursor: 'The cursor is not valid.',
  notFound: 'There is no such message.',
  notFailed: 'Only a failed message can be sent again.',
} as const;

export interface EmailPluginOptions {
  readonly store: Store;
  /** Where the mail environment variables are read (default `process.env`). */
  readonly env?: NodeJS.ProcessEnv;
  /** The sender's clock, attempts and backoff (tests); `false`: no sender at all. */
  readonly worker?: Omit<MailWorkerOptions, 'store' | 'env' | 'log'> | false;
  /** How often the sender looks for due messages (default 5 s). */
  readonly pollMs?: number;
}

// a type list rather than anyOf: the string and object keywords apply to strings and objects only, and a bad
// value gets one message (app.ts schemaErrorMessage) instead of one per branch
const nullable = <T extends { type: string }>(schema: T) => ({ ...schema, type: [schema.type, 'null'] });
const line = (maxLength: number, pattern = '^[^\\r\\n]*$') => ({ type: 'string', minLength: 1, maxLength, pattern });

const settingsBody = {
  type: 'object',
  required: ['smtp', 'from', 'siteUrl', 'notificationAddress'],
  properties: {
    smtp: nullable({
      type: 'object',
      required: ['host', 'port', 'secure'],
      properties: {
        host: line(253, '^[A-Za-z0-9.:\\[\\]-]+$'),
        port: { type: 'integer', minimum: 1, maximum: 65535 },
        secure: { type: 'boolean' },
        user: nullable(line(254)),
        password: { type: ['string', 'null'], maxLength: 1000, pattern: '^[^\\r\\n]*$' },
      },
      additionalProperties: false,
    }),
    from: nullable(line(320, FROM_PATTERN)),
    siteUrl: nullable(line(300, SITE_URL_PATTERN)),
    notificationAddress: nullable(line(254, ADDRESS_PATTERN)),
  },
  additionalProperties: false,
} as const;

interface SettingsBody {
  smtp: { host: string; port: number; secure: boolean; user?: string | null; password?: string | null } | null;
  from: string | null;
  siteUrl: string | null;
  notificationAddress: string | null;
}

/** The settings as the API shows them: everything but the password. */
function settingsView(settings: EffectiveMailSettings) {
  const { smtp } = settings;
  return {
    smtp: smtp === null ? null : { host: smtp.host, port: smtp.port, secure: smtp.secure, user: smtp.user, passwordSet: smtp.password !== null },
    from: settings.from,
    siteUrl: settings.siteUrl,
    notificationAddress: settings.notificationAddress,
    fixedByEnvironment: settings.fixedByEnvironment,
    sending: smtp !== null,
  };
}

const logTo = (log: FastifyBaseLogger): MailLog => ({ info: (m) => log.info(m), warn: (m) => log.warn(m), error: (m) => log.error(m) });

export const emailRoutes: FastifyPluginAsync<EmailPluginOptions> = async (app, { store, env = process.env, worker: workerOptions = {}, pollMs }) => {
  const mailEnv: MailEnvironment = mailEnvironment(env);
  for (const problem of mailEnv.problems) app.log.error(`e-mail: ${problem}`);

  if (workerOptions !== false) {
    const worker = new MailWorker({ store, reads: app.reads, outbox: app.stores.outbox, env: mailEnv, log: logTo(app.log), ...workerOptions });
    app.addHook('onListen', async () => {
      const smtp = mailEnv.smtp;
      app.log.info(smtp === undefined ? 'e-mail: sender started; it sends once an SMTP server is set (TESSERA_SMTP_URL or PUT /api/email/settings)' : `e-mail: sender started, sending through ${smtp.host}:${smtp.port}`);
      worker.start(pollMs);
    });
    app.addHook('onClose', async () => worker.stop());
  }

  const readOutbox = requirePermission(store, 'readOutbox');
  const retryOutbox = requirePermission(store, 'retryOutbox');
  const readSettings = requirePermission(store, 'readMailSettings');
  const writeSettings = requirePermission(store, 'writeMailSettings');

  app.get<{ Querystring: { status?: OutboxStatus; cursor?: string } }>(
    '/api/email/outbox',
    {
      preValidation: readOutbox,
      schema: { querystring: { type: 'object', properties: { status: { type: 'string', enum: [...OUTBOX_STATUSES] }, cursor: { type: 'string', maxLength: 500 } }, additionalProperties: false } },
    },
    async (request, reply) => {
      const after = decodeCursor(request.query.cursor, ['number', 'string']);
      if (after === 'bad') return reply.code(400).send({ message: EMAIL_MESSAGES.badCursor });
      return listOutbox(app.reads, signedInContributor(request).websiteId, request.query.status, after);
    },
  );

  app.post<{ Params: { id: string } }>(
    '/api/email/outbox/:id/retry',
    {
      preValidation: retryOutbox,
      config: { rateLimit: 'owner' },
      schema: { params: { type: 'object', required: ['id'], properties: { id: { type: 'string', minLength: 1, maxLength: 100 } }, additionalProperties: false } },
    },
    async (request, reply) => {
      const result = await retryMessage(app.stores.transactions, signedInContributor(request).websiteId, request.params.id);
      if (result.ok) return { message: result.message };
      return result.reason === 'not-found' ? reply.code(404).send({ message: EMAIL_MESSAGES.notFound }) : reply.code(409).send({ message: EMAIL_MESSAGES.notFailed });
    },
  );

  app.get('/api/email/settings', { preValidation: readSettings }, async (request) => settingsView(await effectiveMailSettingsOf(app.reads, signedInContributor(request).websiteId, mailEnv)));

  app.put<{ Body: SettingsBody }>('/api/email/settings', { preValidation: writeSettings, config: { rateLimit: 'owner' }, schema: { body: settingsBody } }, async (request) => {
    const websiteId = signedInContributor(request).websiteId;
    const body = request.body;
    const saved = await storedMailSettingsOf(app.reads, websiteId);
    const smtp =
      body.smtp === null
        ? null
        : {
            host: body.smtp.host,
            port: body.smtp.port,
            secure: body.smtp.secure,
            user: body.smtp.user ?? null,
            // omitted: the saved password stays (the form never shows it, so it cannot send it back)
            password: body.smtp.password === undefined ? (saved.smtp?.password ?? null) : body.smtp.password,
          };
    const siteUrl = body.siteUrl === null ? null : body.siteUrl.replace(/\/$/, '');
    const value = { smtp, from: body.from, siteUrl, notificationAddress: body.notificationAddress };
    await app.stores.transactions.write((q) => writeSiteDocumentStep(q, websiteId, MAIL_DOCUMENT, value));
    return settingsView(await effectiveMailSettingsOf(app.reads, websiteId, mailEnv));
  });
};
