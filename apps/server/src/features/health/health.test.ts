import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, buildTestApp, type TestContext } from '../../../test/app-helper.ts';
import { startEventLoopWatchdog } from './event-loop-watchdog.ts';

/** Holds this thread, as a runaway computation would. */
function holdThread(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // busy
  }
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

describe('the event-loop watchdog', () => {
  it('reports a block at or over the limit as not live, for a moment after it ended, then live again', async () => {
    const blocks: number[] = [];
    const watchdog = startEventLoopWatchdog({ limitMs: 150, reportForMs: 300, onBlocked: (ms) => blocks.push(ms) });
    try {
      await pause(120);
      expect(watchdog.liveness()).toEqual({ live: true });
      holdThread(100);
      await pause(120);
      // Under the limit: nothing to report.
      expect(watchdog.liveness()).toEqual({ live: true });

      holdThread(400);
      // Asked before the timer had its turn: measured here.
      expect(watchdog.liveness()).toMatchObject({ live: false, blockedMs: expect.any(Number) });
      expect(watchdog.liveness().blockedMs).toBeGreaterThanOrEqual(150);
      await pause(150);
      expect(blocks).toHaveLength(1);
      expect(blocks[0]).toBeGreaterThanOrEqual(150);
      expect(watchdog.liveness().live).toBe(false);
      await pause(400);
      expect(watchdog.liveness()).toEqual({ live: true });
    } finally {
      watchdog.stop();
    }
  });
});

describe.each(backends)('/healthz with a blocked event loop ($name)', (backend) => {
  let t: TestContext;
  let probe: Promise<{ statusCode: number; json(): unknown }> | undefined;

  beforeAll(async () => {
    t = await buildTestApp(backend, { eventLoopLimitSeconds: 1 }, (app) => {
      // The test's own stand-in for whatever could hold the loop (no product route can, by design). The probe is
      // sent first, so it waits through the block as a prober's request would.
      app.get('/test/hold-thread', { config: { policy: 'public' } }, async () => {
        probe = app.inject({ url: '/healthz' });
        holdThread(1_300);
        return { held: true };
      });
    });
  });
  afterAll(() => t?.close());

  it('answers 503 "not live" to a probe that waited through a block, then 200 again', async () => {
    // Live to begin with (a start on a busy machine may itself have held the loop past this test's 1 s limit).
    await expect
      .poll(async () => (await t.app.inject({ url: '/healthz' })).json(), { timeout: 5_000, interval: 250 })
      .toEqual({ status: 'ok' });
    expect((await t.app.inject({ url: '/test/hold-thread' })).statusCode).toBe(200);
    const answer = await probe!;
    expect(answer.statusCode).toBe(503);
    const { status, reason } = answer.json() as { status: string; reason: string };
    expect(status).toBe('not live');
    // Past the 1 s limit (the 1.3 s held, more when the machine is busy), in seconds to a tenth.
    expect(reason).toMatch(/^the event loop was blocked for \d+\.\d s$/);
    expect(Number(/(\d+\.\d)/.exec(reason)![1])).toBeGreaterThanOrEqual(1);
    await expect
      .poll(async () => (await t.app.inject({ url: '/healthz' })).statusCode, { timeout: 5_000, interval: 250 })
      .toBe(200);
  });
});
