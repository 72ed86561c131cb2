/**
 * Back-in-stock signups (spec 000 "Restock signup payload", §5 "Restock", §7): one signup per e-mail address
 * and variant, owner listings by cursor, and sending, which marks signups notified and writes one e-mail per
 * signup into the outbox in the same transaction.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, gt, isNull, max, or, sql } from 'drizzle-orm';
import { isRecord } from '../../commerce/json.js';
import { restockOutcomeWording } from '../../commerce/visitor-messages.js';
import { translator } from '../../commerce/messages/translate.js';
import { localVisitorMessage } from '../../commerce/messages/visitor-wording.js';
import { parseJson } from '../commerce/catalog.js';
import type { Store } from '../db/database.js';
import { type Reads, sqliteReads } from '../db/reads.js';
import { collections, products, restockSignups, variants, websites } from '../db/schema.js';
import { type QueuedEmail, queueEmail } from '../email/queue.js';
import { restockEmailHtml, restockName } from '../email/restock-email.js';
import { emailLanguage } from '../orders/order-email.js';
import { canonicalLanguages } from '../language-tags.js';
import { siteLanguage, websiteSettings } from '../page-context.js';
import { readSiteDocument } from '../site-documents.js';

export const GROUPS_PAGE_SIZE = 20;
export const SIGNUPS_PAGE_SIZE = 50;

/** Spec 000 §9: the store setting `storeSettings.restockSuccessText`, else `Signed up!` in the site's language. */
export function restockSuccessText(store: Store, language = siteLanguage(store)): string {
  const s = websiteSettings(store)['storeSettings'];
  const text = isRecord(s) ? s['restockSuccessText'] : undefined;
  return typeof text === 'string' && text.trim() !== '' ? text : translator(language)('restock.signedUp');
}

/** What a product page says after a signup without JavaScript (commerce/visitor-messages.ts `restockOutcomeWording`). */
export const restockOutcomeText = (store: Store, kind: 'signed-up' | 'error', code: string | undefined, language = siteLanguage(store)): string | undefined =>
  restockOutcomeWording(kind, code, restockSuccessText(store, language), (c) => localVisitorMessage(c, language));

export interface VariantTarget {
  readonly websiteId: string;
  readonly productId: string;
  readonly productTitle: string;
  readonly productUrl: string;
  readonly variantId: string;
  readonly sku: string;
  readonly attributes: Record<string, string>;
  readonly inStock: boolean;
  /** The merchant archived the product: no new signup, no send (its page is gone, so the e-mail's link would be). */
  readonly archived: boolean;
}

/** The query of a signup's target, written once (server/db/reads.ts): run by `variantTarget` and `variantTargetOf`. */
function targetQuery({ db, t }: Reads, productId: string, variantId: string) {
  return db
    .select({ p: t.products, v: t.variants, c: t.collections })
    .from(t.variants)
    .innerJoin(t.products, eq(t.products.id, t.variants.productId))
    .innerJoin(t.collections, eq(t.collections.id, t.products.collectionId))
    .where(and(eq(t.variants.id, variantId), eq(t.products.id, productId)));
}

/** The product and variant a signup names (the variant must belong to the product), or null; SQLite, synchronously (inside a write's transaction). */
export function variantTarget(store: Store, productId: string, variantId: string): VariantTarget | null {
  const row = targetQuery(sqliteReads(store), productId, variantId).get();
  return row === undefined ? null : targetOf(row);
}

/** `variantTarget` awaited, on either database. */
export async function variantTargetOf(reads: Reads, productId: string, variantId: string): Promise<VariantTarget | null> {
  const [row] = await targetQuery(reads, productId, variantId);
  return row === undefined ? null : targetOf(row);
}

