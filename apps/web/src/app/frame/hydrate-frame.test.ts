import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenPageDataCame } from './hydrate-frame';

/** A store as RTK Query's state looks to the wait: requests by key, each pending or answered. */
function fakeStore() {
  let queries: Record<string, { status: string }> = {};
  const listeners = new Set<() => void>();
  return {
    getState: () => ({ api: { queries } }),
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(key: string, status: string) {
      queries = { ...queries, [key]: { status } };
      for (const listener of listeners) listener();
    },
  };
}

afterEach(() => vi.useRealTimers());

describe('whenPageDataCame', () => {
  it("waits for the page's requests, and for one answer's next request, then a quiet moment", async () => {
    vi.useFakeTimers();
    const store = fakeStore();
    const came = vi.fn();
    void whenPageDataCame(store, 300, 5_000).then(came);
    await vi.advanceTimersByTimeAsync(1_000);
    // Nothing asked yet: not settled.
    expect(came).not.toHaveBeenCalled();
    store.set('preferences', 'pending');
    store.set('preferences', 'fulfilled');
    await vi.advanceTimersByTimeAsync(100);
    // The preferences' answer starts the list's request within the quiet moment.
    store.set('orders', 'pending');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(came).not.toHaveBeenCalled();
    store.set('orders', 'fulfilled');
    await vi.advanceTimersByTimeAsync(299);
    expect(came).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(came).toHaveBeenCalledTimes(1);
  });

  it('gives up waiting after its limit', async () => {
    vi.useFakeTimers();
    const store = fakeStore();
    const came = vi.fn();
    void whenPageDataCame(store, 300, 5_000).then(came);
    store.set('orders', 'pending');
    await vi.advanceTimersByTimeAsync(4_999);
    expect(came).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(came).toHaveBeenCalledTimes(1);
  });
});
