import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False while the page's HTML (the signed-in frame the build rendered, docs/decisions.md) is being hydrated and on the
 * server; true in every later render, and at once in a page the client renders itself. What depends on the user or
 * this browser (names, counts, stored settings) is drawn only when this is true, so the first client render is the
 * server's HTML exactly; React re-renders with the real values right after hydrating.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
