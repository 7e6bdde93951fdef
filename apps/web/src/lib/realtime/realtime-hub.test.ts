import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Socket } from 'socket.io-client';
import {
  attachRealtimeSocket,
  detachRealtimeSocket,
  noteLocalChange,
  REALTIME_RESYNC,
  subscribeRealtime,
} from './realtime-hub.ts';

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

  describe('resync', () => {
    function connectedSocket() {
      const socket = Object.assign(fakeSocket(), { connected: false });
      attachRealtimeSocket(asSocket(socket));
      cleanups.push(() => detachRealtimeSocket(asSocket(socket)));
      return {
        socket,
        connect() {
          socket.connected = true;
          socket.fire('connect', undefined);
        },
        drop() {
          socket.connected = false;
        },
      };
    }

    it('is not said on the first connection of a page that sent no change, and is on every reconnection', () => {
      const resync = vi.fn();
      cleanups.push(subscribeRealtime(REALTIME_RESYNC, resync));
      const { socket, connect, drop } = connectedSocket();
      connect();
      expect(resync).not.toHaveBeenCalled();
      drop();
      connect();
      expect(resync).toHaveBeenCalledTimes(1);
      // A local event, never asked of the server.
      expect(socket.count(REALTIME_RESYNC)).toBe(0);
    });

    it('is said on the first connection when a change was sent before it, and not for a change sent while connected', () => {
      const resync = vi.fn();
      cleanups.push(subscribeRealtime(REALTIME_RESYNC, resync));
      noteLocalChange(); // before any socket: the app's first moments
      const { connect } = connectedSocket();
      connect();
      expect(resync).toHaveBeenCalledTimes(1);

      const next = connectedSocket(); // a new session's socket
      noteLocalChange();
      next.connect();
      expect(resync).toHaveBeenCalledTimes(2);
      noteLocalChange(); // connected: its pushes will come
      const other = connectedSocket();
      other.connect();
      expect(resync).toHaveBeenCalledTimes(2);
    });
  });
});
