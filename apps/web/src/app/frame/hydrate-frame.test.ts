import { afterEach, describe, expect, it, vi } from 'vitest';
import { markPageDrawn, resetPageDrawn, whenPageDrawn } from '@/lib/lazy/page-drawn';
import { createMemoryRouter } from 'react-router';
import { drawnOnLeaving, whenPageDataCame } from './hydrate-frame';

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

afterEach(() => {
  vi.useRealTimers();
  resetPageDrawn();
});

describe('whenPageDataCame', () => {
  it("waits for the page to say its data is drawn, then for its next requests' answers and a quiet moment", async () => {
    vi.useFakeTimers();
    const store = fakeStore();
    const came = vi.fn();
    void whenPageDataCame(store, 300, 20_000).then(came);
    store.set('preferences', 'pending');
    store.set('preferences', 'fulfilled');
    // A busy machine: the list's request, which the preferences' answer starts, comes long after it.
    await vi.advanceTimersByTimeAsync(2_000);
    expect(came).not.toHaveBeenCalled();
    store.set('orders', 'pending');
    store.set('orders', 'fulfilled');
    // The answer is there, its rows not yet drawn.
    await vi.advanceTimersByTimeAsync(3_000);
    expect(came).not.toHaveBeenCalled();
    markPageDrawn();
    // What the drawn page asks for next counts too.
    store.set('cards', 'pending');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(came).not.toHaveBeenCalled();
    store.set('cards', 'fulfilled');
    await vi.advanceTimersByTimeAsync(299);
    expect(came).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(came).toHaveBeenCalledTimes(1);
  });

  it('settles after the quiet moment when the page was drawn before the wait began', async () => {
    vi.useFakeTimers();
    markPageDrawn();
    const came = vi.fn();
    void whenPageDataCame(fakeStore(), 300, 20_000).then(came);
    await vi.advanceTimersByTimeAsync(300);
    expect(came).toHaveBeenCalledTimes(1);
  });

  it('gives up waiting after its limit', async () => {
    vi.useFakeTimers();
    const store = fakeStore();
    const came = vi.fn();
    void whenPageDataCame(store, 300, 5_000).then(came);
    store.set('orders', 'pending');
    store.set('orders', 'fulfilled');
    await vi.advanceTimersByTimeAsync(4_999);
    expect(came).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(came).toHaveBeenCalledTimes(1);
  });
});

describe('drawnOnLeaving', () => {
  it('counts the page as drawn once the seller goes to another page, not when the page rewrites its query', async () => {
    const router = createMemoryRouter(
      [
        { path: '/orders', element: null },
        { path: '/settings', element: null },
      ],
      { initialEntries: ['/orders'] },
    );
    const drawn = vi.fn();
    whenPageDrawn(drawn);
    drawnOnLeaving(router);
    await router.navigate('/orders?size=25', { replace: true });
    expect(drawn).not.toHaveBeenCalled();
    await router.navigate('/settings');
    expect(drawn).toHaveBeenCalledTimes(1);
  });
});
