import { hostname } from 'node:os';
import { sql, type SQL } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type PgBoss from 'pg-boss';
import type { Executor } from '../db/client.ts';
import { currentRequestId } from '../lib/request-context.ts';

/**
 * The one engine's shared layer, on top of pg-boss (plugins/jobs.ts), used by every feature's background work
 * (docs/decisions.md, "Background work"). pg-boss owns claiming, retrying with backoff, expiry and the cron
 * schedules; this adds only what it does not do, each measured there:
 *
 * - **sending in the caller's transaction** (`sendIn`): the job exists exactly when the change that asks for it
 *   commits (a run row and its job, a label and its tracking push);
 * - **waking workers at once** (`wake`): pg-boss 11 workers poll; a job sent through an instance that runs no workers
 *   (SERVER_ROLE=api) would wait for their next poll, so the sender tells them through the realtime adapter;
 * - **slices**: pg-boss fails a job still running at its expiry and starts it again while the first run goes on, so a
 *   long run (a batch, a pull) is worked in slices that end well before the expiry (`run.shouldYield()`), each slice
 *   sending the next; `run.holder` names this run of the job for the rows it fences;
 * - **a task every instance runs for itself** (`everyInstance`): a job runs on one worker, and an API instance runs
 *   none, but every instance keeps its own copy of the access revocations.
 */

/** One run of one job, as its handler sees it. */
export interface JobRun {
  id: string;
  /** Runs of this job before this one that failed, ran past their expiry or lost their worker (0: the first). */
  retryCount: number;
  /** This run of this job (`host:pid:job:retry`), written on the rows it works on so a stale run can tell it lost them. */
  holder: string;
  /** The slice's time is up, or this instance is stopping: finish the unit in hand and send the rest on. */
  shouldYield(): boolean;
  /** This instance is stopping. */
  stopping(): boolean;
  /** Aborted when this instance starts stopping: ends a wait (a long poll) at once. */
  stopped?: AbortSignal;
}

interface QueueSpec<T extends object> {
  name: string;
  /**
   * `short`: at most one waiting job per singleton key (one run's chain of slices). `stately`: at most one waiting and
   * one running per key, the waiting one starting when the running one ends (one reader of a queue). Default
   * `standard`.
   */
  policy?: 'standard' | 'short' | 'stately';
  /** A job still running this long after it started is failed into its retry (its worker stopped or hung). */
  expireInSeconds: number;
  /** Retries after the first run; then the job fails, into `deadLetter` when there is one. */
  retryLimit: number;
  /** The first retry's wait (s); pg-boss's backoff doubles it each time (plus jitter), at most `retryDelayMaxSeconds`. */
  retryDelaySeconds?: number;
  retryDelayMaxSeconds?: number;
  /** The queue that gets the job once its retries are spent (it must be declared too). */
  deadLetter?: string;
  /** Jobs of this queue one instance works at once (default 1). */
  concurrency?: number;
  /** After this long `run.shouldYield()` turns true (default a third of the expiry). */
  sliceSeconds?: number;
  work(data: T, run: JobRun): Promise<void>;
}

interface SendOptions {
  singletonKey?: string;
  /** Not before this many seconds from now (the database's clock). */
  afterSeconds?: number;
  /** With `singletonKey`: at most one job per key in each window of this many seconds. */
  singletonSeconds?: number;
}

export interface JobQueue<T extends object> {
  readonly name: string;
  /** Sends a job now and wakes the workers. */
  send(data: T, options?: SendOptions): Promise<void>;
  /** Adds a job in the caller's transaction: it exists if and only if that commits. Call `wake()` after the commit. */
  sendIn(tx: Executor, data: T, options?: SendOptions): Promise<void>;
  /** Tells the workers of every instance that this queue has work now. */
  wake(): void;
}

