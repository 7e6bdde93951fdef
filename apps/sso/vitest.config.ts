import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'sso',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // A migrated database of each backend, made once per run and copied per SSO a suite starts (src/test/harness.ts).
    globalSetup: ['./src/test/database-templates.ts'],
    // Each suite opens its own database and listens on a random port; one file at a time keeps them light.
    fileParallelism: false,
    // Its sign-in limits time their waits: it runs once the two-at-a-time projects are done.
    sequence: { groupOrder: 1 },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
