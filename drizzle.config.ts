import { defineConfig } from 'drizzle-kit';

/** `npx drizzle-kit generate` writes the SQLite migrations that the server applies at start (PostgreSQL: drizzle-pg.config.ts). */
export default defineConfig({
  dialect: 'sqlite',
  schema: './server/db/schema.ts',
  out: './server/db/migrations',
});
