/**
 * When the idle loads of the controls used only on interaction (lazy-load.ts) may start. At once, unless the app,
 * hydrating a page's HTML, holds them until that page's data has come (`holdUntil`): on a slow line they would share
 * it with the page's own requests, and arrive before the page is usable for nothing.
 */
let gate: Promise<void> | null = null;

/** Holds the idle loads until `settled` resolves (or fails). */
export function holdUntil(settled: Promise<unknown>): void {
  gate = settled.then(
    () => undefined,
    () => undefined,
  );
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
