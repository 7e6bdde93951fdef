import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'db-kit',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // Terminating sessions needs a database server that has them: PostgreSQL (DATABASE_URL).
    exclude: process.env.DATABASE_URL ? [] : ['src/**/connection-loss.test.ts'],
    // The suites open PGlite folders and PostgreSQL databases; one file at a time keeps them light.
    fileParallelism: false,
    // Its connection-loss suite times recoveries: it runs once the two-at-a-time projects are done.
    sequence: { groupOrder: 1 },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
