/**
 * `npm start`: open (and on first start seed) the store, then serve it on HOST:PORT until SIGTERM or SIGINT.
 */
import { buildApp } from './app.js';
import { openStore } from './db/database.js';
import { seedDemoStore } from './db/seed.js';
import { databaseTarget } from './db/target.js';
import { ensureSiteOwner } from './owner/site-owner.js';
import { ensureDemoCustomer } from './site-users/demo-customer.js';
import { Theme } from './theme.js';
import { themeDirFromEnv } from './theme/theme-dir.js';
import { banner, loggerOptions } from './logging.js';
import { allowedOriginsFromEnv } from './security/allowed-origins.js';
import { retentionMonthsFromEnv } from './analytics/retention.js';
import { type TrustProxy, trustProxyFromEnv } from './security/trust-proxy.js';
import { publicTlsFromEnv } from './security/cookies.js';
import { wrap } from './word-wrap.js';

/** The settings read before anything starts; a wrong one stops the start with one line saying so (no stack). */
function settings(): { themeDir: string; allowedOrigins: readonly string[]; analyticsRetentionMonths: number; trustProxy: TrustProxy; publicTls: boolean } {
  try {
    // the server's queries are synchronous SQLite today: a PostgreSQL URL is for tessera migrate/export/import until
    // they are async (server/db/README.md), and is refused here rather than silently serving the SQLite file
    if (databaseTarget(process.env).dialect === 'postgresql') {
      throw new Error('the server does not run on PostgreSQL yet (TESSERA_DATABASE_URL is read by tessera migrate, export and import; see server/db/README.md): unset it to serve the SQLite file of TESSERA_DB');
    }
    return {
      themeDir: themeDirFromEnv(process.env),
      allowedOrigins: allowedOriginsFromEnv(process.env),
      analyticsRetentionMonths: retentionMonthsFromEnv(process.env),
      trustProxy: trustProxyFromEnv(process.env),
      publicTls: publicTlsFromEnv(process.env),
    };
  } catch (e) {
    process.stderr.write(`tessera: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exit(1);
  }
}

const { themeDir, allowedOrigins, analyticsRetentionMonths, trustProxy, publicTls } = settings();
const store = openStore();
const seeded = seedDemoStore(store);
const production = process.env['NODE_ENV'] === 'production';
const app = await buildApp({ store, theme: new Theme(themeDir, !production, (p) => app.log.warn(p)), logger: loggerOptions(process.env), allowedOrigins, analyticsRetentionMonths, trustProxy, publicTls });
if (seeded) app.log.info('seeded the demo store');
// first start: the site owner account; a generated password is shown this once, framed on stderr (never in
// the JSON log, where it would be kept and shipped)
const firstStart = (text: string) => process.stderr.write(`\n${banner(['Tessera: first start', '', ...text.split('\n').flatMap((line) => (line.length <= 76 ? [line] : wrap(line, 76)))])}\n\n`);
await ensureSiteOwner(store, process.env, firstStart);
// and the demo customer (server/site-users/demo-customer.ts), told the same way
await ensureDemoCustomer(store, process.env, app.crumbSecret, firstStart);

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
