import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Two at a time, beside the server's and the web's files (see apps/server/vitest.config.ts).
  test: { name: 'contract', environment: 'node', include: ['src/**/*.test.ts'], maxWorkers: 2 },
});
