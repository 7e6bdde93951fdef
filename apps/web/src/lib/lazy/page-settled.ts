/**
 * When the idle loads of the controls used only on interaction (lazy-load.ts) may start. At once, unless the app,
 * hydrating a page's HTML, holds them until that page's data has come and is drawn (`holdUntil`): on a slow line they
 * would share it with the page's own requests, and on a busy phone its main thread with the rows' render, and arrive
 * before the page is usable for nothing.
 */
let gate: Promise<void> | null = null;

/** How long the page's drawing may hold the loads after its data came, at most (a page that is never idle). */
const DRAWN_LIMIT_MS = 5_000;

/**
 * The browser's next idle moment: the page has drawn its data by then (React draws the list's rows in slices of a
 * deferred render, each a task of its own, so no idle moment comes between them).
 */
function drawn(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof window.requestIdleCallback === 'function') {
      window.requestIdleCallback(() => resolve(), { timeout: DRAWN_LIMIT_MS });
    } else resolve();
  });
}

/** Holds the idle loads until `settled` resolves (or fails) and the page has drawn what it brought. */
export function holdUntil(settled: Promise<unknown>): void {
  gate = settled.then(drawn, drawn);
}

/** Runs `run` once the idle loads may start; the returned function cancels a run not made yet. */
export function whenIdleLoadsMayStart(run: () => void): () => void {
  if (!gate) {
    run();
    return () => undefined;
  }
  let cancelled = false;
  void gate.then(() => {
    if (!cancelled) run();
  });
  return () => {
    cancelled = true;
  };
}
