/**
 * Contributors and invitations over the demo store: an invitation queues its e-mail whose link accepts it once;
 * the invitee signs in with the roles offered; roles change and contributors go, but never the last
 * administrator; every refusal is in words ('Please enter a valid email' verbatim, spec 001); each role of the
 * table, 401 signed out, 403 without the crumb.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EveryRole, signInEveryRole } from '../merchant/role-test-support.js';
import { CONTRIBUTOR_ROLES, OWNER_PERMISSIONS } from '../owner/roles.js';
import { demoApp, withCrumb, writeBeside } from '../test-support.js';
import { CONTRIBUTOR_MESSAGES, INVITATION_HOURS } from './service.js';

let app: FastifyInstance;
let roles: EveryRole;

beforeAll(async () => {
  ({ app } = await demoApp({ guards: { rateLimits: { owner: { burst: 10_000, perMinute: 10_000 } } } }));
  roles = await signInEveryRole(app);
});
afterAll(async () => app.close());

const inviteAs = (email: string, offered: string[] = ['store manager']) => roles.call({ method: 'POST', url: '/api/owner/contributors/invitations', payload: { email, roles: offered } });
/** The token of the newest invite e-mail to `to`, read from its link as the invitee would. */
const tokenMailedTo = async (to: string) => {
  const { db, t } = app.reads;
  const mail = (await db.select().from(t.outboxEmails).where(eq(t.outboxEmails.toAddress, to))).at(-1)!;
  return /\/config\/invitation\?token=([A-Za-z0-9_-]+)/.exec(mail.bodyText)![1]!;
};
const idOf = async (email: string) => {
  const { db, t } = app.reads;
  return (await db.select({ id: t.contributors.id }).from(t.contributors).where(eq(t.contributors.email, email)))[0]!.id;
};

