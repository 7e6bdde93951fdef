import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/contract', 'packages/db-kit', 'packages/fakes', 'apps/server', 'apps/sso', 'apps/web'],
  },
});
