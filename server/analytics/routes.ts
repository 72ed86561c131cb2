/**
 * The analytics, performance and error routes of spec 000 §7 and spec 001 §7 "Tracking" / "Performance":
 * every body checked by a schema (unknown outer fields refused) and its JSON payload picked (fields.ts:
 * unknown inner fields dropped), size-capped per route, rate-limited per address (group `analytics`), and
 * committed with its roll-ups before the answer (record.ts).
 *
 * - POST /api/census/RecordHit (event, data = JSON page-hit data, ss_cvr) → 204
 * - POST /api/census/button-click | button-render | form-render | overlay (visitorCookie, formId, event,
 *   data, page fields) and POST /api/census/RecordQuickView/{id} → 204
 * - POST /api/events/RecordEvent (crumb, event, data = JSON, eventName) → 204
 * - POST /api/v1/clanker/events (eventSchemaName, eventContent = JSON) → 202
 * - POST /api/v1/clanker/validate-event-content/{schemaName} (event content) → 200 { valid, unknownFields, missingFields, message? }
 * - GET /api/1/performance/settings → { pageLoadId, enabled, flushAfterMs, pageSpeedAfterMs, maxRecords }
 * - POST /api/1/performance/records ([{ app, data, event, pageLoadId, ts }]) → 204
 * - POST /api/events/RecordJavascriptErrors ([{ event, data, timestamp }], X-CSRF-Token) → 204
 *
 * Beacons cannot send headers, so every route but RecordEvent (whose form carries the crumb field) and
 * RecordJavascriptErrors (sent with the header, spec 000 §7) is exempt from the crumb (`config.crumb: false`);
 * a forged beacon can only add a row the visitor could add anyway, and the rate limit bounds it. Nothing is
 * recorded for a page under /config or /search, for a signed-in contributor with more than the viewer role,
 * or, for census hits and events, when the website setting `censusDisabled` is true: such calls are answered
 * like the others (the tracker ignores answers) and store nothing.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { isRecord } from '../../commerce/json.js';
import type { Store } from '../db/database.js';
import { isRecordedVisitor } from '../tracker/recorded-visitor.js';
import { websiteSettings } from '../page-context.js';
import { installBeaconBodies } from './beacon-body.js';
import {
  ERROR_DATA_FIELDS,
  EVENT_CONTENT_FIELDS,
  type FieldTable,
  HIT_FIELDS,
  LEGACY_EVENT_FIELDS,
  PAGE_FIELDS,
  PERFORMANCE_DATA_FIELDS,
  type Picked,
  REQUIRED_EVENT_CONTENT,
  SESSION_FIELDS,
  pathOf,
  pickFields,
  pickJsonFields,
} from './fields.js';
import type { Stamp } from './record.js';
import { stampOf } from './stamp.js';
import { dashboardRoutes } from './dashboard-routes.js';
import { retentionMonthsFromEnv, startSweeping } from './retention.js';
import { hashedId } from './visitor-id.js';

/** Body caps per route, in bytes. */
export const ANALYTICS_BODY_LIMITS = {
  hit: 16 * 1024,
  census: 16 * 1024,
  event: 16 * 1024,
  clanker: 32 * 1024,
  records: 64 * 1024,
  errors: 96 * 1024,
} as const;

/** Most records in one performance batch; most errors in one report (the reporter queues 10, spec 000 §9). */
export const MAX_RECORDS = 100;
export const MAX_ERRORS = 10;

/** What GET /api/1/performance/settings adds to the pageLoadId (spec 001 §4, §9). */
export const PERFORMANCE_SETTINGS = { flushAfterMs: 30_000, pageSpeedAfterMs: 60_000, maxRecords: MAX_RECORDS } as const;

const name = { type: 'string', minLength: 1, maxLength: 100 } as const;
const cookieValue = { type: 'string', maxLength: 100 } as const;
/** A JSON payload: the JSON text the spec sends, or (XHR with JSON) the object itself. */
const payload = (maxLength: number) => ({ type: ['string', 'object'], maxLength }) as const;