describe('inviting', () => {
  it('queues the invite e-mail; its link shows the invitation, accepts it once, and the invitee signs in with the roles offered', async () => {
    const res = await inviteAs('  Grace@Example.com ', ['store manager', 'reporting']);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ email: 'grace@example.com', roles: [{ name: 'store manager' }, { name: 'reporting' }] });
    expect(res.json().expiresAt - res.json().createdAt).toBe(INVITATION_HOURS * 3_600_000);
    const { db, t } = app.reads;
    const mail = (await db.select().from(t.outboxEmails).where(eq(t.outboxEmails.toAddress, 'grace@example.com')))[0]!;
    expect([mail.kind, mail.status, mail.subject]).toEqual(['invite', 'queued', 'admin invited you to Tessera Supply Co.']);
    expect(mail.bodyHtml).toContain('/config/invitation?token=');
    // only the token's hash is stored
    const token = await tokenMailedTo('grace@example.com');
    expect(JSON.stringify(await db.select().from(t.contributorInvitations))).not.toContain(token);
    expect((await roles.call({ url: '/api/owner/contributors' })).json().invitations.map((i: { email: string }) => i.email)).toContain('grace@example.com');

    const shown = await app.inject(`/api/owner/invitations/${token}`);
    expect(shown.json()).toEqual({ email: 'grace@example.com', siteTitle: 'Tessera Supply Co.', roles: [{ name: 'store manager', code: 7 }, { name: 'reporting', code: 3 }] });
    const short = await app.inject(withCrumb({ method: 'POST', url: `/api/owner/invitations/${token}/accept`, payload: { displayName: 'Grace', password: 'short' } }));
    expect([short.statusCode, short.json().message]).toEqual([400, CONTRIBUTOR_MESSAGES.shortPassword]);
    const accepted = await app.inject(withCrumb({ method: 'POST', url: `/api/owner/invitations/${token}/accept`, payload: { displayName: 'Grace Hopper', password: 'compilers all the way' } }));
    expect(accepted.statusCode, accepted.body).toBe(201);
    const again = await app.inject(withCrumb({ method: 'POST', url: `/api/owner/invitations/${token}/accept`, payload: { displayName: 'Mallory', password: 'compilers all the way' } }));
    expect([again.statusCode, again.json().message]).toEqual([410, CONTRIBUTOR_MESSAGES.linkUsed]);

    const signIn = await app.inject(withCrumb({ method: 'POST', url: '/api/owner/session', payload: { email: 'grace@example.com', password: 'compilers all the way' } }));
    expect(signIn.statusCode, signIn.body).toBe(200);
    const cookie = signIn.cookies.find((c) => c.name === 'tessera_owner')!;
    const session = await app.inject({ url: '/api/owner/session', cookies: { tessera_owner: cookie.value } });
    expect(session.json()).toMatchObject({ displayName: 'Grace Hopper', roles: [{ name: 'store manager' }, { name: 'reporting' }] });
    const list = (await roles.call({ url: '/api/owner/contributors' })).json();
    expect(list.invitations.map((i: { email: string }) => i.email)).not.toContain('grace@example.com');
    expect(list.contributors.map((c: { email: string }) => c.email)).toContain('grace@example.com');
  });

  it('refuses a bad address with the editor’s words, a contributor’s address, unknown roles and fields', async () => {
    for (const email of ['grace', 'grace@', '@example.com', 'a b@example.com', '']) {
      const res = await inviteAs(email);
      expect([res.statusCode, res.json().message], email).toEqual([400, 'Please enter a valid email']);
    }
    const taken = await inviteAs('admin@example.com');
    expect([taken.statusCode, taken.json().message]).toEqual([409, CONTRIBUTOR_MESSAGES.alreadyContributor]);
    for (const payload of [{ email: 'x@example.com', roles: [] }, { email: 'x@example.com', roles: ['owner'] }, { email: 'x@example.com' }, { email: 'x@example.com', roles: ['admin'], extra: 1 }]) {
      const res = await roles.call({ method: 'POST', url: '/api/owner/contributors/invitations', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
  });

  it('a second invitation replaces the first (its link stops working); a revoked one and an expired one do not work', async () => {
    await inviteAs('ada@example.com');
    const first = await tokenMailedTo('ada@example.com');
    const second = await inviteAs('ada@example.com', ['editor']);
    expect((await app.inject(`/api/owner/invitations/${first}`)).statusCode).toBe(404);
    const token = await tokenMailedTo('ada@example.com');
    expect((await app.inject(`/api/owner/invitations/${token}`)).json().roles).toEqual([{ name: 'editor', code: 4 }]);
    expect((await roles.call({ method: 'DELETE', url: `/api/owner/contributors/invitations/${second.json().id}` })).statusCode).toBe(204);
    expect((await app.inject(`/api/owner/invitations/${token}`)).json().message).toBe(CONTRIBUTOR_MESSAGES.linkInvalid);
    expect((await roles.call({ method: 'DELETE', url: `/api/owner/contributors/invitations/${second.json().id}` })).statusCode).toBe(404);

    await inviteAs('late@example.com');
    const late = await tokenMailedTo('late@example.com');
    const { db, t } = app.reads;
    await db.update(t.contributorInvitations).set({ expiresAt: Date.now() - 1 }).where(eq(t.contributorInvitations.email, 'late@example.com'));
    const expired = await app.inject(`/api/owner/invitations/${late}`);
    expect([expired.statusCode, expired.json().message]).toEqual([410, CONTRIBUTOR_MESSAGES.linkExpired]);
    expect((await app.inject('/api/owner/invitations/not-a-token')).statusCode).toBe(404);
    expect((await app.inject('/api/owner/invitations/bad%20token')).statusCode).toBe(400);
  });
});

describe('roles and removal', () => {
  it('changes a contributor’s roles and removes one, ending their sessions; never the last administrator', async () => {
    const viewer = await idOf('viewer@example.com');
    const changed = await roles.call({ method: 'PUT', url: `/api/owner/contributors/${viewer}`, payload: { roles: ['editor'] } });
    expect(changed.json().roles).toEqual([{ name: 'editor', code: 4 }]);
    // the new role counts from the next request
    expect((await roles.call({ url: '/api/merchant/forms' }, 'viewer')).statusCode).toBe(200);
    expect((await roles.call({ method: 'DELETE', url: `/api/owner/contributors/${viewer}` })).statusCode).toBe(204);
    expect((await roles.call({ url: '/api/owner/session' }, 'viewer')).statusCode).toBe(401);
    expect((await roles.call({ method: 'DELETE', url: `/api/owner/contributors/${viewer}` })).statusCode).toBe(404);

    // two administrators: one may stop being one, the other then stays
    await writeBeside(app, async ({ db, t }) => {
      await db.insert(t.contributors).values({ id: 'second-admin', websiteId: 'demo', email: 'second-admin@example.com', displayName: 'Second', passwordHash: 'unused', roles: '["admin"]', createdAt: 0 });
    });
    const { db, t } = app.reads;
    const admins = (await db.select().from(t.contributors)).filter((c) => JSON.parse(c.roles).includes('admin'));
    expect(admins.length).toBe(2);
    const [first, last] = [admins.find((a) => a.email !== 'admin@example.com')!, admins.find((a) => a.email === 'admin@example.com')!];
    expect((await roles.call({ method: 'PUT', url: `/api/owner/contributors/${first.id}`, payload: { roles: ['billing'] } })).statusCode).toBe(200);
    const demote = await roles.call({ method: 'PUT', url: `/api/owner/contributors/${last.id}`, payload: { roles: ['editor'] } });
    expect([demote.statusCode, demote.json().message]).toEqual([409, CONTRIBUTOR_MESSAGES.lastAdmin]);
    const remove = await roles.call({ method: 'DELETE', url: `/api/owner/contributors/${last.id}` });
    expect([remove.statusCode, remove.json().message]).toEqual([409, CONTRIBUTOR_MESSAGES.lastAdmin]);
    // keeping admin among other roles is fine
    expect((await roles.call({ method: 'PUT', url: `/api/owner/contributors/${last.id}`, payload: { roles: ['admin', 'editor'] } })).statusCode).toBe(200);
    for (const payload of [{ roles: [] }, { roles: ['admin', 'admin'] }, { roles: ['root'] }, {}]) {
      expect((await roles.call({ method: 'PUT', url: `/api/owner/contributors/${last.id}`, payload })).statusCode, JSON.stringify(payload)).toBe(400);
    }
  });

  it('answers each role as the table says; 401 signed out; 403 without the crumb', async () => {
    expect((await app.inject('/api/owner/contributors')).statusCode).toBe(401);
    expect((await app.inject(withCrumb({ method: 'POST', url: '/api/owner/contributors/invitations', payload: { email: 'x@example.com', roles: ['editor'] } }))).statusCode).toBe(401);
    const target = await idOf('moderator@example.com');
    for (const role of CONTRIBUTOR_ROLES.filter((r) => r !== 'viewer')) {
      const allowed = (OWNER_PERMISSIONS.manageContributors as readonly string[]).includes(role);
      expect((await roles.call({ url: '/api/owner/contributors' }, role)).statusCode, role).toBe(allowed ? 200 : 403);
      expect((await roles.call({ method: 'POST', url: '/api/owner/contributors/invitations', payload: { email: `by-${role.replace(/ /g, '-')}@example.com`, roles: ['editor'] } }, role)).statusCode, role).toBe(allowed ? 201 : 403);
      expect((await roles.call({ method: 'PUT', url: `/api/owner/contributors/${target}`, payload: { roles: ['moderator'] } }, role)).statusCode, role).toBe(allowed ? 200 : 403);
    }
    const noCrumb = await app.inject({ method: 'POST', url: '/api/owner/contributors/invitations', payload: { email: 'x@example.com', roles: ['editor'] }, cookies: roles.cookies('admin') });
    expect(noCrumb.statusCode).toBe(403);
    const acceptNoCrumb = await app.inject({ method: 'POST', url: '/api/owner/invitations/abc/accept', payload: { displayName: 'x', password: 'long enough' } });
    expect(acceptNoCrumb.statusCode).toBe(403);
  });
});