export interface Background {
  /** Declares a queue (before the app is ready): created on every instance, worked on those that run jobs. */
  queue<T extends object>(spec: QueueSpec<T>): JobQueue<T>;
  /** Sends a job to `queue` on this cron (UTC), from the instances that run jobs; one job per tick in all. */
  schedule(queue: string, cron: string): void;
  /** Runs `task` every `intervalMs` in this instance (every instance, API-only ones too), never two at once. */
  everyInstance(name: string, intervalMs: number, task: () => Promise<void>): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    background: Background;
  }
}

interface BackgroundOptions {
  /** How often an idle worker asks its queue for work it was not woken for (delayed jobs, retries): seconds. */
  pollSeconds: number;
}

/** This process, once: the first part of every holder. */
const INSTANCE = `${hostname()}:${process.pid}`;

const wakeEvent = (queue: string) => `jobs:wake:${queue}`;

/** pg-boss's statement (`$1`, `$2` ... placeholders) as a Drizzle query, to run on the caller's transaction. */
function statementOf(text: string, values: readonly unknown[]): SQL {
  const parts = text.split(/\$(\d+)/);
  return sql.join(
    parts.map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql`${values[Number(part) - 1]}`)),
    sql.raw(''),
  );
}

/** A job row as pg-boss's `insert` takes it: the request's id carried (lib/request-context.ts), the wait relative. */
function jobRow(name: string, data: object, options: SendOptions = {}) {
  const requestId = currentRequestId();
  return {
    name,
    data: requestId && !('requestId' in data) ? { ...data, requestId } : data,
    singletonKey: options.singletonKey,
    singletonSeconds: options.singletonSeconds,
    // Relative to the database's now(): a wait is never shortened or stretched by a skewed application clock.
    startAfter: options.afterSeconds && options.afterSeconds > 0 ? `${options.afterSeconds} seconds` : undefined,
  };
}

interface Declared {
  spec: QueueSpec<object>;
  workers: string[];
}

/** Dead-letter queues first: a queue names its dead letter, which must exist. */
function inCreationOrder(declared: Declared[]): Declared[] {
  const targets = new Set(declared.flatMap((d) => (d.spec.deadLetter ? [d.spec.deadLetter] : [])));
  return [...declared].sort((a, b) => Number(targets.has(b.spec.name)) - Number(targets.has(a.spec.name)));
}

function runOf(job: PgBoss.JobWithMetadata, sliceMs: number, stopping: () => boolean, stopped: AbortSignal): JobRun {
  const started = Date.now();
  return {
    id: job.id,
    retryCount: job.retryCount,
    holder: `${INSTANCE}:${job.id}:${job.retryCount}`,
    shouldYield: () => stopping() || Date.now() - started >= sliceMs,
    stopping,
    stopped,
  };
}

