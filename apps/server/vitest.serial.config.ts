import { defineConfig } from 'vitest/config';
import { SERIAL_TEST_FILES } from './test/serial-test-files.ts';
import { POSTGRES_ONLY } from './vitest.config.ts';

/**
 * The server's files that assert time or memory, or kill processes (test/serial-test-files.ts): one at a time, and
 * only once every other project has finished (sequence.groupOrder), so nothing else runs on the machine meanwhile.
 */
export default defineConfig({
  test: {
    name: 'server-serial',
    environment: 'node',
    include: SERIAL_TEST_FILES,
    exclude: process.env.DATABASE_URL ? [] : POSTGRES_ONLY,
    fileParallelism: false,
    sequence: { groupOrder: 1 },
    globalSetup: ['./test/database-templates.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
