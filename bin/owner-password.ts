/**
 * `tessera owner-password`: gives the site owner of the store at TESSERA_DB (default `data/tessera.db`) a new
 * password, TESSERA_OWNER_PASSWORD's or a generated one printed once, and ends the owner's sessions. For the
 * owner who lost the password printed at the first start, or wants one of their own. Exit 1 when the store
 * has no site owner yet (the first `npm start` makes one).
 */
import { openStore } from '../server/db/database.js';
import { resetOwnerPassword } from '../server/owner/site-owner.js';

export async function cmdOwnerPassword(env: NodeJS.ProcessEnv = process.env, out: (text: string) => void = (t) => process.stdout.write(t)): Promise<number> {
  const store = openStore();
  try {
    const done = await resetOwnerPassword(store, env, (text) => out(`${text}\n`));
    if (done === null) {
      out('This store has no site owner yet: the first `npm start` creates one.\n');
      return 1;
    }
    return 0;
  } finally {
    store.$client.close();
  }
}
