/**
 * Contributors and their invitations (issue 26), the rules in one place:
 * - an invitation offers roles to an e-mail address; its link carries a single-use random token (only its
 *   SHA-256 is stored) and works for INVITATION_HOURS; the invite e-mail is queued in the outbox in the same
 *   transaction (server/email/invite.ts) and sent by the worker. Inviting an address again replaces its waiting
 *   invitation (a new link; the old one stops working); a contributor's address is refused.
 * - accepting sets the invitee's name and password: they become a contributor with the roles offered, and the
 *   token is spent.
 * - roles change and contributors are removed, but the site always keeps an administrator (the last `admin`
 *   can neither lose the role nor be removed). A removed contributor's sessions end with them; a changed one's
 *   next request already has the new roles (the guard reads them on each request).
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { isValidEmail } from '../../commerce/form-validation.js';
import { parseJson } from '../commerce/catalog.js';
import type { Reads } from '../db/reads.js';
import type { contributorInvitations, contributors as contributorsTable } from '../db/schema.js';
import { all, forUpdate, get, run, runRead, type Transactions, type Work } from '../db/work.js';
import { queueInviteEmailStep } from '../email/invite.js';
import { hashPassword } from '../owner/password.js';
import { type ContributorRole, isContributorRole, ROLE_CODES } from '../owner/roles.js';
import type { SignedInContributor } from '../owner/sessions.js';
import { MIN_PASSWORD_LENGTH } from '../owner/site-owner.js';

/** How long an invitation link works: a week, as the platform's do. */
export const INVITATION_HOURS = 7 * 24;
const HOUR_MS = 3_600_000;
/** The admin app's page that accepts an invitation (hydrate/admin/screens/invitation.tsx). */
export const INVITATION_PATH = '/config/invitation';

export const CONTRIBUTOR_MESSAGES = {
  // spec 001 §5, verbatim
  invalidEmail: 'Please enter a valid email',
  alreadyContributor: 'This person is already a contributor.',
  notFound: 'There is no such contributor.',
  invitationNotFound: 'There is no such invitation.',
  lastAdmin: 'The site needs at least one administrator: make someone else an administrator first.',
  linkInvalid: 'This invitation link does not work. Ask the site owner for a new one.',
  linkExpired: 'This invitation has expired. Ask the site owner for a new one.',
  linkUsed: 'This invitation has already been accepted. Sign in instead.',
  shortPassword: `Choose a password of at least ${MIN_PASSWORD_LENGTH} characters.`,
} as const;

export type Outcome<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly status: number; readonly message: string };
const refuse = (status: number, message: string) => ({ ok: false, status, message }) as const;

export interface ContributorView {
  readonly id: string;
  readonly email: string;
  readonly displayName: string;
  readonly roles: readonly { readonly name: ContributorRole; readonly code: number }[];
  readonly createdAt: number;
}

export interface InvitationView {
  readonly id: string;
  readonly email: string;
  readonly roles: readonly { readonly name: ContributorRole; readonly code: number }[];
  readonly createdAt: number;
  readonly expiresAt: number;
}

const rolesOf = (json: string): ContributorRole[] => {
  const parsed = parseJson<unknown>(json, []);
  return Array.isArray(parsed) ? parsed.filter(isContributorRole) : [];
};
const coded = (roles: readonly ContributorRole[]) => roles.map((name) => ({ name, code: ROLE_CODES[name] }));
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export async function listContributors({ db, t }: Reads, websiteId: string, now: number): Promise<{ contributors: ContributorView[]; invitations: InvitationView[] }> {
  const { contributorInvitations, contributors } = t;
  const [people, waiting] = await Promise.all([
    db.select().from(contributors).where(eq(contributors.websiteId, websiteId)).orderBy(contributors.createdAt, contributors.email),
    db
      .select()
      .from(contributorInvitations)
      .where(and(eq(contributorInvitations.websiteId, websiteId), isNull(contributorInvitations.acceptedAt), gt(contributorInvitations.expiresAt, now)))
      .orderBy(contributorInvitations.createdAt),
  ]);
  return {
    contributors: people.map((c) => ({ id: c.id, email: c.email, displayName: c.displayName, roles: coded(rolesOf(c.roles)), createdAt: c.createdAt })),
    invitations: waiting.map((i) => ({ id: i.id, email: i.email, roles: coded(rolesOf(i.roles)), createdAt: i.createdAt, expiresAt: i.expiresAt })),
  };
}