/** The page and session fields as top-level body fields (census calls send "visitorCookie plus page fields"). */
const pageFieldProperties = Object.fromEntries(
  Object.entries({ ...PAGE_FIELDS, ...SESSION_FIELDS }).map(([field, rule]) => [field, { type: ['string', 'number', 'boolean'], maxLength: Math.max(rule.max, 64) }]),
);

const hitBody = {
  type: 'object',
  required: ['event', 'data'],
  properties: { event: name, data: payload(12_000), ss_cvr: cookieValue },
  additionalProperties: false,
} as const;

const censusBody = {
  type: 'object',
  properties: { visitorCookie: cookieValue, formId: name, event: name, data: payload(12_000), ...pageFieldProperties },
  additionalProperties: false,
} as const;

const legacyEventBody = {
  type: 'object',
  required: ['event'],
  properties: { event: name, data: payload(12_000), eventName: name },
  additionalProperties: false,
} as const;

const clankerBody = {
  type: 'object',
  required: ['eventSchemaName', 'eventContent'],
  properties: { eventSchemaName: name, eventContent: payload(24_000) },
  additionalProperties: false,
} as const;

const recordsBody = {
  type: 'array',
  minItems: 1,
  maxItems: MAX_RECORDS,
  items: {
    type: 'object',
    required: ['app', 'event', 'pageLoadId', 'ts'],
    properties: { app: name, event: name, pageLoadId: { type: 'string', minLength: 1, maxLength: 64 }, ts: { type: 'number', minimum: 0 }, data: { type: 'object' } },
    additionalProperties: false,
  },
} as const;

const errorsBody = {
  type: 'array',
  minItems: 1,
  maxItems: MAX_ERRORS,
  items: {
    type: 'object',
    required: ['event', 'data', 'timestamp'],
    properties: { event: name, data: { type: 'object' }, timestamp: { type: 'number', minimum: 0 } },
    additionalProperties: false,
  },
} as const;

type Body = Record<string, unknown>;

/** Census side calls: their path under /api/census/, also the source stored. */
const CENSUS_CALLS = ['button-click', 'button-render', 'form-render', 'overlay'] as const;

export interface AnalyticsOptions {
  readonly store: Store;
  /** How long rows and roll-ups are kept (default: retention.ts, from the environment). */
  readonly retentionMonths?: number;
  /** Whether old rows are swept (default true; off on PostgreSQL, where the sweeper and the dashboard still read SQLite: server/db/README.md). */
  readonly sweep?: boolean;
}

