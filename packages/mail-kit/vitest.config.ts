import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'mail-kit',
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
});
