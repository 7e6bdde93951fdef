import { defineConfig } from 'drizzle-kit';

// `npm run db:generate -w apps/server` writes SQL migrations from the schema; they are committed and applied at start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './src/db/migrations',
  migrations: { table: 'server_migrations', schema: 'drizzle' },
});