export const analyticsRoutes: FastifyPluginAsync<AnalyticsOptions> = async (app, { store, retentionMonths = retentionMonthsFromEnv(), sweep = true }) => {
  const stopSweeping = sweep ? startSweeping(store, retentionMonths, (error) => app.log.error(error)) : () => {};
  app.addHook('onClose', async () => stopSweeping());
  await app.register(dashboardRoutes, { store, retentionMonths });
  installBeaconBodies(app);
  const beacon = { crumb: false, rateLimit: 'analytics' } as const;

  const refuse = (reply: FastifyReply, message: string) => reply.code(400).send({ message });

  /** The stamp for a write, or null when nothing is to be recorded for this caller. */
  const stampFor = async (request: FastifyRequest, census: boolean): Promise<Stamp | null> => {
    if (census && websiteSettings(store)['censusDisabled'] === true) return null;
    // a signed-in contributor with more than the viewer role is not a visitor (spec 001 §6): the same rule
    // that leaves the tracker off their pages
    if (!isRecordedVisitor(store, request)) return null;
    return stampOf(app.reads, Date.now());
  };
  const recorder = app.stores.analytics;

  /** Whether a page path is one no analytics is kept for: the editing area and search (spec 001 §2, §6). */
  const unrecorded = (path: string | null) => path !== null && (path === '/config' || path.startsWith('/config/') || path === '/search');

  /** The page path of a request: from the payload's `url`, else the Referer (beacons send it). */
  const pagePath = (request: FastifyRequest, url: unknown) => pathOf(url) ?? pathOf(request.headers.referer);

  const json = (value: unknown, table: FieldTable, what: string, fromForm = false): Picked =>
    typeof value === 'string' ? pickJsonFields(value, table, what) : pickFields(value ?? {}, table, what, fromForm);

  const visitorOf = (request: FastifyRequest, given: unknown) =>
    hashedId(request.server.crumbSecret, 'visitor', typeof given === 'string' && given !== '' ? given : request.cookies['ss_cvr']);

  app.post<{ Body: Body }>('/api/census/RecordHit', { schema: { body: hitBody }, bodyLimit: ANALYTICS_BODY_LIMITS.hit, config: beacon }, async (request, reply) => {
    const data = json(request.body['data'], HIT_FIELDS, 'data');
    if (!data.ok) return refuse(reply, data.message);
    const at = await stampFor(request, true);
    if (at !== null && !unrecorded(pagePath(request, data.value['url']))) {
      await recorder.hit(at, {
        event: String(request.body['event']),
        visitor: visitorOf(request, request.body['ss_cvr']),
        visit: hashedId(request.server.crumbSecret, 'visit', request.cookies['ss_cvt']),
        data: data.value,
      });
    }
    return reply.code(204).send();
  });

  /** A census side call: the page fields from `data` and from the body itself, picked together. */
  const censusEvent = async (request: FastifyRequest<{ Body: Body }>, reply: FastifyReply, source: string, defaultName: string) => {
    const { visitorCookie, formId, event, data: rawData, ...pageFields } = request.body ?? {};
    const inner = json(rawData, HIT_FIELDS, 'data');
    if (!inner.ok) return refuse(reply, inner.message);
    const outer = pickFields(pageFields, HIT_FIELDS, 'The request body', true);
    if (!outer.ok) return refuse(reply, outer.message);
    const data: Body = { ...inner.value, ...outer.value };
    if (typeof formId === 'string') data['formId'] = formId;
    const at = await stampFor(request, true);
    if (at !== null && !unrecorded(pagePath(request, data['url']))) {
      const eventName = typeof event === 'string' ? event : defaultName;
      await recorder.event(at, { source, name: eventName, visitor: visitorOf(request, visitorCookie), data });
    }
    return reply.code(204).send();
  };

  for (const call of CENSUS_CALLS) {
    app.post<{ Body: Body }>(`/api/census/${call}`, { schema: { body: censusBody }, bodyLimit: ANALYTICS_BODY_LIMITS.census, config: beacon }, async (request, reply) =>
      censusEvent(request, reply, call, call),
    );
  }

  app.post<{ Body: Body; Params: { id: string } }>(
    '/api/census/RecordQuickView/:id',
    {
      schema: { params: { type: 'object', required: ['id'], properties: { id: name } }, body: censusBody },
      bodyLimit: ANALYTICS_BODY_LIMITS.census,
      config: beacon,
      // the spec shows no body for a quick view: none is an empty one
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    async (request, reply) => censusEvent(request, reply, 'quick-view', request.params.id),
  );

  app.post<{ Body: Body }>(
    '/api/events/RecordEvent',
    { schema: { body: legacyEventBody }, bodyLimit: ANALYTICS_BODY_LIMITS.event, config: { rateLimit: 'analytics' } },
    async (request, reply) => {
      const data = json(request.body['data'], LEGACY_EVENT_FIELDS, 'data');
      if (!data.ok) return refuse(reply, data.message);
      const at = await stampFor(request, true);
      const { eventName } = request.body;
      if (at !== null && !unrecorded(pagePath(request, data.value['pagePath']))) {
        const stored = typeof eventName === 'string' ? { ...data.value, eventName } : data.value;
        await recorder.event(at, { source: 'record-event', name: String(request.body['event']), visitor: visitorOf(request, undefined), data: stored });
      }
      return reply.code(204).send();
    },
  );

  app.post<{ Body: Body }>('/api/v1/clanker/events', { schema: { body: clankerBody }, bodyLimit: ANALYTICS_BODY_LIMITS.clanker, config: beacon }, async (request, reply) => {
    const content = json(request.body['eventContent'], EVENT_CONTENT_FIELDS, 'eventContent');
    if (!content.ok) return refuse(reply, content.message);
    const at = await stampFor(request, true);
    if (at !== null && !unrecorded(pagePath(request, content.value['page_path']))) {
      const visitor = visitorOf(request, undefined);
      await recorder.event(at, { source: 'clanker', name: String(request.body['eventSchemaName']), visitor, data: content.value });
    }
    return reply.code(202).send();
  });

  app.post<{ Body: unknown; Params: { schemaName: string } }>(
    '/api/v1/clanker/validate-event-content/:schemaName',
    {
      schema: { params: { type: 'object', required: ['schemaName'], properties: { schemaName: name } }, body: { type: ['object', 'string'], maxLength: 24_000 } },
      bodyLimit: ANALYTICS_BODY_LIMITS.clanker,
      config: beacon,
    },
    async (request) => {
      let content: unknown = request.body;
      // `{ eventContent: "<JSON>" }` as the events route takes it, or the content itself
      if (isRecord(content) && Object.keys(content).length === 1 && typeof content['eventContent'] === 'string') content = content['eventContent'];
      const picked = json(content, EVENT_CONTENT_FIELDS, 'eventContent');
      if (!picked.ok) return { schemaName: request.params.schemaName, valid: false, unknownFields: [], missingFields: [], message: picked.message };
      const missingFields = REQUIRED_EVENT_CONTENT.filter((field) => picked.value[field] === undefined);
      return {
        schemaName: request.params.schemaName,
        valid: picked.unknown.length === 0 && missingFields.length === 0,
        unknownFields: picked.unknown,
        missingFields,
      };
    },
  );

  app.get('/api/1/performance/settings', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const enabled = (await stampFor(request, false)) !== null;
    return { pageLoadId: randomUUID(), enabled, ...PERFORMANCE_SETTINGS };
  });

  app.post<{ Body: { app: string; event: string; pageLoadId: string; ts: number; data?: Body }[] }>(
    '/api/1/performance/records',
    { schema: { body: recordsBody }, bodyLimit: ANALYTICS_BODY_LIMITS.records, config: beacon },
    async (request, reply) => {
      const rows = [];
      for (const [i, record] of request.body.entries()) {
        const data = pickFields(record.data ?? {}, PERFORMANCE_DATA_FIELDS, `${i}.data`);
        if (!data.ok) return refuse(reply, data.message);
        // the page a record is about: its own path, else its url's, else the page that sent it
        const path = typeof data.value['path'] === 'string' ? data.value['path'] : pagePath(request, data.value['url']);
        if (path !== null) data.value['path'] = path;
        if (unrecorded(path)) continue;
        rows.push({ app: record.app, event: record.event, pageLoadId: record.pageLoadId, ts: Math.floor(record.ts), data: data.value });
      }
      const at = await stampFor(request, false);
      if (at !== null && rows.length > 0) await recorder.performance(at, rows);
      return reply.code(204).send();
    },
  );

  app.post<{ Body: { event: string; data: Body; timestamp: number }[] }>(
    '/api/events/RecordJavascriptErrors',
    { schema: { body: errorsBody }, bodyLimit: ANALYTICS_BODY_LIMITS.errors, config: { rateLimit: 'analytics' } },
    async (request, reply) => {
      const rows = [];
      for (const [i, error] of request.body.entries()) {
        const data = pickFields(error.data, ERROR_DATA_FIELDS, `${i}.data`);
        if (!data.ok) return refuse(reply, data.message);
        const page = (typeof data.value['path'] === 'string' ? data.value['path'] : pagePath(request, data.value['url'])) ?? '';
        if (unrecorded(page)) continue;
        const message = typeof data.value['message'] === 'string' && data.value['message'].trim() !== '' ? data.value['message'].trim() : error.event;
        rows.push({ event: error.event, timestamp: Math.floor(error.timestamp), message, page, data: data.value });
      }
      const at = await stampFor(request, false);
      if (at !== null && rows.length > 0) await recorder.errors(at, rows);
      return reply.code(204).send();
    },
  );
};