/** Invites `email` with `roles`; the e-mail is queued with the invitation. */
export async function invite(transactions: Transactions, inviter: SignedInContributor, email: string, roles: readonly ContributorRole[], now: number): Promise<Outcome<InvitationView>> {
  const address = email.trim().toLowerCase();
  if (!isValidEmail(address)) return refuse(400, CONTRIBUTOR_MESSAGES.invalidEmail);
  const token = randomBytes(32).toString('base64url');
  const unique = [...new Set(roles)];
  return transactions.write(function* (q): Work<Outcome<InvitationView>> {
    const { db } = q;
    const { contributorInvitations, contributors } = q.t;
    const existing = yield* get(db.select({ id: contributors.id }).from(contributors).where(and(eq(contributors.websiteId, inviter.websiteId), eq(contributors.email, address))));
    if (existing !== undefined) return refuse(409, CONTRIBUTOR_MESSAGES.alreadyContributor);
    yield* run(
      db
        .delete(contributorInvitations)
        .where(and(eq(contributorInvitations.websiteId, inviter.websiteId), eq(contributorInvitations.email, address), isNull(contributorInvitations.acceptedAt))),
    );
    const row = {
      id: randomUUID(),
      websiteId: inviter.websiteId,
      email: address,
      roles: JSON.stringify(unique),
      tokenHash: hashOf(token),
      invitedBy: inviter.id,
      createdAt: now,
      expiresAt: now + INVITATION_HOURS * HOUR_MS,
    };
    yield* run(db.insert(contributorInvitations).values(row));
    yield* queueInviteEmailStep(
      q,
      {
        websiteId: inviter.websiteId,
        to: address,
        inviterName: inviter.displayName === '' ? inviter.email : inviter.displayName,
        roles: unique,
        link: `${INVITATION_PATH}?token=${token}`,
        validForHours: INVITATION_HOURS,
      },
      now,
    );
    return { ok: true, value: { id: row.id, email: address, roles: coded(unique), createdAt: now, expiresAt: row.expiresAt } } as const;
  });
}

export async function revokeInvitation(transactions: Transactions, websiteId: string, id: string): Promise<Outcome<null>> {
  const removed = await transactions.write(function* ({ db, t }) {
    const { contributorInvitations } = t;
    return yield* all(
      db
        .delete(contributorInvitations)
        .where(and(eq(contributorInvitations.id, id), eq(contributorInvitations.websiteId, websiteId), isNull(contributorInvitations.acceptedAt)))
        .returning({ id: contributorInvitations.id }),
    );
  });
  return removed.length === 0 ? refuse(404, CONTRIBUTOR_MESSAGES.invitationNotFound) : { ok: true, value: null };
}

/**
 * The caller's contributor `id`, and whether the site has an administrator other than them. On PostgreSQL the
 * site's contributors are locked (`FOR UPDATE`), so two admins removing each other at once cannot both go.
 */
function* contributorAndOtherAdmin({ db, t }: Reads, websiteId: string, id: string): Work<{ row: ContributorRow | undefined; otherAdmin: boolean }> {
  const { contributors } = t;
  const everyone = yield* all(forUpdate({ db, t }, db.select().from(contributors).where(eq(contributors.websiteId, websiteId)).orderBy(contributors.id)));
  return { row: everyone.find((c) => c.id === id), otherAdmin: everyone.some((c) => c.id !== id && rolesOf(c.roles).includes('admin')) };
}

type ContributorRow = typeof contributorsTable.$inferSelect;

export function changeRoles(transactions: Transactions, websiteId: string, id: string, roles: readonly ContributorRole[]): Promise<Outcome<ContributorView>> {
  const unique = [...new Set(roles)];
  return transactions.write(function* (q): Work<Outcome<ContributorView>> {
    const { row, otherAdmin } = yield* contributorAndOtherAdmin(q, websiteId, id);
    if (row === undefined) return refuse(404, CONTRIBUTOR_MESSAGES.notFound);
    if (rolesOf(row.roles).includes('admin') && !unique.includes('admin') && !otherAdmin) return refuse(409, CONTRIBUTOR_MESSAGES.lastAdmin);
    yield* run(q.db.update(q.t.contributors).set({ roles: JSON.stringify(unique) }).where(eq(q.t.contributors.id, id)));
    return { ok: true, value: { id, email: row.email, displayName: row.displayName, roles: coded(unique), createdAt: row.createdAt } } as const;
  });
}

