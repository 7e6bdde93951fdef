import { defineConfig } from 'vitest/config';
import { SERIAL_TEST_FILES } from './test/serial-test-files.ts';

// Killing the server process mid-work needs a database that outlives the process, and several server processes
// need one they share: PostgreSQL (DATABASE_URL).
export const POSTGRES_ONLY = ['src/**/*-sigkill.test.ts', 'src/**/*.postgres.test.ts'];

export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // The files that assert time or memory run alone afterwards (vitest.serial.config.ts); the rest two at a time,
    // each on its own copy of the migrated database.
    exclude: [...SERIAL_TEST_FILES, ...(process.env.DATABASE_URL ? [] : POSTGRES_ONLY)],
    maxWorkers: 2,
    // A worker serves many files instead of a new process per file (~3 s of module loading each);
    // test/fresh-modules.ts gives every file fresh modules of our own.
    isolate: false,
    setupFiles: ['./test/fresh-modules.ts'],
    // A migrated database of each backend, made once per run and copied per suite (test/app-helper.ts).
    globalSetup: ['./test/database-templates.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