/** A signup's target from its variant, product and collection rows, as either store reads them. */
export function targetOf(row: { p: typeof products.$inferSelect; v: typeof variants.$inferSelect; c: typeof collections.$inferSelect }): VariantTarget {
  const attributes = parseJson<unknown>(row.v.attributes, {});
  return {
    websiteId: row.c.websiteId,
    productId: row.p.id,
    productTitle: row.p.title,
    productUrl: `/${row.c.urlId}/p/${row.p.urlId}`,
    variantId: row.v.id,
    sku: row.v.sku,
    attributes: isRecord(attributes) ? (Object.fromEntries(Object.entries(attributes).map(([k, v]) => [k, String(v)])) as Record<string, string>) : {},
    inStock: row.v.unlimited || row.v.qtyInStock > 0,
    archived: row.p.archived,
  };
}

/**
 * The language to keep with a signup: only when the website settings' feature flag `multilingualEmails` is on
 * and a translation widget exists (the site's translations are connected with at least one language, the
 * `multilingual` settings document); then the canonical tag, else nothing.
 */
export function languageToKeep(store: Store, websiteId: string, language: string | undefined): string | null {
  return keptLanguage(websiteSettings(store), () => readSiteDocument(store, websiteId, 'multilingual'), language);
}

/** The rule of `languageToKeep` on the website settings and the `multilingual` document (read only when needed). */
export function keptLanguage(settings: Readonly<Record<string, unknown>>, multilingual: () => unknown, language: string | undefined): string | null {
  if (language === undefined || language.trim() === '') return null;
  const flags = settings['featureFlags'];
  if (!isRecord(flags) || flags['multilingualEmails'] !== true) return null;
  const doc = multilingual();
  if (!isRecord(doc) || doc['connected'] !== true || !Array.isArray(doc['languages']) || doc['languages'].length === 0) return null;
  const canonical = canonicalLanguages([language.trim()]);
  return canonical.ok ? (canonical.languages[0] ?? null) : null;
}

export interface SignUp {
  readonly productId: string;
  readonly variantId: string;
  readonly email: string;
  readonly isJoinMailingList: boolean;
  readonly language?: string;
}

export type SignUpResult = { readonly ok: true } | { readonly ok: false; readonly reason: 'not-found' | 'in-stock' };

/**
 * Records a signup in one immediate transaction. A repeat for a waiting signup changes nothing but may turn
 * the mailing-list choice on; a repeat after the e-mail went out waits again (the variant sold out anew).
 */
export function signUp(store: Store, input: SignUp, now: number = Date.now()): SignUpResult {
  const email = input.email.trim().toLowerCase();
  return store.transaction(
    (tx) => {
      const target = variantTarget(tx as unknown as Store, input.productId, input.variantId);
      if (target === null || target.archived) return { ok: false, reason: 'not-found' } as const;
      if (target.inStock) return { ok: false, reason: 'in-stock' } as const;
      const language = languageToKeep(store, target.websiteId, input.language);
      const existing = tx
        .select()
        .from(restockSignups)
        .where(and(eq(restockSignups.variantId, target.variantId), eq(restockSignups.email, email)))
        .get();
      if (existing === undefined) {
        tx.insert(restockSignups)
          .values({
            id: randomUUID(),
            websiteId: target.websiteId,
            productId: target.productId,
            variantId: target.variantId,
            email,
            isJoinMailingList: input.isJoinMailingList,
            language,
            createdAt: now,
          })
          .run();
      } else {
        tx.update(restockSignups)
          .set({
            isJoinMailingList: existing.isJoinMailingList || input.isJoinMailingList,
            ...(existing.notifiedAt === null ? {} : { notifiedAt: null, createdAt: now }),
            ...(language === null ? {} : { language }),
          })
          .where(eq(restockSignups.id, existing.id))
          .run();
      }
      return { ok: true } as const;
    },
    { behavior: 'immediate' },
  );
}

/** An opaque cursor: the last key of a page, as base64url JSON. */
export const encodeCursor = (key: readonly (string | number)[]) => Buffer.from(JSON.stringify(key)).toString('base64url');

