/**
 * Rule work shares the one event loop with every organisation's requests, so it runs in slices: the engine's steps
 * (compiling, validating, evaluating) ask `due()` between conditions and give way when a slice is over; the driver
 * then lets other work run (setImmediate) and stops the work once its budget is spent. A budget counts rule work only,
 * not the time others ran in between, so a busy server does not cut a seller's dry run short. docs/shipping-rules.md
 * ("Time") has the numbers.
 */

/** The longest stretch of rule work before other requests get their turn. */
export const RULE_SLICE_MS = 5;

/** Rule work one call may do, in milliseconds. */
export const RULE_BUDGET_MS = {
  /** Checking and compiling a draft, then evaluating it (twice when it has a "stop here") on recent orders. */
  dryRun: 3_000,
  /** "Run shipping rules" on up to 10,000 orders (applyMax). */
  apply: 5_000,
  /** Saving a set: checking it. */
  save: 3_000,
  /** A new order, or a page of a channel's new orders (pull, webhook). */
  newOrders: 5_000,
  /** Telling an order's "why" again from the saved versions. */
  why: 1_000,
} as const;

/** Plain tests between two looks at the clock (a look costs about a third of a plain test). */
const TICKS_PER_LOOK = 16;
/** What a pattern test or a compile counts: the clock is read after each. */
export const HEAVY = TICKS_PER_LOOK;

/** Steps of rule work: the generator yields when its slice is over, and returns its result. */
export type Steps<T> = Generator<void, T, void>;

/** What steps ask between two pieces of work. */
export interface Pace {
  /** True when the slice is over and the steps should yield; `weight` is the work just done, in plain tests. */
  due(weight?: number): boolean;
}

/** For work run to its end at once (tests, and words that need no clock). */
export const UNPACED: Pace = { due: () => false };

/** Rule work went past its budget; `budgetMs` says which. */
export class RuleTimeout extends Error {
  readonly budgetMs: number;
  constructor(budgetMs: number) {
    super(`The shipping rules took more than ${budgetMs / 1000} s of work and were stopped`);
    this.name = 'RuleTimeout';
    this.budgetMs = budgetMs;
  }
}

export class RuleWorkClock implements Pace {
  readonly budgetMs: number;
  #usedMs = 0;
  /** When the slice under way began; null between pieces of rule work (the database's time is not counted). */
  #sliceStart: number | null = null;
  #ticks = 0;

  constructor(budgetMs: number) {
    this.budgetMs = budgetMs;
  }

  due(weight = 1): boolean {
    this.#ticks += weight;
    if (this.#ticks < TICKS_PER_LOOK) return false;
    this.#ticks = 0;
    return this.#sliceStart !== null && performance.now() - this.#sliceStart >= RULE_SLICE_MS;
  }

  /** Rule work so far, in milliseconds. */
  get usedMs(): number {
    return this.#usedMs + (this.#sliceStart === null ? 0 : performance.now() - this.#sliceStart);
  }

  get spent(): boolean {
    return this.usedMs >= this.budgetMs;
  }

  /** Rule work begins (again): the clock runs. */
  start(): void {
    this.#sliceStart ??= performance.now();
  }

  /** Rule work ends for now (the caller reads or writes): the clock stops. */
  stop(): void {
    if (this.#sliceStart === null) return;
    this.#usedMs += performance.now() - this.#sliceStart;
    this.#sliceStart = null;
  }

  /** Ends the slice and lets other work run; throws RuleTimeout once the budget is spent. */
  async pause(): Promise<void> {
    this.stop();
    if (this.#usedMs >= this.budgetMs) throw new RuleTimeout(this.budgetMs);
    await new Promise<void>((resolve) => setImmediate(resolve));
    this.start();
  }
}

/** Runs steps to their end at once. */
export function finish<T>(steps: Steps<T>): T {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

/** Drives steps, pausing at each yield; the clock runs only meanwhile. */
async function drive<T>(steps: Steps<T>, clock: RuleWorkClock): Promise<T> {
  try {
    for (let next = steps.next(); ; next = steps.next()) {
      if (next.done) return next.value;
      await clock.pause();
    }
  } finally {
    steps.return(undefined as never);
  }
}

/** Runs steps in slices of the clock; throws RuleTimeout (the steps abandoned) when the budget runs out first. */
export async function inSlices<T>(steps: Steps<T>, clock: RuleWorkClock): Promise<T> {
  clock.start();
  try {
    return await drive(steps, clock);
  } finally {
    clock.stop();
  }
}

/**
 * Runs `each` on the items in slices, in order; when the budget runs out, answers what was done so far and
 * `stopped: true` (the item under way is left out). An item that needs no pause costs no promise.
 */
export async function eachInSlices<T, R>(
  items: readonly T[],
  each: (item: T, pace: Pace) => Steps<R>,
  clock: RuleWorkClock,
): Promise<{ done: R[]; stopped: boolean }> {
  const done: R[] = [];
  clock.start();
  try {
    for (const item of items) {
      const steps = each(item, clock);
      let next = steps.next();
      while (!next.done) {
        try {
          await clock.pause();
        } catch (error) {
          steps.return(undefined as never);
          throw error;
        }
        next = steps.next();
      }
      done.push(next.value);
      if (clock.due()) await clock.pause();
    }
  } catch (error) {
    if (error instanceof RuleTimeout) return { done, stopped: true };
    throw error;
  } finally {
    clock.stop();
  }
  return { done, stopped: false };
}
