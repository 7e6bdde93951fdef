import { lazy, useEffect, useRef, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { flushSync } from 'react-dom';
import { whenIdleLoadsMayStart } from './page-settled';

/** A `loadOnce` load, with its module once it has come. */
type Load<T> = (() => Promise<T>) & { loaded?: T };

/**
 * A module's `import()`, started once however many controls ask for it: the idle preload, a first click and
 * `React.lazy` share one request and one promise.
 */
export function loadOnce<T>(load: () => Promise<T>): Load<T> {
  let promise: Promise<T> | null = null;
  const once: Load<T> = () => {
    promise ??= load().then(
      (module) => {
        once.loaded = module;
        return module;
      },
      // A failed download (offline) is asked for again on the next use.
      (error: unknown) => {
        promise = null;
        throw error;
      },
    );
    return promise;
  };
  return once;
}

/**
 * `React.lazy` over a `loadOnce` load. A module already here (fetched at an idle moment) is drawn in the render that
 * first asks for it: React's lazy suspends once on any promise, settled or not, and the boundaries that waited are
 * then revealed together, in one long commit (the order list's filters and page size: 386 components).
 */
export function lazyLoaded<M, P extends object>(
  load: Load<M>,
  pick: (module: M) => ComponentType<P>,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(() => {
    if (load.loaded === undefined) return load().then((module) => ({ default: pick(module) }));
    const ready = { default: pick(load.loaded) };
    // A thenable that answers at once: React.lazy takes the component in this same render.
    const now = { then: (resolve: (value: typeof ready) => void) => resolve(ready) };
    return now as unknown as Promise<typeof ready>;
  });
}

/** Runs `run` at once (nothing to wait for); nothing to cancel then. */
function startNow(run: () => void): () => void {
  run();
  return () => undefined;
}

/** How long a busy page waits at most for an idle moment before it loads the controls' code anyway. */
const IDLE_TIMEOUT_MS = 1500;

/**
 * Runs `run` once the browser is idle after the first paint (`requestIdleCallback`, or a timer where it has none), so
 * that the code of the controls used only on interaction is there before a first click, without delaying what the
 * first screen draws; on a hydrated page, not before its data has come (page-settled.ts), unless `afterPageData` is
 * false (what the page's live updates need). Not while `enabled` is false.
 */
export function useWhenIdle(run: () => void, enabled = true, afterPageData = true): void {
  // The latest `run`, called once per wait: a new closure each render does not restart it.
  const latest = useRef(run);
  useEffect(() => {
    latest.current = run;
  });
  useEffect(() => {
    const call = () => latest.current();
    if (!enabled) return undefined;
    let cancelIdle: () => void = () => undefined;
    const start = afterPageData ? whenIdleLoadsMayStart : startNow;
    const cancelWait = start(() => {
      if (typeof window.requestIdleCallback === 'function') {
        const handle = window.requestIdleCallback(call, { timeout: IDLE_TIMEOUT_MS });
        cancelIdle = () => window.cancelIdleCallback(handle);
        return;
      }
      // Without it (Safari, jsdom), a while after the first paint: the page's own requests and drawing go first.
      const timer = setTimeout(call, IDLE_TIMEOUT_MS);
      cancelIdle = () => clearTimeout(timer);
    });
    return () => {
      cancelWait();
      cancelIdle();
    };
  }, [enabled, afterPageData]);
}

/** Reveals waiting for their turn (revealInTurn), and whether the next turn is scheduled. */
const turns: Array<() => void> = [];
let turnScheduled = false;

function takeTurn(): void {
  turns.shift()?.();
  if (turns.length > 0) setTimeout(takeTurn, 0);
  else turnScheduled = false;
}

/**
 * Runs `reveal` (a control swapping its placeholder for its real code) in a task of its own, after the reveals queued
 * before it: the controls whose code arrives together are drawn one per task, not all in one long one (a plain task,
 * not an idle moment: a busy page would make the last control wait for every one before it).
 */
export function revealInTurn(reveal: () => void): void {
  turns.push(reveal);
  if (turnScheduled) return;
  turnScheduled = true;
  setTimeout(takeTurn, 0);
}

/**
 * Whether a control's real code may replace its look-alike placeholder: false on the first render (the server's HTML
 * and the hydrating client draw the placeholder alike), true once `load` has brought the code at an idle moment (in
 * turn with the other controls, `revealInTurn`), or
 * at once when `wanted` (the seller reached for the control: React.lazy then suspends on the same import).
 */
export function useLoadedWhenIdle(load: () => Promise<unknown>, wanted = false, idle = true): boolean {
  const [loaded, setLoaded] = useState(false);
  useWhenIdle(() => {
    load().then(
      // Drawn in its turn's task (flushSync): React would otherwise batch the next turns into the same commit.
      () => revealInTurn(() => flushSync(() => setLoaded(true))),
      // A failed download (offline) leaves the placeholder; a use asks again through React.lazy.
      () => undefined,
    );
  }, idle);
  // Once wanted, kept: folding the phone's filters again does not draw the placeholders (and lose drafts) anew.
  if (wanted && !loaded) setLoaded(true);
  return loaded || wanted;
}
