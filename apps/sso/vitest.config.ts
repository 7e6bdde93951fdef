import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'sso',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // Each suite opens its own database and listens on a random port; one file at a time keeps them light.
    fileParallelism: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
