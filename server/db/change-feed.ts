/**
 * Store changes across nodes (issue 25): on PostgreSQL every statement that changes a table pages are built from
 * sends `NOTIFY tessera_changes` (statement triggers, migration 0005_change_notify), delivered to every listening
 * connection when its transaction commits. `listenForChanges` keeps one listening connection (postgres.js
 * `listen`, which reconnects and listens again by itself) and counts: `generation()` moves on each change and on
 * each (re)connection, since changes made while the connection was down were not heard. A page cache built on it
 * (`ReadCache`) empties when the generation moves, so a node shows another's write once the notification arrives:
 * milliseconds on one machine (change-feed.test.ts holds it to CHANGE_BOUND_MS).
 */
import type { PgStore } from './pg-store.js';

export const CHANGES_CHANNEL = 'tessera_changes';

/** The bound a node's page cache is held to after another node's commit (tested; what the README promises). */
export const CHANGE_BOUND_MS = 1_000;

/** Something that moves when the store may have changed (a `ReadCache` empties when it does). */
export interface ChangeSignal {
  generation(): number;
}

export interface ChangeFeed extends ChangeSignal {
  /** Stops listening (the connection goes back to the pool's end). */
  close(): Promise<void>;
}

/** Starts listening on `db`; resolves once the first LISTEN is in place. */
export async function listenForChanges(db: PgStore): Promise<ChangeFeed> {
  let generation = 0;
  const bump = () => void generation++;
  // the third argument runs after every (re)connection's LISTEN: what happened meanwhile is unknown, so move on
  const { unlisten } = await db.$client.listen(CHANGES_CHANNEL, bump, bump);
  return { generation: () => generation, close: unlisten };
}
