import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRefreshScheduler } from './use-dashboard-realtime';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('createRefreshScheduler', () => {
  it('refreshes once after a burst of changes has gone quiet', () => {
    const refresh = vi.fn();
    const scheduler = createRefreshScheduler(refresh, 300, 1200);
    scheduler.schedule();
    vi.advanceTimersByTime(100);
    scheduler.schedule();
    scheduler.schedule();
    vi.advanceTimersByTime(299);
    expect(refresh).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('does not let a steady stream of changes hold the refresh back longer than the maximum wait', () => {
    const refresh = vi.fn();
    const scheduler = createRefreshScheduler(refresh, 300, 1200);
    for (let elapsed = 0; elapsed < 1200; elapsed += 200) {
      scheduler.schedule();
      vi.advanceTimersByTime(200);
    }
    expect(refresh).toHaveBeenCalledTimes(1);
    // The next change starts a new wait.
    scheduler.schedule();
    vi.advanceTimersByTime(300);
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it('forgets a pending refresh when cancelled', () => {
    const refresh = vi.fn();
    const scheduler = createRefreshScheduler(refresh, 300, 1200);
    scheduler.schedule();
    scheduler.cancel();
    vi.advanceTimersByTime(5000);
    expect(refresh).not.toHaveBeenCalled();
  });
});
