import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Socket } from 'socket.io-client';
import { attachRealtimeSocket, detachRealtimeSocket } from './realtime-hub';
import { asResolutionProgress, subscribeShippingResolution } from './shipping-resolution';

describe('asResolutionProgress', () => {
  it('accepts the progress shape and ignores anything else', () => {
    expect(asResolutionProgress({ state: 'running', done: 5000, total: 12000 })).toEqual({
      state: 'running',
      done: 5000,
      total: 12000,
    });
    expect(asResolutionProgress(null)).toBeNull();
    expect(asResolutionProgress({ state: 'paused', done: 1, total: 2 })).toBeNull();
    expect(asResolutionProgress({ state: 'done', done: '1', total: 2 })).toBeNull();
  });
});

describe('subscribeShippingResolution', () => {
  const socket = { on: vi.fn(), off: vi.fn() };
  afterEach(() => detachRealtimeSocket(socket as unknown as Socket));

  it('hands on well-formed reports only', () => {
    attachRealtimeSocket(socket as unknown as Socket);
    const handler = vi.fn();
    const off = subscribeShippingResolution(handler);
    const dispatch = socket.on.mock.calls.find(([event]) => event === 'shipping:resolution')![1] as (
      payload: unknown,
    ) => void;
    dispatch({ state: 'done', done: 3, total: 3 });
    dispatch({ nonsense: true });
    expect(handler).toHaveBeenCalledTimes(1);
    expect(handler).toHaveBeenCalledWith({ state: 'done', done: 3, total: 3 });
    off();
    expect(socket.off).toHaveBeenCalledWith('shipping:resolution', dispatch);
  });
});
