import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // Killing the server process mid-work needs a database that outlives the process, and several server processes
    // need one they share: PostgreSQL (DATABASE_URL).
    exclude: process.env.DATABASE_URL ? [] : ['src/**/*-sigkill.test.ts', 'src/**/*.postgres.test.ts'],
    // A migrated database of each backend, made once per run and copied per suite (test/app-helper.ts).
    globalSetup: ['./test/database-templates.ts'],
    // One file at a time: the suites are CPU-bound (PGlite runs in the test process) and several assert throughput
    // or timing (database-outage, the adapters' token expiry), which two files side by side on 2 cores break.
    fileParallelism: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
