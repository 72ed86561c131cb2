import { defineConfig } from 'drizzle-kit';

/** `npx drizzle-kit generate --config drizzle-pg.config.ts` writes the PostgreSQL migrations (`tessera migrate` applies them). */
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema-pg.ts',
  out: './server/db/migrations-pg',
});