export const backgroundPlugin = fp<BackgroundOptions>(
  async (app, options) => {
    const boss = app.jobs;
    const declared = new Map<string, Declared>();
    const schedules: Array<{ queue: string; cron: string }> = [];
    const tasks: Array<{ name: string; intervalMs: number; task: () => Promise<void> }> = [];
    const timers: NodeJS.Timeout[] = [];
    let stopping = false;
    const stopped = new AbortController();
    let ready = false;

    function wakeHere(queue: string): void {
      for (const id of declared.get(queue)?.workers ?? []) boss.notifyWorker(id);
    }

    function queue<T extends object>(spec: QueueSpec<T>): JobQueue<T> {
      if (ready) throw new Error(`queue ${spec.name} declared after the app was ready`);
      declared.set(spec.name, { spec: spec as unknown as QueueSpec<object>, workers: [] });
      const handle: JobQueue<T> = {
        name: spec.name,
        async send(data, sendOptions) {
          await boss.insert(spec.name, [jobRow(spec.name, data, sendOptions)]);
          handle.wake();
        },
        async sendIn(tx, data, sendOptions) {
          const db = {
            executeSql: async (text: string, values: unknown[]) =>
              (await tx.execute(statementOf(text, values))) as unknown as { rows: unknown[] },
          };
          await boss.insert(spec.name, [jobRow(spec.name, data, sendOptions)], { db });
        },
        wake() {
          wakeHere(spec.name);
          app.realtime.toInstances(wakeEvent(spec.name));
        },
      };
      return handle;
    }

    async function createQueues(): Promise<void> {
      for (const { spec } of inCreationOrder([...declared.values()])) {
        const settings = {
          policy: spec.policy ?? 'standard',
          expireInSeconds: spec.expireInSeconds,
          retryLimit: spec.retryLimit,
          retryDelay: spec.retryDelaySeconds ?? 1,
          retryBackoff: true,
          retryDelayMax: spec.retryDelayMaxSeconds ?? 300,
          ...(spec.deadLetter && { deadLetter: spec.deadLetter }),
        };
        await boss.createQueue(spec.name, settings);
        // A queue made by an older version keeps its settings otherwise; the policy cannot change.
        const { policy: _policy, ...changeable } = settings;
        await boss.updateQueue(spec.name, changeable);
        // Into pg-boss's cache now: a send inside a transaction must not look the queue up (on PGlite the lookup
        // would wait for that very transaction).
        await boss.getQueueStats(spec.name);
      }
    }

    async function startWorkers(): Promise<void> {
      for (const entry of declared.values()) {
        const { spec } = entry;
        const sliceMs = (spec.sliceSeconds ?? spec.expireInSeconds / 3) * 1000;
        const workOptions = {
          batchSize: 1,
          includeMetadata: true,
          pollingIntervalSeconds: options.pollSeconds,
        } as const;
        for (let i = 0; i < (spec.concurrency ?? 1); i++) {
          let id = '';
          id = await boss.work<object>(spec.name, workOptions, async ([job]) => {
            if (!job) return;
            try {
              await spec.work(
                job.data,
                runOf(job, sliceMs, () => stopping, stopped.signal),
              );
            } catch (error) {
              app.log.warn({ err: error, queue: spec.name, jobId: job.id, retry: job.retryCount }, 'job failed');
              throw error;
            } finally {
              // A pg-boss 11 worker waits out its polling interval after every job, found or not; told, it asks for
              // the next at once (the next slice, the next push), and waits only when its queue is empty.
              boss.notifyWorker(id);
            }
          });
          entry.workers.push(id);
        }
        app.realtime.onInstances(wakeEvent(spec.name), () => wakeHere(spec.name));
      }
      for (const { queue: name, cron } of schedules) await boss.schedule(name, cron, {}, { tz: 'UTC' });
    }

    function startTask({ name, intervalMs, task }: (typeof tasks)[number]): void {
      let running = false;
      const timer = setInterval(() => {
        if (running || stopping) return;
        running = true;
        task()
          .catch((error: unknown) => app.log.warn({ err: error, task: name }, 'instance task failed'))
          .finally(() => {
            running = false;
          });
      }, intervalMs);
      timer.unref();
      timers.push(timer);
    }

    app.decorate('background', {
      queue,
      schedule: (name: string, cron: string) => void schedules.push({ queue: name, cron }),
      everyInstance(name: string, intervalMs: number, task: () => Promise<void>) {
        if (ready) startTask({ name, intervalMs, task });
        else tasks.push({ name, intervalMs, task });
      },
    } satisfies Background);

    app.addHook('onReady', async () => {
      ready = true;
      await createQueues();
      if (app.jobWorkers) await startWorkers();
      for (const task of tasks) startTask(task);
    });
    // Before pg-boss stops (plugins/jobs.ts, onClose): running handlers end their slice and send the rest on.
    app.addHook('preClose', async () => {
      stopping = true;
      stopped.abort(new Error('stopping'));
      for (const timer of timers) clearInterval(timer);
    });
  },
  { name: 'background', dependencies: ['jobs', 'realtime'] },
);
