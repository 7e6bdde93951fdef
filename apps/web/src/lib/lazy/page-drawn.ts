import { useEffect } from 'react';

/**
 * Whether the first page has drawn its data: the order list its rows (or that it has none, or its error), the
 * dashboard its tiles and charts, an order its view. The app, hydrating a page's HTML, waits for it before it counts
 * the page's data as come (app/frame/hydrate-frame.ts): the time between one answer and the request it starts, or
 * between the last answer and its rows on screen, is the machine's, and a busy phone's is longer than any fixed wait.
 * Said once per load: later pages of the session have nothing waiting on it.
 */
let drawn = false;
const waiting = new Set<() => void>();

/** Says that the page's data is drawn; the first call counts. */
export function markPageDrawn(): void {
  if (drawn) return;
  drawn = true;
  const listeners = [...waiting];
  waiting.clear();
  for (const listener of listeners) listener();
}

/** Calls `listener` once the page's data is drawn (at once if it already is); returns a function that stops waiting. */
export function whenPageDrawn(listener: () => void): () => void {
  if (drawn) {
    listener();
    return () => undefined;
  }
  waiting.add(listener);
  return () => waiting.delete(listener);
}

/** A page's part: says the page's data is drawn once `isDrawn` holds, after the render that drew it is committed. */
export function usePageDrawn(isDrawn: boolean): void {
  useEffect(() => {
    if (isDrawn) markPageDrawn();
  }, [isDrawn]);
}

/** Forgets that the page was drawn (tests). */
export function resetPageDrawn(): void {
  drawn = false;
  waiting.clear();
}
