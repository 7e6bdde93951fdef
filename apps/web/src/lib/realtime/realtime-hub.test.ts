import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Socket } from 'socket.io-client';
import { attachRealtimeSocket, detachRealtimeSocket, subscribeRealtime } from './realtime-hub.ts';

function fakeSocket() {
  const handlers = new Map<string, Set<(payload: unknown) => void>>();
  return {
    on: vi.fn((event: string, fn: (payload: unknown) => void) => {
      handlers.set(event, (handlers.get(event) ?? new Set()).add(fn));
    }),
    off: vi.fn((event: string, fn: (payload: unknown) => void) => handlers.get(event)?.delete(fn)),
    fire(event: string, payload: unknown) {
      for (const fn of handlers.get(event) ?? []) fn(payload);
    },
    count: (event: string) => handlers.get(event)?.size ?? 0,
  };
}
const asSocket = (fake: ReturnType<typeof fakeSocket>) => fake as unknown as Socket;

const cleanups: (() => void)[] = [];
afterEach(() => {
  cleanups.splice(0).forEach((fn) => fn());
});

describe('realtime hub', () => {
  it('delivers events of the current socket to subscribers, also those who came first', () => {
    const early = vi.fn();
    cleanups.push(subscribeRealtime('orders:changed', early));
    const socket = fakeSocket();
    attachRealtimeSocket(asSocket(socket));
    cleanups.push(() => detachRealtimeSocket(asSocket(socket)));
    const late = vi.fn();
    cleanups.push(subscribeRealtime('orders:changed', late));
    socket.fire('orders:changed', { orderIds: ['1'] });
    expect(early).toHaveBeenCalledWith({ orderIds: ['1'] });
    expect(late).toHaveBeenCalledWith({ orderIds: ['1'] });
    // One socket listener per event, however many subscribers.
    expect(socket.count('orders:changed')).toBe(1);
  });

  it('moves subscriptions to a new socket and stops after unsubscribe', () => {
    const handler = vi.fn();
    const unsubscribe = subscribeRealtime('orders:changed', handler);
    const first = fakeSocket();
    attachRealtimeSocket(asSocket(first));
    const second = fakeSocket();
    attachRealtimeSocket(asSocket(second));
    cleanups.push(() => detachRealtimeSocket(asSocket(second)));
    expect(first.count('orders:changed')).toBe(0);
    second.fire('orders:changed', 1);
    expect(handler).toHaveBeenCalledTimes(1);
    unsubscribe();
    expect(second.count('orders:changed')).toBe(0);
    second.fire('orders:changed', 2);
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('ignores detaching a socket that is no longer current', () => {
    const handler = vi.fn();
    cleanups.push(subscribeRealtime('x', handler));
    const old = fakeSocket();
    const current = fakeSocket();
    attachRealtimeSocket(asSocket(old));
    attachRealtimeSocket(asSocket(current));
    cleanups.push(() => detachRealtimeSocket(asSocket(current)));
    detachRealtimeSocket(asSocket(old));
    current.fire('x', 'still here');
    expect(handler).toHaveBeenCalledWith('still here');
  });
});
