import '@testing-library/jest-dom/vitest';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// The order list draws its rows one render after their data (a deferred value, so the skeleton is not torn down in the
// same task), and the suite shares two cores with the server's: `findBy...` waits up to 3 s rather than 1.
configure({ asyncUtilTimeout: 3000 });

// Test files share their worker and its document (isolate: false in vitest.config.ts). Each file still runs as if
// alone: on freshly evaluated app modules (its vi.mock factories and the modules' own state are its own), on an
// empty page, and with the globals and timers a file changed put back when it ends.
vi.resetModules();
beforeAll(() => {
  document.body.replaceChildren();
  for (const element of [document.documentElement, document.body]) {
    for (const { name } of [...element.attributes]) element.removeAttribute(name);
  }
  document.title = '';
});
afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