export function decodeCursor(cursor: string | undefined, shape: readonly ('string' | 'number')[]): (string | number)[] | null | 'bad' {
  if (cursor === undefined || cursor === '') return null;
  try {
    const key: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(key) && key.length === shape.length && key.every((k, i) => typeof k === shape[i])) return key as (string | number)[];
  } catch {
    // fall through
  }
  return 'bad';
}

/** One group per product and variant with its counts, ordered by product then variant id; on either database. */
export async function listGroups(reads: Reads, websiteId: string, after: readonly (string | number)[] | null) {
  const { db, t } = reads;
  const s = t.restockSignups;
  const rows = await db
    .select({
      productId: s.productId,
      variantId: s.variantId,
      signUpCount: count().mapWith(Number),
      pendingCount: sql<number>`sum(CASE WHEN ${s.notifiedAt} IS NULL THEN 1 ELSE 0 END)`.mapWith(Number),
      // the column's own type reads the time back (epoch ms on either database)
      lastSignUpOn: max(s.createdAt),
    })
    .from(s)
    .where(and(eq(s.websiteId, websiteId), after === null ? undefined : or(gt(s.productId, String(after[0])), and(eq(s.productId, String(after[0])), gt(s.variantId, String(after[1]))))))
    .groupBy(s.productId, s.variantId)
    .orderBy(asc(s.productId), asc(s.variantId))
    .limit(GROUPS_PAGE_SIZE + 1);
  const page = rows.slice(0, GROUPS_PAGE_SIZE);
  const hasNextPage = rows.length > GROUPS_PAGE_SIZE;
  const last = page[page.length - 1];
  const targets = await Promise.all(page.map((g) => variantTargetOf(reads, g.productId, g.variantId)));
  return {
    signUpGroups: page.map((g, i) => {
      const target = targets[i] ?? null;
      return {
        productId: g.productId,
        variantId: g.variantId,
        productName: target?.productTitle ?? null,
        sku: target?.sku ?? null,
        attributes: target?.attributes ?? {},
        inStock: target?.inStock ?? false,
        signUpCount: g.signUpCount,
        pendingCount: g.pendingCount,
        notifiedCount: g.signUpCount - g.pendingCount,
        lastSignUpOn: g.lastSignUpOn,
      };
    }),
    hasNextPage,
    nextPageCursor: hasNextPage && last !== undefined ? encodeCursor([last.productId, last.variantId]) : null,
  };
}

/** The signups of one product variant, oldest first; on either database. */
export async function listSignUps({ db, t }: Reads, websiteId: string, productId: string, variantId: string, after: readonly (string | number)[] | null) {
  const s = t.restockSignups;
  const rows = await db
    .select({ id: s.id, productId: s.productId, variantId: s.variantId, email: s.email, isJoinMailingList: s.isJoinMailingList, language: s.language, createdOn: s.createdAt, notifiedOn: s.notifiedAt })
    .from(s)
    .where(
      and(
        eq(s.websiteId, websiteId),
        eq(s.productId, productId),
        eq(s.variantId, variantId),
        after === null ? undefined : or(gt(s.createdAt, Number(after[0])), and(eq(s.createdAt, Number(after[0])), gt(s.id, String(after[1])))),
      ),
    )
    .orderBy(asc(s.createdAt), asc(s.id))
    .limit(SIGNUPS_PAGE_SIZE + 1);
  const page = rows.slice(0, SIGNUPS_PAGE_SIZE);
  const hasNextPage = rows.length > SIGNUPS_PAGE_SIZE;
  const last = page[page.length - 1];
  return {
    signUps: page,
    hasNextPage,
    nextPageCursor: hasNextPage && last !== undefined ? encodeCursor([last.createdOn, last.id]) : null,
  };
}

export interface SendRequest {
  readonly productId: string;
  readonly variantId: string;
}

