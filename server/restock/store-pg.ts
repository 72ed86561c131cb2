/**
 * Back-in-stock signups and sends on PostgreSQL (store.ts has the interface), with the rules of service.ts:
 * - a signup is one `INSERT … ON CONFLICT (variant_id, email) DO UPDATE` on the unique index of address and
 *   variant: concurrent signups of one address make one row, whatever their number; a repeat keeps the row,
 *   may turn the mailing-list choice on, and waits again when its e-mail already went out;
 * - a send marks the waiting signups with `UPDATE … SET notified_at WHERE notified_at IS NULL RETURNING` and
 *   writes their e-mails in the same transaction: two sends at once write each e-mail once (the second waits for
 *   the rows, then finds them notified), and a signup committed meanwhile waits for the next send.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { parseJson } from '../commerce/catalog.js';
import type { PgStore } from '../db/pg-store.js';
import { type PgQueries, siteRow } from '../db/pg-transaction.js';
import { collections, outboxEmails, products, restockSignups, siteDocuments, variants, websites } from '../db/schema-pg.js';
import { outboxRow } from '../email/queue.js';
import { keptLanguage, restockMail, sendAnswer, type SendResult, type SentTo, type SignUpResult, targetOf, uniqueTargets, type VariantTarget } from './service.js';
import type { RestockStore } from './store.js';

/** service.ts `variantTarget` on PostgreSQL. */
async function variantTargetPg(db: PgQueries, productId: string, variantId: string): Promise<VariantTarget | null> {
  const row = (await db
    .select({ p: products, v: variants, c: collections })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .innerJoin(collections, eq(collections.id, products.collectionId))
    .where(and(eq(variants.id, variantId), eq(products.id, productId))))[0];
  return row === undefined ? null : targetOf(row);
}

/** service.ts `languageToKeep` on PostgreSQL: the website settings, and the `multilingual` document only when the flag is on. */
async function languageToKeepPg(db: PgQueries, websiteId: string, language: string | undefined): Promise<string | null> {
  if (language === undefined || language.trim() === '') return null;
  const site = await siteRow(db);
  const settings = parseJson<Record<string, unknown>>(site?.settings ?? null, {});
  const doc = (await db.select({ value: siteDocuments.value }).from(siteDocuments).where(and(eq(siteDocuments.websiteId, websiteId), eq(siteDocuments.name, 'multilingual'))))[0];
  return keptLanguage(settings, () => parseJson<unknown>(doc?.value ?? null, undefined), language);
}

export function pgRestockStore(db: PgStore): RestockStore {
  return {
    async signUp(input, now = Date.now()): Promise<SignUpResult> {
      const email = input.email.trim().toLowerCase();
      const target = await variantTargetPg(db, input.productId, input.variantId);
      if (target === null || target.archived) return { ok: false, reason: 'not-found' };
      if (target.inStock) return { ok: false, reason: 'in-stock' };
      const language = await languageToKeepPg(db, target.websiteId, input.language);
      const s = restockSignups;
      await db
        .insert(s)
        .values({ id: randomUUID(), websiteId: target.websiteId, productId: target.productId, variantId: target.variantId, email, isJoinMailingList: input.isJoinMailingList, language, createdAt: now })
        .onConflictDoUpdate({
          target: [s.variantId, s.email],
          // every right-hand side reads the row as it was: a notified signup waits again from now
          set: {
            isJoinMailingList: sql`${s.isJoinMailingList} OR excluded.is_join_mailing_list`,
            createdAt: sql`CASE WHEN ${s.notifiedAt} IS NULL THEN ${s.createdAt} ELSE excluded.created_at END`,
            notifiedAt: sql`NULL`,
            language: sql`coalesce(excluded.language, ${s.language})`,
          },
        });
      return { ok: true };
    },

    async sendRestockEmails(websiteId, requests, now = Date.now()): Promise<SendResult> {
      return await db.transaction(async (tx): Promise<SendResult> => {
        const site = (await tx.select({ title: websites.title, settings: websites.settings }).from(websites).where(eq(websites.id, websiteId)))[0];
        const targets: VariantTarget[] = [];
        for (const r of requests) {
          const target = await variantTargetPg(tx, r.productId, r.variantId);
          if (target === null || target.websiteId !== websiteId || target.archived) return { ok: false, missing: r };
          targets.push(target);
        }
        const sent: SentTo[] = [];
        for (const target of uniqueTargets(targets)) {
          const s = restockSignups;
          const waiting = await tx
            .update(s)
            .set({ notifiedAt: now })
            .where(and(eq(s.websiteId, websiteId), eq(s.productId, target.productId), eq(s.variantId, target.variantId), isNull(s.notifiedAt)))
            .returning({ id: s.id, email: s.email, language: s.language, createdAt: s.createdAt });
          waiting.sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : 1));
          if (waiting.length > 0) await tx.insert(outboxEmails).values(waiting.map((w) => outboxRow(restockMail(websiteId, target, w, site), now)));
          sent.push({ target, sent: waiting.length });
        }
        return sendAnswer(sent);
      });
    },
  };
}
