import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'sso',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // A migrated database of each backend, made once per run and copied per SSO a suite starts (src/test/harness.ts).
    globalSetup: ['./src/test/database-templates.ts'],
    // Each suite opens its own database and listens on a random port, so files run two at a time beside the server's.
    // None asserts how long something takes: the sign-in limits' waits are passed by moving the recorded attempts
    // back in time, and a reset link is checked only after its lifetime has surely passed.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
