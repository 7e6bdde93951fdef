import type { Socket } from 'socket.io-client';

type Handler = (payload: unknown) => void;

/**
 * Not a server event: the hub says it when pushes may have been missed, as the server does not replay them. That is on
 * every reconnection (the line or the server was down), and on the first connection when the app sent a change before
 * it (the change's background work, a label's "Channel told" for one, pushes a moment later). A screen kept fresh by
 * pushes refetches what it shows then. The first connection of a page that changed nothing does not: it comes a moment
 * after the page's data, and asking again for all of it (17 requests on an order's page) would cost every load.
 */
export const REALTIME_RESYNC = 'shipdesk:resync';

/**
 * One realtime connection serves the whole app: the session opens it (the logout channel) and registers it here;
 * features subscribe to server events (e.g. 'orders:changed' sent to the tenant room, which the server joins every
 * socket to) without opening sockets of their own. Subscriptions outlive reconnections and socket replacements:
 * they are bound to whichever socket is current.
 */
const handlers = new Map<string, Set<Handler>>();
const dispatchers = new Map<string, Handler>();
let current: Socket | null = null;
/** The current socket's 'connect' listener (it decides on a resync). */
let onConnect: (() => void) | null = null;
const connectedBefore = new WeakSet<Socket>();
/** The app sent a change while no socket was connected. */
let changedWhileDisconnected = false;

function bind(event: string): void {
  if (!current || dispatchers.has(event) || event === REALTIME_RESYNC) return;
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

/** Notes a change the app sent (a mutation): if no socket is connected, its pushes may be missed. */
export function noteLocalChange(): void {
  if (!current?.connected) changedWhileDisconnected = true;
}

function connected(socket: Socket): void {
  const missed = connectedBefore.has(socket) || changedWhileDisconnected;
  connectedBefore.add(socket);
  changedWhileDisconnected = false;
  if (missed) for (const handler of [...(handlers.get(REALTIME_RESYNC) ?? [])]) handler(undefined);
}

/** Makes `socket` the app's realtime connection (replacing any previous one). */
export function attachRealtimeSocket(socket: Socket): void {
  if (current === socket) return;
  if (current) detachRealtimeSocket(current);
  current = socket;
  onConnect = () => connected(socket);
  socket.on('connect', onConnect);
  for (const event of handlers.keys()) bind(event);
}

/** Forgets `socket` (when it is closed); does nothing if another socket has replaced it. */
export function detachRealtimeSocket(socket: Socket): void {
  if (current !== socket) return;
  for (const event of [...dispatchers.keys()]) unbind(event);
  if (onConnect) socket.off('connect', onConnect);
  onConnect = null;
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
