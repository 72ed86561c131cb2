/**
 * `npm start`: open (and on first start seed) the store, then serve it on HOST:PORT until SIGTERM or SIGINT.
 * The SQLite file by default; with `TESSERA_DATABASE_URL=postgres://…` PostgreSQL (issue 25): migrated and, when
 * empty, seeded with the demo store at start (server/db/seed-pg.ts), pages read through the async stores with a
 * page cache emptied by the change feed (server/db/pg-app.ts); what does not run there yet answers 503.
 */
import { buildApp } from './app.js';
import { openStore } from './db/database.js';
import { seedDemoStore } from './db/seed.js';
import { databaseTarget, redactUrl } from './db/target.js';
import { openPgStore } from './db/pg-store.js';
import { pgApp } from './db/pg-app.js';
import { preparePgStore } from './db/seed-pg.js';
import { ensureSiteOwner } from './owner/site-owner.js';
import { ensureDemoCustomer, ensureDemoCustomerIn } from './site-users/demo-customer.js';
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
    const themeDir = themeDirFromEnv(process.env);
    return {
      themeDir,
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
const target = databaseTarget(process.env);
const production = process.env['NODE_ENV'] === 'production';
const common = { logger: loggerOptions(process.env), allowedOrigins, analyticsRetentionMonths, trustProxy, publicTls };
const pg = target.dialect === 'postgresql' ? openPgStore(target.url) : null;
const onPg = pg === null ? null : await pgApp(pg);
const store = onPg?.store ?? openStore();
const seeded = pg === null ? seedDemoStore(store) : await preparePgStore(pg);
const app = await buildApp({
  store,
  ...(onPg === null ? {} : { stores: onPg.stores, readAhead: onPg.readAhead }),
  theme: new Theme(themeDir, !production, (p) => app.log.warn(p)),
  ...common,
});
if (seeded) app.log.info('seeded the demo store');
// first start: the site owner account; a generated password is shown this once, framed on stderr (never in
// the JSON log, where it would be kept and shipped)
const firstStart = (text: string) => process.stderr.write(`\n${banner(['Tessera: first start', '', ...text.split('\n').flatMap((line) => (line.length <= 76 ? [line] : wrap(line, 76)))])}\n\n`);
await ensureSiteOwner(onPg?.stores.transactions ?? store, process.env, firstStart);
if (target.dialect === 'postgresql' && onPg !== null) {
  // what still reads SQLite only (server/db/README.md)
  app.log.warn(`serving from PostgreSQL (${redactUrl(target.url)}): the shop, customer accounts, the owner's screens and APIs and e-mail sending; the clean-up of old analytics rows runs on SQLite only for now`);
  // the demo customer (server/site-users/demo-customer.ts), told as on SQLite
  await ensureDemoCustomerIn(onPg.readAhead.reads, onPg.stores, process.env, app.crumbSecret, firstStart);
} else {
  // and the demo customer (server/site-users/demo-customer.ts), told the same way
  await ensureDemoCustomer(store, process.env, app.crumbSecret, firstStart);
}

const port = Number(process.env['PORT'] ?? 3000);
const host = process.env['HOST'] ?? 'localhost';
await app.listen({ port, host });

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    app.log.info(`${signal}: shutting down`);
    app
      .close()
      .then(async () => {
        if (pg === null) return store.$client.close();
        await onPg?.close();
        await pg.$client.end();
      })
      .finally(() => process.exit(0));
  });
}
