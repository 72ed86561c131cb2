/**
 * Taking a download behind an async interface (issue 25): a link's count must hold its limit however many
 * requests arrive at once, on any node. This file: the interface and the SQLite implementation (downloads.ts's
 * immediate transaction, answered as a promise); download-store-pg.ts: PostgreSQL. The rule is `takeDownload`.
 */
import type { Store } from '../db/database.js';
import { type DownloadAnswer, followDownload } from './downloads.js';

export interface DownloadStore {
  /** Follows a link's token at `now`: `take` counts the download (a GET), otherwise it only looks (a HEAD). */
  follow(secret: string, token: string, now: number, take: boolean): Promise<DownloadAnswer>;
}

export function sqliteDownloadStore(store: Store): DownloadStore {
  return { follow: async (secret, token, now, take) => followDownload(store, secret, token, now, take) };
}
