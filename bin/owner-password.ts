/**
 * `tessera owner-password`: gives the site owner of the store (TESSERA_DATABASE_URL's PostgreSQL database, else
 * the SQLite file at TESSERA_DB, default `data/tessera.db`) a new
 * password, TESSERA_OWNER_PASSWORD's or a generated one printed once, and ends the owner's sessions. For the
 * owner who lost the password printed at the first start, or wants one of their own. Exit 1 when the store
 * has no site owner yet (the first `npm start` makes one).
 */
import { openStore } from '../server/db/database.js';
import { openPgStore } from '../server/db/pg-store.js';
import { databaseTarget } from '../server/db/target.js';
import { pgTransactions } from '../server/db/work.js';
import { resetOwnerPassword } from '../server/owner/site-owner.js';

export async function cmdOwnerPassword(env: NodeJS.ProcessEnv = process.env, out: (text: string) => void = (t) => process.stdout.write(t)): Promise<number> {
  const target = databaseTarget(env);
  if (target.dialect === 'postgresql') {
    const pg = openPgStore(target.url);
    try {
      return told(await resetOwnerPassword(pgTransactions(pg), env, (text) => out(`${text}\n`)), out);
    } finally {
      await pg.$client.end();
    }
  }
  const store = openStore();
  try {
    return told(await resetOwnerPassword(store, env, (text) => out(`${text}\n`)), out);
  } finally {
    store.$client.close();
  }
}

/** The exit code, after saying why there was nothing to do. */
function told(done: { email: string } | null, out: (text: string) => void): number {
  if (done === null) {
    out('This store has no site owner yet: the first `npm start` creates one.\n');
    return 1;
  }
  return 0;
}
