/**
 * The invitation of a new contributor (kind `invite`): the admin's contributors screen (issue 26) creates the
 * invitation and its link, and queues this e-mail in the same transaction. Its wording is ours (the spec shows
 * none): who invited whom, to which site, with which roles, and how long the link works.
 */
import { eq } from 'drizzle-orm';
import type { Store, StoreTransaction } from '../db/database.js';
import type { Reads } from '../db/reads.js';
import { get, runSqliteSync, type Work } from '../db/work.js';
import { queueEmailStep } from './queue.js';
import { renderEmailHtml } from './render.js';

export const INVITE_KIND = 'invite';

export interface Invitation {
  readonly websiteId: string;
  readonly to: string;
  readonly inviterName: string;
  /** The roles offered (server/owner/roles.ts names). */
  readonly roles: readonly string[];
  /** The site path that accepts it (`/config/invitation?token=…`). */
  readonly link: string;
  readonly validForHours: number;
}

/** Queues the invitation e-mail inside the caller's SQLite transaction; returns the outbox row's id. */
export function queueInviteEmail(tx: StoreTransaction, invitation: Invitation, now: number): string {
  return runSqliteSync(tx as unknown as Store, (q) => queueInviteEmailStep(q, invitation, now));
}

/** The same as a step of a piece of work on either database (server/db/work.ts). */
export function* queueInviteEmailStep(q: Reads, invitation: Invitation, now: number): Work<string> {
  const { websites } = q.t;
  const siteTitle = (yield* get(q.db.select({ title: websites.title }).from(websites).where(eq(websites.id, invitation.websiteId))))?.title ?? '';
  const roles = invitation.roles.length === 0 ? 'a contributor' : invitation.roles.join(', ');
  const days = invitation.validForHours / 24;
  const validFor = Number.isInteger(days) ? `${days} day${days === 1 ? '' : 's'}` : `${invitation.validForHours} hours`;
  const subject = `${invitation.inviterName} invited you to ${siteTitle}`;
  const text = [
    `${invitation.inviterName} invited you to help run ${siteTitle} as ${roles}.`,
    '',
    `Accept the invitation here (the link works for ${validFor}):`,
    invitation.link,
    '',
    'If you did not expect this invitation, ignore this e-mail.',
  ].join('\n');
  const html = renderEmailHtml(INVITE_KIND, { siteTitle, subject }, { inviterName: invitation.inviterName, roles, link: invitation.link, validFor });
  return yield* queueEmailStep(q, { websiteId: invitation.websiteId, kind: INVITE_KIND, to: invitation.to, subject, text: `${text}\n`, html, related: { roles: invitation.roles } }, now);
}
