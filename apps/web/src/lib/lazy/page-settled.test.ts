import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdUntil, whenIdleLoadsMayStart } from './page-settled';

describe('whenIdleLoadsMayStart', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('runs at once when nothing holds the idle loads, and after the page settled when something does', async () => {
    const first = vi.fn();
    whenIdleLoadsMayStart(first);
    expect(first).toHaveBeenCalledTimes(1);

    let settle = () => undefined as void;
    holdUntil(new Promise<void>((resolve) => (settle = resolve)));
    const held = vi.fn();
    const cancelled = vi.fn();
    whenIdleLoadsMayStart(held);
    whenIdleLoadsMayStart(cancelled)();
    await Promise.resolve();
    expect(held).not.toHaveBeenCalled();
    settle();
    await vi.waitFor(() => expect(held).toHaveBeenCalledTimes(1));
    expect(cancelled).not.toHaveBeenCalled();
  });

  it('lets the loads start when what held them failed', async () => {
    holdUntil(Promise.reject(new Error('the page data did not come')));
    const run = vi.fn();
    whenIdleLoadsMayStart(run);
    await vi.waitFor(() => expect(run).toHaveBeenCalledTimes(1));
  });

  it('waits, after the page settled, for the idle moment that says its data is drawn', async () => {
    const idle: Array<{ run: () => void; timeout?: number }> = [];
    vi.stubGlobal('requestIdleCallback', (run: () => void, options?: { timeout?: number }) => {
      idle.push({ run, timeout: options?.timeout });
      return idle.length;
    });
    holdUntil(Promise.resolve());
    const run = vi.fn();
    whenIdleLoadsMayStart(run);
    await vi.waitFor(() => expect(idle).toHaveLength(1));
    // Still rendering the rows: no idle moment yet, nothing loads.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(run).not.toHaveBeenCalled();
    expect(idle[0]!.timeout).toBe(5_000);
    idle[0]!.run();
    await vi.waitFor(() => expect(run).toHaveBeenCalledTimes(1));
  });
});