export function removeContributor(transactions: Transactions, websiteId: string, id: string): Promise<Outcome<null>> {
  return transactions.write(function* (q): Work<Outcome<null>> {
    const { row, otherAdmin } = yield* contributorAndOtherAdmin(q, websiteId, id);
    if (row === undefined) return refuse(404, CONTRIBUTOR_MESSAGES.notFound);
    if (rolesOf(row.roles).includes('admin') && !otherAdmin) return refuse(409, CONTRIBUTOR_MESSAGES.lastAdmin);
    yield* run(q.db.delete(q.t.ownerSessions).where(eq(q.t.ownerSessions.contributorId, id)));
    yield* run(q.db.delete(q.t.contributors).where(eq(q.t.contributors.id, id)));
    return { ok: true, value: null } as const;
  });
}

type InvitationRow = typeof contributorInvitations.$inferSelect;

function* usableInvitation({ db, t }: Reads, token: string, now: number): Work<Outcome<InvitationRow>> {
  const { contributorInvitations } = t;
  const row = yield* get(db.select().from(contributorInvitations).where(eq(contributorInvitations.tokenHash, hashOf(token))));
  if (row === undefined) return refuse(404, CONTRIBUTOR_MESSAGES.linkInvalid);
  if (row.acceptedAt !== null) return refuse(410, CONTRIBUTOR_MESSAGES.linkUsed);
  if (row.expiresAt <= now) return refuse(410, CONTRIBUTOR_MESSAGES.linkExpired);
  return { ok: true, value: row };
}

/** What the accept page shows: who is invited, to which site, with which roles. */
export function readInvitation(reads: Reads, token: string, now: number): Promise<Outcome<{ email: string; siteTitle: string; roles: ReturnType<typeof coded> }>> {
  return runRead(reads, function* (q) {
    const found = yield* usableInvitation(q, token, now);
    if (!found.ok) return found;
    const { websites } = q.t;
    const site = yield* get(q.db.select({ title: websites.title }).from(websites).where(eq(websites.id, found.value.websiteId)));
    return { ok: true, value: { email: found.value.email, siteTitle: site?.title ?? '', roles: coded(rolesOf(found.value.roles)) } } as const;
  });
}

/** The invitee becomes a contributor; answers their e-mail (the accept page signs them in with it). */
export async function acceptInvitation(reads: Reads, transactions: Transactions, token: string, displayName: string, password: string, now: number): Promise<Outcome<{ email: string }>> {
  if (password.length < MIN_PASSWORD_LENGTH) return refuse(400, CONTRIBUTOR_MESSAGES.shortPassword);
  const checked = await runRead(reads, (q) => usableInvitation(q, token, now));
  if (!checked.ok) return checked;
  // hashed before the transaction (scrypt is slow and asynchronous); the token is checked again inside it, and
  // spent by a conditional update, so two acceptances at once make one contributor
  const passwordHash = await hashPassword(password);
  return transactions.write(function* (q): Work<Outcome<{ email: string }>> {
    const { db } = q;
    const { contributorInvitations, contributors } = q.t;
    const found = yield* usableInvitation(q, token, now);
    if (!found.ok) return found;
    const invitation = found.value;
    const taken = yield* get(db.select({ id: contributors.id }).from(contributors).where(and(eq(contributors.websiteId, invitation.websiteId), eq(contributors.email, invitation.email))));
    if (taken !== undefined) return refuse(409, CONTRIBUTOR_MESSAGES.alreadyContributor);
    const spent = yield* all(
      db
        .update(contributorInvitations)
        .set({ acceptedAt: now })
        .where(and(eq(contributorInvitations.id, invitation.id), isNull(contributorInvitations.acceptedAt)))
        .returning({ id: contributorInvitations.id }),
    );
    if (spent.length === 0) return refuse(410, CONTRIBUTOR_MESSAGES.linkUsed);
    yield* run(
      db
        .insert(contributors)
        .values({ id: randomUUID(), websiteId: invitation.websiteId, email: invitation.email, displayName: displayName.trim(), passwordHash, roles: invitation.roles, createdAt: now }),
    );
    return { ok: true, value: { email: invitation.email } } as const;
  });
}
