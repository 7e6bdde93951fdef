import type { Socket } from 'socket.io-client';

type Handler = (payload: unknown) => void;

/**
 * socket.io's own event on every connection and reconnection of the app's socket. The server does not replay the
 * pushes a socket missed (before it first opened, which is after the page's data came, or while the line or the server
 * was down), so a screen kept fresh by pushes refetches what it shows when this comes.
 */
export const REALTIME_CONNECTED = 'connect';

/**
 * One realtime connection serves the whole app: the session opens it (the logout channel) and registers it here;
 * features subscribe to server events (e.g. 'orders:changed' sent to the tenant room, which the server joins every
 * socket to) without opening sockets of their own. Subscriptions outlive reconnections and socket replacements:
 * they are bound to whichever socket is current.
 */
const handlers = new Map<string, Set<Handler>>();
const dispatchers = new Map<string, Handler>();
let current: Socket | null = null;

function bind(event: string): void {
  if (!current || dispatchers.has(event)) return;
  const dispatch: Handler = (payload) => {
    for (const handler of [...(handlers.get(event) ?? [])]) handler(payload);
  };
  dispatchers.set(event, dispatch);
  current.on(event, dispatch);
}

function unbind(event: string): void {
  const dispatch = dispatchers.get(event);
  if (current && dispatch) current.off(event, dispatch);
  dispatchers.delete(event);
}

/** Makes `socket` the app's realtime connection (replacing any previous one). */
export function attachRealtimeSocket(socket: Socket): void {
  if (current === socket) return;
  if (current) detachRealtimeSocket(current);
  current = socket;
  for (const event of handlers.keys()) bind(event);
}

/** Forgets `socket` (when it is closed); does nothing if another socket has replaced it. */
export function detachRealtimeSocket(socket: Socket): void {
  if (current !== socket) return;
  for (const event of [...dispatchers.keys()]) unbind(event);
  current = null;
}

/** Calls `handler` with the payload of every `event` the server pushes; returns the unsubscribe function. */
export function subscribeRealtime<T = unknown>(event: string, handler: (payload: T) => void): () => void {
  let set = handlers.get(event);
  if (!set) {
    set = new Set();
    handlers.set(event, set);
  }
  const wrapped = handler as Handler;
  set.add(wrapped);
  bind(event);
  return () => {
    const listeners = handlers.get(event);
    if (!listeners) return;
    listeners.delete(wrapped);
    if (listeners.size === 0) {
      handlers.delete(event);
      unbind(event);
    }
  };
}
