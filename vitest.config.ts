import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      'packages/contract',
      'packages/db-kit',
      'packages/fakes',
      'packages/mail-kit',
      'apps/server/vitest.config.ts',
      'apps/server/vitest.serial.config.ts',
      'apps/sso',
      'apps/web',
      'tools',
    ],
  },
});
