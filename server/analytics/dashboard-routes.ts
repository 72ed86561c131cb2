/**
 * The owner's pages under /config (no analytics is recorded on them, routes.ts):
 * - GET /config/analytics?days=7|30|90|365 or ?from=&to= → the dashboard, for a signed-in contributor allowed
 *   to read analytics (roles.ts `readAnalytics`); signed out → 303 to the sign-in page; another role → 403.
 * - GET /config/login → a plain sign-in form; POST /config/login (form: email, password, rememberMe, crumb) is
 *   the no-JavaScript twin of POST /api/owner/session (same check, same session) → 303 to the dashboard, or the
 *   form again with the wrong-credentials message (401).
 * - POST /config/logout (form: crumb) → ends the session, 303 to the sign-in page.
 */
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { Store } from '../db/database.js';
import { escapeHtml } from '../escape-html.js';
import { NOT_ALLOWED } from '../owner/guard.js';
import { OWNER_PERMISSIONS } from '../owner/roles.js';
import { requestContributor } from '../owner/sessions.js';
import { endOwnerSession, ownerSignIn, ownerSignInRefusal, startOwnerSession } from '../routes/owner-session.js';
import { CONFIG_PAGE_POLICY, configPage } from './config-page.js';
import { dashboardData } from './dashboard-data.js';
import { dashboardBody } from './dashboard-page.js';
import { type RangeQuery, rangeOf } from './range.js';
import { firstKeptDay } from './retention.js';
import { dayKey } from './site-days.js';
import { siteOfReads } from './stamp.js';

export const DASHBOARD_PATH = '/config/analytics';
export const LOGIN_PATH = '/config/login';

const ALLOWED = new Set<string>(OWNER_PERMISSIONS.readAnalytics);

const rangeQuery = {
  type: 'object',
  properties: { days: { type: 'string', maxLength: 10 }, from: { type: 'string', maxLength: 20 }, to: { type: 'string', maxLength: 20 } },
  additionalProperties: false,
} as const;

const loginBody = {
  type: 'object',
  required: ['email', 'password'],
  properties: { email: { type: 'string', minLength: 1, maxLength: 320 }, password: { type: 'string', minLength: 1, maxLength: 1024 }, rememberMe: { type: 'string', maxLength: 10 } },
  additionalProperties: false,
} as const;

export const dashboardRoutes: FastifyPluginAsync<{ store: Store; retentionMonths: number }> = async (app, { store, retentionMonths }) => {
  const siteTitle = async () => {
    const { db, t } = app.reads;
    const [site] = await db.select({ title: t.websites.title }).from(t.websites).limit(1);
    return site?.title ?? 'Tessera';
  };

  const send = async (reply: FastifyReply, status: number, title: string, crumb: string | null, body: string) =>
    reply
      .code(status)
      .header('content-security-policy', CONFIG_PAGE_POLICY)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(configPage({ title, siteTitle: await siteTitle(), crumb, body }));

  const loginForm = (crumb: string, message: string | null, email = '') =>
    `<h1>Sign in</h1><p>Sign in as the site owner or a contributor to see the site's analytics.</p>` +
    (message === null ? '' : `<p class="message" role="alert">${escapeHtml(message)}</p>`) +
    `<form method="post" action="${LOGIN_PATH}"><input type="hidden" name="crumb" value="${escapeHtml(crumb)}">` +
    `<label for="email">E-mail address</label><input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(email)}">` +
    `<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required>` +
    `<p><label><input type="checkbox" name="rememberMe" value="true"> Keep me signed in for 30 days</label></p>` +
    `<button type="submit">Sign in</button></form>`;

  app.get(LOGIN_PATH, async (request, reply) => {
    const contributor = requestContributor(store, request);
    if (contributor !== null && contributor.roles.some((r) => ALLOWED.has(r))) return reply.redirect(DASHBOARD_PATH, 303);
    return send(reply, 200, 'Sign in', null, loginForm(request.crumb, null));
  });

  app.post<{ Body: { email: string; password: string; rememberMe?: string } }>(
    LOGIN_PATH,
    { schema: { body: loginBody }, config: { rateLimit: 'owner' } },
    async (request, reply) => {
      const outcome = await ownerSignIn(request, reply, request.body.email, request.body.password);
      if (outcome.kind !== 'ok') {
        const { status, message } = ownerSignInRefusal(outcome);
        return send(reply, status, 'Sign in', null, loginForm(request.crumb, message, request.body.email));
      }
      await startOwnerSession(request, reply, outcome.contributorId, request.body.rememberMe === 'true');
      return reply.redirect(DASHBOARD_PATH, 303);
    },
  );

  app.post('/config/logout', { config: { rateLimit: 'owner' } }, async (request, reply) => {
    await endOwnerSession(request, reply);
    return reply.redirect(LOGIN_PATH, 303);
  });

  app.get<{ Querystring: RangeQuery }>(DASHBOARD_PATH, { schema: { querystring: rangeQuery } }, async (request, reply) => {
    const contributor = requestContributor(store, request);
    if (contributor === null) return reply.redirect(LOGIN_PATH, 303);
    if (!contributor.roles.some((r) => ALLOWED.has(r))) return send(reply, 403, 'Analytics', request.crumb, `<h1>Analytics</h1><p class="message" role="alert">${NOT_ALLOWED}</p>`);
    const site = await siteOfReads(app.reads);
    if (site === null) return send(reply, 404, 'Analytics', request.crumb, '<h1>Analytics</h1><p>There is no site yet.</p>');
    const today = dayKey(Date.now(), site.timeZone);
    const asked = rangeOf(request.query, today, firstKeptDay(today, retentionMonths));
    const data = await dashboardData(app.reads, site, asked.range);
    const body = dashboardBody(data, request.query, asked.ok ? null : asked.message);
    return send(reply, asked.ok ? 200 : 400, 'Analytics', request.crumb, body);
  });
};
