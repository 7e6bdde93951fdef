import type { createBrowserRouter, createMemoryRouter } from 'react-router';
import { hasLiveStoredSignIn } from '@/lib/session/stored-sign-in';
import { selectIsSetupApiDone, type RootState } from '@/lib/store-hooks';

/**
 * Whether this browser's first render will be the frame the page's HTML holds: a live stored sign-in (else the
 * sign-in comes first) of a workspace set up (else spec 2.2's blank page comes first). Otherwise the app renders
 * itself in place of the HTML.
 */
export function canHydrateFrame(state: RootState, now: number = Date.now()): boolean {
  return hasLiveStoredSignIn(now) && selectIsSetupApiDone(state);
}

/** Resolves once the router has loaded the page's lazy module (until then it would draw its fallback). */
export function whenRouterReady(
  router: ReturnType<typeof createBrowserRouter> | ReturnType<typeof createMemoryRouter>,
): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

interface Store {
  getState(): unknown;
  subscribe(listener: () => void): () => void;
}

/** The API requests under way (RTK Query's). */
function pendingRequests(state: unknown): number {
  const api = (state as { api?: { queries?: Record<string, { status?: string } | undefined> } }).api;
  return Object.values(api?.queries ?? {}).filter((query) => query?.status === 'pending').length;
}

/**
 * Resolves once the hydrated page's data has come and been drawn: its API requests have started and all answered,
 * with none new for `quietMs` (one answer often starts the next, the list's after its preferences'; the rows are drawn
 * after their answer), or after `limitMs` whatever.
 */
export function whenPageDataCame(store: Store, quietMs = 1_000, limitMs = 6_000): Promise<void> {
  return new Promise((resolve) => {
    let started = false;
    let quiet: ReturnType<typeof setTimeout> | undefined;
    const done = () => {
      unsubscribe();
      clearTimeout(quiet);
      clearTimeout(limit);
      resolve();
    };
    const check = () => {
      if (pendingRequests(store.getState()) > 0) {
        started = true;
        clearTimeout(quiet);
        quiet = undefined;
      } else if (started && quiet === undefined) {
        quiet = setTimeout(done, quietMs);
      }
    };
    const unsubscribe = store.subscribe(check);
    const limit = setTimeout(done, limitMs);
    check();
  });
}
