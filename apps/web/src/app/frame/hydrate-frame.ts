import type { createBrowserRouter, createMemoryRouter } from 'react-router';
import { markPageDrawn, whenPageDrawn } from '@/lib/lazy/page-drawn';
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

type Router = ReturnType<typeof createBrowserRouter> | ReturnType<typeof createMemoryRouter>;

/** Resolves once the router has loaded the page's lazy module (until then it would draw its fallback). */
export function whenRouterReady(router: Router): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

/**
 * Counts the hydrated page as drawn once the seller has gone to another page before it drew its data: what waited
 * for it (the sign-in library, the controls' code) then waits no longer for a page that is gone.
 */
export function drawnOnLeaving(router: Router): void {
  // The path, not the location: the page itself may rewrite its query (a list's parameters) while it loads.
  const { pathname } = router.state.location;
  const stop = router.subscribe((state) => {
    if (state.location.pathname === pathname) return;
    stop();
    markPageDrawn();
  });
  whenPageDrawn(stop);
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
 * Resolves once the hydrated page's data has come and been drawn: the page has said it drew its data
 * (lib/lazy/page-drawn.ts), and no API request has been under way for `quietMs` since (what the drawn page asks
 * for next: an order's cards), or after `limitMs` whatever (a page that never says so).
 */
export function whenPageDataCame(store: Store, quietMs = 1_000, limitMs = 15_000): Promise<void> {
  return new Promise((resolve) => {
    let drawn = false;
    let quiet: ReturnType<typeof setTimeout> | undefined;
    const done = () => {
      unsubscribe();
      stopWaiting();
      clearTimeout(quiet);
      clearTimeout(limit);
      resolve();
    };
    const check = () => {
      if (!drawn || pendingRequests(store.getState()) > 0) {
        clearTimeout(quiet);
        quiet = undefined;
      } else if (quiet === undefined) {
        quiet = setTimeout(done, quietMs);
      }
    };
    const unsubscribe = store.subscribe(check);
    const limit = setTimeout(done, limitMs);
    const stopWaiting = whenPageDrawn(() => {
      drawn = true;
      check();
    });
  });
}
