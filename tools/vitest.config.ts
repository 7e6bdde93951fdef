import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The checks of the repository's layout: lint rules shown refusing their fixtures, no import cycles, no unused exports.
  test: { name: 'tools', environment: 'node', include: ['*.test.ts'], testTimeout: 120_000 },
});
