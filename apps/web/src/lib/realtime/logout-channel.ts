import { io, type Socket } from 'socket.io-client';
import {
  LOGOUT_MESSAGE,
  logoutRoomId,
  REALTIME_PATH,
  REALTIME_RECONNECTION_DELAY_MS,
  RealtimeEvent,
} from '@shipdesk/contract';
import { attachRealtimeSocket, detachRealtimeSocket } from './realtime-hub.ts';

export interface LogoutChannelOptions {
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
  const connect = options.connect ?? io;
  const socketOptions = {
    path: REALTIME_PATH,
    transports: ['websocket'],
    query: { token: options.token },
    reconnection: true,
    // Spec 9 names 500000 ms as the reconnection delay; as the back-off ceiling it keeps early retries quick.
    reconnectionDelayMax: REALTIME_RECONNECTION_DELAY_MS,
  };
  const socket: Socket = options.url ? connect(options.url, socketOptions) : connect(socketOptions);
  // The same connection carries the tenant's live updates (subscribeRealtime).
  attachRealtimeSocket(socket);

  // Rooms do not survive a reconnection: join on every connect.
  socket.on('connect', () => {
    socket.emit(RealtimeEvent.JoinRoom, roomId);
  });
  socket.on(RealtimeEvent.Message, (message: unknown) => {
    if (message === LOGOUT_MESSAGE) options.onLogout();
  });

  return {
    roomId,
    broadcastLogout() {
      if (!socket.connected) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const done = setTimeout(resolve, BROADCAST_WAIT_MS);
        socket.emit(RealtimeEvent.SendMessageToRoom, { roomId, message: LOGOUT_MESSAGE }, () => {
          clearTimeout(done);
          resolve();
        });
      });
    },
    updateToken(token) {
      socket.io.opts.query = { token };
    },
    close() {
      detachRealtimeSocket(socket);
      socket.removeAllListeners();
      socket.disconnect();
    },
  };
}
