import type { io, Socket } from 'socket.io-client';
import {
  LOGOUT_MESSAGE,
  logoutRoomId,
  REALTIME_PATH,
  REALTIME_RECONNECTION_DELAY_MS,
  RealtimeEvent,
} from '@shipdesk/contract';
import { whenIdleLoadsMayStart } from '@/lib/lazy/page-settled';
import { attachRealtimeSocket, detachRealtimeSocket } from './realtime-hub.ts';

interface LogoutChannelOptions {
  token: string;
  email: string;
  fingerprint: string;
  /** Another session in the room logged out. */
  onLogout: () => void;
  /** Server origin; defaults to this page's origin (the server hosts socket.io). */
  url?: string;
  /** For tests: a socket factory instead of socket.io-client's `io`. */
  connect?: typeof io;
}

export interface LogoutChannel {
  readonly roomId: string;
  /** Tells the other sessions in the room to log out; resolves once sent (or after a short wait). */
  broadcastLogout(): Promise<void>;
  /** Uses a new access token for the next (re)connection handshake. */
  updateToken(token: string): void;
  close(): void;
}

/** How long a logout broadcast may hold the local logout up when the server does not acknowledge. */
const BROADCAST_WAIT_MS = 800;

/**
 * The realtime logout room of spec 4.3 / 7.7: a websocket-only socket.io connection authenticated with the
 * access token, joined to the room `<email>:<fingerprint>`; a 'logout' message from the room ends this session.
 */
export function openLogoutChannel(options: LogoutChannelOptions): LogoutChannel {
  const roomId = logoutRoomId(options.email, options.fingerprint);
  let token = options.token;
  let socket: Socket | null = null;
  let closed = false;

  const start = (connect: typeof io) => {
    if (closed) return;
    const socketOptions = {
      path: REALTIME_PATH,
      transports: ['websocket'],
      query: { token },
      reconnection: true,
      // Spec 9 names 500000 ms as the reconnection delay; as the back-off ceiling it keeps early retries quick.
      reconnectionDelayMax: REALTIME_RECONNECTION_DELAY_MS,
    };
    const opened: Socket = options.url ? connect(options.url, socketOptions) : connect(socketOptions);
    socket = opened;
    // The same connection carries the tenant's live updates (subscribeRealtime).
    attachRealtimeSocket(opened);

    // Rooms do not survive a reconnection: join on every connect.
    opened.on('connect', () => {
      opened.emit(RealtimeEvent.JoinRoom, roomId);
    });
    opened.on(RealtimeEvent.Message, (message: unknown) => {
      if (message === LOGOUT_MESSAGE) options.onLogout();
    });
  };

  if (options.connect) start(options.connect);
  else loadSocketIoAfterFirstPaint().then(start, (error: unknown) => console.error('realtime unavailable', error));

  return {
    roomId,
    broadcastLogout() {
      const current = socket;
      if (!current?.connected) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const done = setTimeout(resolve, BROADCAST_WAIT_MS);
        current.emit(RealtimeEvent.SendMessageToRoom, { roomId, message: LOGOUT_MESSAGE }, () => {
          clearTimeout(done);
          resolve();
        });
      });
    },
    updateToken(next) {
      token = next;
      if (socket) socket.io.opts.query = { token: next };
    },
    close() {
      closed = true;
      if (!socket) return;
      detachRealtimeSocket(socket);
      socket.removeAllListeners();
      socket.disconnect();
      socket = null;
    },
  };
}

/**
 * socket.io-client (about 13 KB compressed) is not needed to show the first page: it is fetched once the document
 * has loaded, the browser is idle and, on a page hydrated from the build's HTML, the page's data has come and is drawn
 * (live updates and the logout room start a moment later; the hub says when pushes may have been missed,
 * REALTIME_RESYNC in realtime-hub.ts).
 */
function loadSocketIoAfterFirstPaint(): Promise<typeof io> {
  const loaded = new Promise<void>((resolve) => {
    if (document.readyState === 'complete') resolve();
    else window.addEventListener('load', () => resolve(), { once: true });
  });
  const idle = () =>
    new Promise<void>((resolve) => {
      if (typeof window.requestIdleCallback === 'function')
        window.requestIdleCallback(() => resolve(), { timeout: 1500 });
      else setTimeout(resolve, 300);
    });
  return loaded
    .then(idle)
    .then(() => new Promise<void>((resolve) => whenIdleLoadsMayStart(resolve)))
    .then(() => import('socket.io-client'))
    .then((module) => module.io);
}
