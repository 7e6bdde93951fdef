import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // Killing the server process mid-work needs a database that outlives the process: PostgreSQL (DATABASE_URL).
    exclude: process.env.DATABASE_URL ? [] : ['src/**/*-sigkill.test.ts'],
    // Suites open databases and listen on ports; one file at a time keeps them independent.
    fileParallelism: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
