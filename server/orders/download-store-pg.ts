/**
 * Taking a download on PostgreSQL (download-store.ts has the interface, downloads.ts the rule): the order's row is
 * locked (`SELECT … FOR UPDATE`) while its line's count is read and written back, so downloads of one order from
 * any node are counted one after another and a link gives no more files than its limit.
 */
import { eq } from 'drizzle-orm';
import type { PgStore } from '../db/pg-store.js';
import { orders } from '../db/schema-pg.js';
import type { DownloadStore } from './download-store.js';
import { downloadTarget, takeDownload } from './downloads.js';

export function pgDownloadStore(db: PgStore): DownloadStore {
  return {
    async follow(secret, token, now, take) {
      const target = downloadTarget(secret, token);
      if (target === null) return { ok: false, reason: 'invalid' };
      return db.transaction(async (tx) => {
        const query = tx.select({ items: orders.items }).from(orders).where(eq(orders.id, target.orderId));
        // a look (HEAD) writes nothing, so it takes no lock
        const [row] = await (take ? query.for('update') : query);
        const { answer, items } = takeDownload(row?.items ?? null, target.index, now, take);
        if (items !== undefined) await tx.update(orders).set({ items }).where(eq(orders.id, target.orderId));
        return answer;
      });
    },
  };
}
