import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, buildTestApp, type TestContext } from '../../test/app-helper.ts';
import { buildApp } from '../app.ts';
import type { JobQueue, JobRun } from './background.ts';

/**
 * The one engine's shared layer (plugins/background.ts) on the real pg-boss, and what it adds because pg-boss alone
 * does not do it (docs/decisions.md, "Background work"): a job sent in the caller's transaction, workers woken at
 * once, a handler past its expiry run a second time beside itself (hence slices and holders), a task every instance
 * runs for itself.
 */

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Probe {
  n: number;
  /** How long the handler runs (ms). */
  holdMs?: number;
}

/** Every run the probe queues' handlers saw: which job, which run of it, when it started and ended. */
interface Seen {
  n: number;
  run: JobRun;
  startedAt: number;
  endedAt?: number;
  yieldedAfterMs?: number;
}

function declareProbes(app: FastifyInstance, seen: Seen[]) {
  const work = async (data: Probe, run: JobRun) => {
    const entry: Seen = { n: data.n, run, startedAt: Date.now() };
    seen.push(entry);
    const until = Date.now() + (data.holdMs ?? 0);
    while (Date.now() < until) {
      if (entry.yieldedAfterMs === undefined && run.shouldYield()) entry.yieldedAfterMs = Date.now() - entry.startedAt;
      await sleep(20);
    }
    entry.endedAt = Date.now();
  };
  const probes = app.background.queue<Probe>({ name: 'probe', expireInSeconds: 60, retryLimit: 0, work });
  // Expires after a second, its slices end after a quarter of it.
  const short = app.background.queue<Probe>({
    name: 'probe-short',
    expireInSeconds: 1,
    sliceSeconds: 0.25,
    retryLimit: 1,
    retryDelaySeconds: 1,
    work,
  });
  return { probes, short };
}

describe.each(backends)('the engine on pg-boss ($name)', (backend) => {
  let t: TestContext;
  const seen: Seen[] = [];
  const ticks: number[] = [];
  let queues: { probes: JobQueue<Probe>; short: JobQueue<Probe> };

  beforeAll(async () => {
    // Idle workers ask their queue only hourly: what starts a job at once is the wake-up.
    t = await buildTestApp(backend, { jobsPollSeconds: 3_600, syncStallSeconds: 4 }, (app) => {
      queues = declareProbes(app, seen);
      let running = 0;
      app.background.everyInstance('probe-task', 50, async () => {
        running += 1;
        ticks.push(running);
        await sleep(120);
        running -= 1;
      });
    });
  });
  afterAll(() => t.close());

  const ran = (n: number, timeoutMs: number) =>
    (async () => {
      const until = Date.now() + timeoutMs;
      while (Date.now() < until) {
        if (seen.some((entry) => entry.n === n)) return true;
        await sleep(20);
      }
      return false;
    })();

  it('sends a job in the caller transaction: none when it rolls back, one when it commits', async () => {
    await t.app.db
      .withTenant('tenant-probe', async (tx) => {
        await queues.probes.sendIn(tx, { n: 1 });
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    await t.app.db.withTenant('tenant-probe', (tx) => queues.probes.sendIn(tx, { n: 2 }));
    queues.probes.wake();
    expect(await ran(2, 5_000)).toBe(true);
    const jobs = (await t.app.db.db.execute(
      sql`SELECT data ->> 'n' AS n FROM pgboss.job WHERE name = 'probe' ORDER BY created_on`,
    )) as unknown as { rows: Array<{ n: string }> };
    expect(jobs.rows.map((row) => row.n)).toEqual(['2']);
  });

  it('starts a job at once when its sender wakes the workers, and only at the next poll otherwise', async () => {
    const started = Date.now();
    await queues.probes.send({ n: 3 });
    expect(await ran(3, 5_000)).toBe(true);
    expect(seen.find((entry) => entry.n === 3)!.startedAt - started).toBeLessThan(1_000);
    // pg-boss's own send: its workers poll (pg-boss 11 has no notification), an hour from now here.
    await t.app.jobs.send('probe', { n: 4 });
    expect(await ran(4, 3_000)).toBe(false);
    queues.probes.wake();
    expect(await ran(4, 5_000)).toBe(true);
  });

  it('runs a handler past its expiry a second time while the first still runs: hence slices and holders', async () => {
    await queues.short.send({ n: 5, holdMs: 8_000 });
    // The first run passes its 1 s expiry; pg-boss fails it into its retry (due a few seconds later: the workers,
    // which poll hourly here, are woken to look) and a second run starts beside the first.
    const until = Date.now() + 15_000;
    while (seen.filter((entry) => entry.n === 5).length < 2 && Date.now() < until) {
      queues.short.wake();
      await sleep(200);
    }
    const runs = seen.filter((entry) => entry.n === 5);
    expect(runs).toHaveLength(2);
    expect(runs[1]!.startedAt).toBeLessThan(runs[0]!.endedAt ?? Infinity);
    expect(runs.map((entry) => entry.run.retryCount)).toEqual([0, 1]);
    expect(runs[0]!.run.holder).not.toBe(runs[1]!.run.holder);
    expect(runs[0]!.run.holder).toMatch(new RegExp(`:${process.pid}:${runs[0]!.run.id}:0$`));
    // A slice asks to yield after its slice time (0.25 s), well before the expiry.
    expect(runs[0]!.yieldedAfterMs).toBeGreaterThanOrEqual(250);
    expect(runs[0]!.yieldedAfterMs).toBeLessThan(1_000);
  });

  it('runs a task every instance keeps for itself on its interval, never two at once', async () => {
    const before = ticks.length;
    await sleep(800);
    expect(ticks.length - before).toBeGreaterThanOrEqual(3);
    expect(Math.max(...ticks)).toBe(1);
  });
});

describe.runIf(process.env.DATABASE_URL)('the engine across instances (postgres)', () => {
  let worker: TestContext;
  let sender: FastifyInstance;
  const seen: Seen[] = [];

  beforeAll(async () => {
    const postgres = backends.find((backend) => backend.name === 'postgres')!;
    worker = await buildTestApp(postgres, { jobsPollSeconds: 3_600 }, (app) => void declareProbes(app, seen));
    // A second instance on the same database that only sends (SERVER_ROLE=api): it runs no worker.
    sender = await buildApp({ config: { ...worker.config, jobs: false } });
    const senderQueues = declareProbes(sender, []);
    await sender.ready();
    Object.assign(sender, { probeQueues: senderQueues });
  });
  afterAll(async () => {
    await sender?.close();
    await worker?.close();
  });

  it('starts on a worker at once a job sent through an instance that runs no workers', async () => {
    const { probes } = (sender as unknown as { probeQueues: { probes: JobQueue<Probe> } }).probeQueues;
    const started = Date.now();
    await probes.send({ n: 10 });
    const until = Date.now() + 5_000;
    while (!seen.some((entry) => entry.n === 10) && Date.now() < until) await sleep(20);
    const run = seen.find((entry) => entry.n === 10);
    expect(run).toBeDefined();
    expect(run!.startedAt - started).toBeLessThan(1_000);
    // Without the wake-up (pg-boss's own send), the worker's next poll is an hour away.
    await sender.jobs.send('probe', { n: 11 });
    await sleep(3_000);
    expect(seen.some((entry) => entry.n === 11)).toBe(false);
  });
});
