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
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { isValidEmail } from '../../commerce/form-validation.js';
import { parseJson } from '../commerce/catalog.js';
import type { Store, StoreTransaction } from '../db/database.js';
import { contributorInvitations, contributors, ownerSessions, websites } from '../db/schema.js';
import { queueInviteEmail } from '../email/invite.js';
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

export function listContributors(store: Store, websiteId: string, now: number): { contributors: ContributorView[]; invitations: InvitationView[] } {
  const people = store
    .select()
    .from(contributors)
    .where(eq(contributors.websiteId, websiteId))
    .orderBy(contributors.createdAt, contributors.email)
    .all()
    .map((c) => ({ id: c.id, email: c.email, displayName: c.displayName, roles: coded(rolesOf(c.roles)), createdAt: c.createdAt }));
  const waiting = store
    .select()
    .from(contributorInvitations)
    .where(and(eq(contributorInvitations.websiteId, websiteId), isNull(contributorInvitations.acceptedAt), gt(contributorInvitations.expiresAt, now)))
    .orderBy(contributorInvitations.createdAt)
    .all()
    .map((i) => ({ id: i.id, email: i.email, roles: coded(rolesOf(i.roles)), createdAt: i.createdAt, expiresAt: i.expiresAt }));
  return { contributors: people, invitations: waiting };
}

/** Invites `email` with `roles`; the e-mail is queued with the invitation. */
export function invite(store: Store, inviter: SignedInContributor, email: string, roles: readonly ContributorRole[], now: number): Outcome<InvitationView> {
  const address = email.trim().toLowerCase();
  if (!isValidEmail(address)) return refuse(400, CONTRIBUTOR_MESSAGES.invalidEmail);
  const token = randomBytes(32).toString('base64url');
  const unique = [...new Set(roles)];
  return store.transaction((tx) => {
    const existing = tx
      .select({ id: contributors.id })
      .from(contributors)
      .where(and(eq(contributors.websiteId, inviter.websiteId), eq(contributors.email, address)))
      .get();
    if (existing !== undefined) return refuse(409, CONTRIBUTOR_MESSAGES.alreadyContributor);
    tx.delete(contributorInvitations)
      .where(and(eq(contributorInvitations.websiteId, inviter.websiteId), eq(contributorInvitations.email, address), isNull(contributorInvitations.acceptedAt)))
      .run();
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
    tx.insert(contributorInvitations).values(row).run();
    queueInviteEmail(
      tx,
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

export function revokeInvitation(store: Store, websiteId: string, id: string): Outcome<null> {
  const removed = store
    .delete(contributorInvitations)
    .where(and(eq(contributorInvitations.id, id), eq(contributorInvitations.websiteId, websiteId), isNull(contributorInvitations.acceptedAt)))
    .run();
  return removed.changes === 0 ? refuse(404, CONTRIBUTOR_MESSAGES.invitationNotFound) : { ok: true, value: null };
}

/** Whether the site has an administrator other than `exceptId`. */
function otherAdminExists(tx: StoreTransaction, websiteId: string, exceptId: string): boolean {
  return tx
    .select({ id: contributors.id, roles: contributors.roles })
    .from(contributors)
    .where(and(eq(contributors.websiteId, websiteId), sql`${contributors.id} <> ${exceptId}`))
    .all()
    .some((c) => rolesOf(c.roles).includes('admin'));
}

export function changeRoles(store: Store, websiteId: string, id: string, roles: readonly ContributorRole[]): Outcome<ContributorView> {
  const unique = [...new Set(roles)];
  return store.transaction((tx) => {
    const row = tx.select().from(contributors).where(and(eq(contributors.id, id), eq(contributors.websiteId, websiteId))).get();
    if (row === undefined) return refuse(404, CONTRIBUTOR_MESSAGES.notFound);
    if (rolesOf(row.roles).includes('admin') && !unique.includes('admin') && !otherAdminExists(tx, websiteId, id)) return refuse(409, CONTRIBUTOR_MESSAGES.lastAdmin);
    tx.update(contributors).set({ roles: JSON.stringify(unique) }).where(eq(contributors.id, id)).run();
    return { ok: true, value: { id, email: row.email, displayName: row.displayName, roles: coded(unique), createdAt: row.createdAt } } as const;
  });
}

export function removeContributor(store: Store, websiteId: string, id: string): Outcome<null> {
  return store.transaction((tx) => {
    const row = tx.select().from(contributors).where(and(eq(contributors.id, id), eq(contributors.websiteId, websiteId))).get();
    if (row === undefined) return refuse(404, CONTRIBUTOR_MESSAGES.notFound);
    if (rolesOf(row.roles).includes('admin') && !otherAdminExists(tx, websiteId, id)) return refuse(409, CONTRIBUTOR_MESSAGES.lastAdmin);
    tx.delete(ownerSessions).where(eq(ownerSessions.contributorId, id)).run();
    tx.delete(contributors).where(eq(contributors.id, id)).run();
    return { ok: true, value: null } as const;
  });
}

type InvitationRow = typeof contributorInvitations.$inferSelect;

function usableInvitation(store: Store | StoreTransaction, token: string, now: number): Outcome<InvitationRow> {
  const row = store.select().from(contributorInvitations).where(eq(contributorInvitations.tokenHash, hashOf(token))).get();
  if (row === undefined) return refuse(404, CONTRIBUTOR_MESSAGES.linkInvalid);
  if (row.acceptedAt !== null) return refuse(410, CONTRIBUTOR_MESSAGES.linkUsed);
  if (row.expiresAt <= now) return refuse(410, CONTRIBUTOR_MESSAGES.linkExpired);
  return { ok: true, value: row };
}

/** What the accept page shows: who is invited, to which site, with which roles. */
export function readInvitation(store: Store, token: string, now: number): Outcome<{ email: string; siteTitle: string; roles: ReturnType<typeof coded> }> {
  const found = usableInvitation(store, token, now);
  if (!found.ok) return found;
  const site = store.select({ title: websites.title }).from(websites).where(eq(websites.id, found.value.websiteId)).get();
  return { ok: true, value: { email: found.value.email, siteTitle: site?.title ?? '', roles: coded(rolesOf(found.value.roles)) } };
}

/** The invitee becomes a contributor; answers their e-mail (the accept page signs them in with it). */
export async function acceptInvitation(store: Store, token: string, displayName: string, password: string, now: number): Promise<Outcome<{ email: string }>> {
  if (password.length < MIN_PASSWORD_LENGTH) return refuse(400, CONTRIBUTOR_MESSAGES.shortPassword);
  const checked = usableInvitation(store, token, now);
  if (!checked.ok) return checked;
  // hashed before the transaction (scrypt is slow and asynchronous); the token is checked again inside it
  const passwordHash = await hashPassword(password);
  return store.transaction((tx) => {
    const found = usableInvitation(tx, token, now);
    if (!found.ok) return found;
    const invitation = found.value;
    const taken = tx
      .select({ id: contributors.id })
      .from(contributors)
      .where(and(eq(contributors.websiteId, invitation.websiteId), eq(contributors.email, invitation.email)))
      .get();
    if (taken !== undefined) return refuse(409, CONTRIBUTOR_MESSAGES.alreadyContributor);
    tx.insert(contributors)
      .values({ id: randomUUID(), websiteId: invitation.websiteId, email: invitation.email, displayName: displayName.trim(), passwordHash, roles: invitation.roles, createdAt: now })
      .run();
    tx.update(contributorInvitations).set({ acceptedAt: now }).where(eq(contributorInvitations.id, invitation.id)).run();
    return { ok: true, value: { email: invitation.email } } as const;
  });
}
