import { afterAll, vi } from 'vitest';

// Test files share their worker (isolate: false in vitest.config.ts), so the packages under node_modules (Fastify,
// Drizzle, PGlite, pg-boss: most of a file's start) are loaded once per worker instead of once per file. Each file
// still runs as if alone: on freshly evaluated modules of our own (its vi.mock factories and the modules' state are
// its own), with the timers and globals it changed put back when it ends.
vi.resetModules();
afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});