export type SendResult =
  | { readonly ok: true; readonly sent: number; readonly results: { productId: string; variantId: string; sent: number }[] }
  | { readonly ok: false; readonly missing: SendRequest };

/**
 * The e-mail a waiting signup gets (plain text; the product path is relative to the site's address), in
 * `language` (issue 27: `email.restock.*` of commerce/messages/).
 */
export function restockEmail(target: VariantTarget, siteTitle: string, language = 'en-US'): { subject: string; bodyText: string } {
  const t = translator(language);
  return {
    subject: t('email.restock.subject', { product: target.productTitle }),
    bodyText: `${t('email.restock.intro', { name: restockName(target), site: siteTitle })}\n\n${t('email.restock.seeItLine', { link: target.productUrl })}\n\n${t('email.restock.why')}`,
  };
}

/** Each product variant of a send once, in the order first named. */
export function uniqueTargets(targets: readonly VariantTarget[]): VariantTarget[] {
  const seen = new Set<string>();
  return targets.filter((t) => {
    const key = `${t.productId}\u0000${t.variantId}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** How many e-mails a send wrote for one product variant. */
export interface SentTo {
  readonly target: VariantTarget;
  readonly sent: number;
}

/** A send's answer from what it wrote per product variant. */
export function sendAnswer(sent: readonly SentTo[]): SendResult {
  const results = sent.map(({ target, sent: n }) => ({ productId: target.productId, variantId: target.variantId, sent: n }));
  return { ok: true, sent: results.reduce((total, r) => total + r.sent, 0), results };
}

/** The e-mail of one waiting signup, as either store queues it. */
/** The e-mail of one waiting signup, as either store queues it: in the signup's language, else the site's. */
export function restockMail(
  websiteId: string,
  target: VariantTarget,
  signup: { id: string; email: string; language: string | null },
  site: { title: string; settings?: string } | undefined,
): QueuedEmail {
  const siteTitle = site?.title ?? '';
  const language = signup.language ?? emailLanguage(site?.settings);
  const email = restockEmail(target, siteTitle, language);
  return {
    websiteId,
    kind: 'restock',
    to: signup.email,
    subject: email.subject,
    text: email.bodyText,
    html: restockEmailHtml(target, siteTitle, email.subject, language),
    language: signup.language,
    related: { productId: target.productId, variantId: target.variantId, signupId: signup.id },
  };
}

/**
 * Sends the back-in-stock e-mails of each product variant: every waiting signup is marked notified and gets
 * one outbox row, all in one immediate transaction. An unknown product or variant (or one of another site)
 * sends nothing at all.
 */
export function sendRestockEmails(store: Store, websiteId: string, requests: readonly SendRequest[], now: number = Date.now()): SendResult {
  return store.transaction(
    (tx) => {
      const db = tx as unknown as Store;
      const site = tx.select({ title: websites.title, settings: websites.settings }).from(websites).where(eq(websites.id, websiteId)).get();
      const targets: VariantTarget[] = [];
      for (const r of requests) {
        const target = variantTarget(db, r.productId, r.variantId);
        if (target === null || target.websiteId !== websiteId || target.archived) return { ok: false, missing: r } as const;
        targets.push(target);
      }
      const sent: SentTo[] = [];
      for (const target of uniqueTargets(targets)) {
        const waiting = tx
          .select()
          .from(restockSignups)
          .where(and(eq(restockSignups.websiteId, websiteId), eq(restockSignups.productId, target.productId), eq(restockSignups.variantId, target.variantId), isNull(restockSignups.notifiedAt)))
          .all();
        for (const s of waiting) {
          queueEmail(tx, restockMail(websiteId, target, s, site), now);
          tx.update(restockSignups).set({ notifiedAt: now }).where(eq(restockSignups.id, s.id)).run();
        }
        sent.push({ target, sent: waiting.length });
      }
      return sendAnswer(sent);
    },
    { behavior: 'immediate' },
  );
}
