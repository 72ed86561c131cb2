/**
 * Back-in-stock signups (spec 000 "Restock signup payload", §5 "Restock", §7): one signup per e-mail address
 * and variant, owner listings by cursor, and sending, which marks signups notified and writes one e-mail per
 * signup into the outbox in the same transaction.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { isRecord } from '../../commerce/json.js';
import { restockOutcomeWording } from '../../commerce/visitor-messages.js';
import { translator } from '../../commerce/messages/translate.js';
import { localVisitorMessage } from '../../commerce/messages/visitor-wording.js';
import { parseJson } from '../commerce/catalog.js';
import type { Store } from '../db/database.js';
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

/** The product and variant a signup names (the variant must belong to the product), or null. */
export function variantTarget(store: Store, productId: string, variantId: string): VariantTarget | null {
  const row = store
    .select({ p: products, v: variants, c: collections })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .innerJoin(collections, eq(collections.id, products.collectionId))
    .where(and(eq(variants.id, variantId), eq(products.id, productId)))
    .get();
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

interface GroupRow {
  productId: string;
  variantId: string;
  signUpCount: number;
  pendingCount: number;
  lastSignUpOn: number;
}

/** One group per product and variant with its counts, ordered by product then variant id. */
export function listGroups(store: Store, websiteId: string, after: readonly (string | number)[] | null) {
  const rows = store.$client
    .prepare(
      `SELECT product_id AS productId, variant_id AS variantId, count(*) AS signUpCount,
              sum(CASE WHEN notified_at IS NULL THEN 1 ELSE 0 END) AS pendingCount, max(created_at) AS lastSignUpOn
         FROM restock_signups
        WHERE website_id = ? AND (? IS NULL OR product_id > ? OR (product_id = ? AND variant_id > ?))
        GROUP BY product_id, variant_id
        ORDER BY product_id, variant_id
        LIMIT ?`,
    )
    .all(websiteId, after?.[0] ?? null, after?.[0] ?? null, after?.[0] ?? null, after?.[1] ?? null, GROUPS_PAGE_SIZE + 1) as GroupRow[];
  const page = rows.slice(0, GROUPS_PAGE_SIZE);
  const hasNextPage = rows.length > GROUPS_PAGE_SIZE;
  const last = page[page.length - 1];
  return {
    signUpGroups: page.map((g) => {
      const target = variantTarget(store, g.productId, g.variantId);
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

/** The signups of one product variant, oldest first. */
export function listSignUps(store: Store, websiteId: string, productId: string, variantId: string, after: readonly (string | number)[] | null) {
  const rows = store.$client
    .prepare(
      `SELECT id, product_id AS productId, variant_id AS variantId, email, is_join_mailing_list AS isJoinMailingList, language,
              created_at AS createdOn, notified_at AS notifiedOn
         FROM restock_signups
        WHERE website_id = ? AND product_id = ? AND variant_id = ? AND (? IS NULL OR created_at > ? OR (created_at = ? AND id > ?))
        ORDER BY created_at, id
        LIMIT ?`,
    )
    .all(websiteId, productId, variantId, after?.[0] ?? null, after?.[0] ?? null, after?.[0] ?? null, after?.[1] ?? null, SIGNUPS_PAGE_SIZE + 1) as {
    id: string;
    createdOn: number;
    isJoinMailingList: number;
  }[];
  const page = rows.slice(0, SIGNUPS_PAGE_SIZE);
  const hasNextPage = rows.length > SIGNUPS_PAGE_SIZE;
  const last = page[page.length - 1];
  return {
    signUps: page.map((r) => ({ ...r, isJoinMailingList: r.isJoinMailingList === 1 })),
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
