import { describe, expect, it, vi } from 'vitest';
import type { io } from 'socket.io-client';
import { openLogoutChannel } from './logout-channel.ts';

/** A stand-in for socket.io-client's Socket: records emits and lets the test fire events. */
function fakeSocket() {
  const handlers = new Map<string, ((...args: unknown[]) => void)[]>();
  const socket = {
    connected: false,
    io: { opts: { query: {} as Record<string, string> } },
    emitted: [] as unknown[][],
    on(event: string, fn: (...args: unknown[]) => void) {
      handlers.set(event, [...(handlers.get(event) ?? []), fn]);
      return socket;
    },
    off(event: string, fn: (...args: unknown[]) => void) {
      handlers.set(
        event,
        (handlers.get(event) ?? []).filter((listener) => listener !== fn),
      );
      return socket;
    },
    emit(...args: unknown[]) {
      socket.emitted.push(args);
      return socket;
    },
    fire(event: string, ...args: unknown[]) {
      for (const fn of handlers.get(event) ?? []) fn(...args);
    },
    removeAllListeners: vi.fn(),
    disconnect: vi.fn(),
  };
  return socket;
}

describe('realtime logout channel', () => {
  it('connects websocket-only with the token and joins the room on every connect', () => {
    const socket = fakeSocket();
    const connect = vi.fn(() => socket);
    const channel = openLogoutChannel({
      token: 'tok',
      email: 'Ann@Example.com',
      fingerprint: 'fp-123456',
      onLogout: vi.fn(),
      connect: connect as unknown as typeof io,
    });
    expect(channel.roomId).toBe('ann@example.com:fp-123456');
    expect(connect).toHaveBeenCalledWith(
      expect.objectContaining({
        path: '/socket.io',
        transports: ['websocket'],
        query: { token: 'tok' },
        reconnection: true,
        reconnectionDelayMax: 500000,
      }),
    );
    socket.fire('connect');
    socket.fire('connect');
    expect(socket.emitted).toEqual([
      ['joinRoom', 'ann@example.com:fp-123456'],
      ['joinRoom', 'ann@example.com:fp-123456'],
    ]);
    channel.updateToken('tok2');
    expect(socket.io.opts.query).toEqual({ token: 'tok2' });
  });

  it("logs out on the room's 'logout' message only", () => {
    const socket = fakeSocket();
    const onLogout = vi.fn();
    openLogoutChannel({
      token: 't',
      email: 'a@b.c',
      fingerprint: 'fp-123456',
      onLogout,
      connect: (() => socket) as unknown as typeof io,
    });
    socket.fire('message', 'hello');
    expect(onLogout).not.toHaveBeenCalled();
    socket.fire('message', 'logout');
    expect(onLogout).toHaveBeenCalledTimes(1);
  });

  it('broadcasts logout to the room and resolves on the acknowledgement', async () => {
    const socket = fakeSocket();
    socket.connected = true;
    socket.emit = (...args: unknown[]) => {
      socket.emitted.push(args.slice(0, 2));
      const ack = args[2];
      if (typeof ack === 'function') ack();
      return socket;
    };
    const channel = openLogoutChannel({
      token: 't',
      email: 'a@b.c',
      fingerprint: 'fp-123456',
      onLogout: vi.fn(),
      connect: (() => socket) as unknown as typeof io,
    });
    await channel.broadcastLogout();
    expect(socket.emitted).toEqual([['sendMessageToRoom', { roomId: 'a@b.c:fp-123456', message: 'logout' }]]);
    channel.close();
    expect(socket.disconnect).toHaveBeenCalled();
  });
});
