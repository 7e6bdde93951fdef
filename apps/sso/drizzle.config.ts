import { defineConfig } from 'drizzle-kit';

// `npm run db:generate -w apps/sso` writes SQL migrations from the schema; they are committed and applied at start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './src/db/migrations',
  schemaFilter: ['sso'],
  migrations: { table: '__drizzle_migrations', schema: 'sso' },
});
