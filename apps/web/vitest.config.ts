import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    setupFiles: ['./vitest.setup.ts'],
    css: false,
    // A worker and its jsdom serve many files instead of a new process per file (~0.7 s each); vitest.setup.ts gives
    // every file fresh app modules, an empty page, and puts back the globals and timers it changed.
    isolate: false,
    // Two at a time, beside the server's files (see apps/server/vitest.config.ts).
    maxWorkers: 2,
  },
});
