/**
 * `npm start`: open (and on first start seed) the store, then serve it on HOST:PORT until SIGTERM or SIGINT.
 */
import { resolve } from 'node:path';
import { buildApp } from './app.js';
import { openStore, repoRoot } from './db/database.js';
import { seedDemoStore } from './db/seed.js';
import { ensureSiteOwner } from './owner/site-owner.js';
import { Theme } from './theme.js';

const store = openStore();
const seeded = seedDemoStore(store);
const production = process.env['NODE_ENV'] === 'production';
const app = await buildApp({ store, theme: new Theme(resolve(repoRoot(), 'templates'), !production, (p) => app.log.warn(p)), logger: true });
if (seeded) app.log.info('seeded the demo store');
// first start: the site owner account (a generated password is logged this once)
await ensureSiteOwner(store, process.env, (line) => app.log.warn(line));

const port = Number(process.env['PORT'] ?? 3000);
const host = process.env['HOST'] ?? 'localhost';
await app.listen({ port, host });

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    app.log.info(`${signal}: shutting down`);
    app
      .close()
      .then(() => store.$client.close())
      .finally(() => process.exit(0));
  });
}
