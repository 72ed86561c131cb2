import { defineConfig } from 'drizzle-kit';

/** `npx drizzle-kit generate` writes the SQL migrations that the server applies at start. */
export default defineConfig({
  dialect: 'sqlite',
  schema: './server/db/schema.ts',
  out: './server/db/migrations',
});
