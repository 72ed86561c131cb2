/**
 * The e-mails of customer accounts, written into the outbox (`outbox_emails`) in the transaction of what caused
 * them, as the order and restock e-mails are: `verify-email` (confirm the address of a new account),
 * `account-exists` (someone signed up with an address that has an account), `password-reset`. A text part and an
 * HTML part (server/email/templates/); links are site paths, the sender puts the site's address before them.
 */
import type { StoreTransaction } from '../db/database.js';
import { websites } from '../db/schema.js';
import { type QueuedEmail, queueEmail } from '../email/queue.js';
import { renderEmailHtml } from '../email/render.js';
import { eq } from 'drizzle-orm';

export const VERIFY_EMAIL_KIND = 'verify-email';
export const ACCOUNT_EXISTS_KIND = 'account-exists';
export const PASSWORD_RESET_KIND = 'password-reset';

export interface AccountEmail {
  readonly websiteId: string;
  readonly siteUserId: string;
  readonly to: string;
  readonly language: string | null;
}

function texts(kind: string, siteTitle: string, link: string): { subject: string; bodyText: string } {
  switch (kind) {
    case VERIFY_EMAIL_KIND:
      return {
        subject: `Confirm your e-mail address for ${siteTitle}`,
        bodyText: `An account at ${siteTitle} was created with this e-mail address.\n\nIf it was you, confirm the address here (the link works for 24 hours):\n${link}\n\nIf it was not you, ignore this e-mail: the account stays unusable.`,
      };
    case ACCOUNT_EXISTS_KIND:
      return {
        subject: `You already have an account at ${siteTitle}`,
        bodyText: `Someone tried to create an account at ${siteTitle} with this e-mail address, which already has one.\n\nSign in at /account/login, or if you forgot your password choose a new one at /account/reset.\n\nIf it was not you, ignore this e-mail: nothing has changed.`,
      };
    default:
      return {
        subject: `Choose a new password for ${siteTitle}`,
        bodyText: `Someone asked to choose a new password for your account at ${siteTitle}.\n\nIf it was you, follow this link (it works once, for one hour):\n${link}\n\nIf it was not you, ignore this e-mail: your password stays as it is.`,
      };
  }
}

/** The account e-mail of `kind` (with its link, if any) of the site titled `siteTitle`: what either store queues. */
export function accountEmail(kind: string, mail: AccountEmail, siteTitle: string, link: string): QueuedEmail {
  const { subject, bodyText } = texts(kind, siteTitle, link);
  const html = renderEmailHtml(kind, { siteTitle, subject, language: mail.language }, { link });
  return { websiteId: mail.websiteId, kind, to: mail.to, subject, text: bodyText, html, language: mail.language, related: { siteUserId: mail.siteUserId } };
}

/** Queues one account e-mail of `kind` (with its link, if any) inside the caller's transaction (SQLite). */
export function queueAccountEmail(tx: StoreTransaction, kind: string, mail: AccountEmail, link: string, now: number): void {
  const site = tx.select({ title: websites.title }).from(websites).where(eq(websites.id, mail.websiteId)).get();
  queueEmail(tx, accountEmail(kind, mail, site?.title ?? '', link), now);
}
