import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import { revealInTurn, useWhenIdle } from './lazy-load';
import { holdUntil } from './page-settled';

afterEach(() => vi.useRealTimers());

describe('useWhenIdle on a page whose data has not come', () => {
  it("waits for the page's data, unless told the page's live updates need it at once", async () => {
    vi.useFakeTimers();
    holdUntil(new Promise(() => undefined));
    const control = vi.fn();
    const signIn = vi.fn();
    renderHook(() => {
      useWhenIdle(control);
      useWhenIdle(signIn, true, false);
    });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(signIn).toHaveBeenCalledTimes(1);
    expect(control).not.toHaveBeenCalled();
  });
});

describe('revealInTurn', () => {
  it('runs the reveals queued together one per task, in their order', async () => {
    vi.useFakeTimers();
    const order: string[] = [];
    revealInTurn(() => order.push('filters'));
    revealInTurn(() => order.push('views'));
    revealInTurn(() => order.push('export'));
    expect(order).toEqual([]);
    await vi.advanceTimersToNextTimerAsync();
    expect(order).toEqual(['filters']);
    await vi.advanceTimersToNextTimerAsync();
    expect(order).toEqual(['filters', 'views']);
    await vi.advanceTimersToNextTimerAsync();
    expect(order).toEqual(['filters', 'views', 'export']);
    // A later reveal starts a new turn.
    revealInTurn(() => order.push('columns'));
    await vi.advanceTimersToNextTimerAsync();
    expect(order).toEqual(['filters', 'views', 'export', 'columns']);
  });
});
