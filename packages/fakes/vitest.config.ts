import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'fakes',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    testTimeout: 30_000,
    // Two at a time, beside the server's and the web's files (see apps/server/vitest.config.ts).
    maxWorkers: 2,
  },
});
