import fp from 'fastify-plugin';
import { Server, type Socket } from 'socket.io';
import { REALTIME_PATH, RealtimeEvent, roomEmail } from '@shipdesk/contract';
import type { AuthContext } from './auth.ts';
import { attachRealtimeAdapter, type RealtimeAdapterKind } from './realtime-adapter.ts';

declare module 'fastify' {
  interface FastifyInstance {
    realtime: {
      io: Server;
      /** Where rooms live: this process (embedded database) or every instance (PostgreSQL, Redis). */
      adapter: RealtimeAdapterKind;
      /** Sends `event` to every connected socket of the tenant (all its users and devices). */
      toTenant(tenantId: string, event: string, payload: unknown): void;
      /** Runs `listener` in this process for every `toTenant` of this instance (a cache that must forget a change). */
      onTenantEvent(listener: (tenantId: string, event: string, payload: unknown) => void): void;
      /** Tells every other instance `event` (through the adapter); there are none on the embedded database. */
      toInstances(event: string): void;
      /** Runs `listener` when another instance sends `event` with `toInstances`. */
      onInstances(event: string, listener: () => void): void;
    };
  }
}

interface RealtimeOptions {
  /** Origins allowed to open a socket from a browser (the product's own origin always works). */
  origins: string[];
  /** false: no socket.io on this instance's HTTP server (a worker); its broadcasts still reach every instance. */
  serve?: boolean;
  /** PostgreSQL: rooms span the instances sharing it (LISTEN/NOTIFY). Unset: the in-memory adapter. */
  databaseUrl?: string | undefined;
  /** Redis instead of PostgreSQL for the rooms across instances. */
  redisUrl?: string | undefined;
}

type Ack = (answer: { ok: boolean; error?: string }) => void;

const TENANT_ROOM_PREFIX = 'tenant:';
const MAX_ROOM_ID_LENGTH = 512;
const MAX_MESSAGE_BYTES = 16 * 1024;

const tenantRoom = (tenantId: string) => `${TENANT_ROOM_PREFIX}${tenantId}`;

/**
 * socket.io on the HTTP server: websocket only, authenticated by the access token in the handshake query.
 * A socket may join only its own user's rooms (`<email>:<fingerprint>`, spec 4.3 logout rooms) and send only to
 * rooms it joined. Every socket is also in `tenant:<id>` for server-side broadcasts.
 *
 * Rooms span the instances (docs/scale-out.md): through Redis when REDIS_URL is set, PostgreSQL when DATABASE_URL
 * is, this process only on the embedded database. The HTTP server starts listening once this instance hears the
 * others, so no socket connects to an instance that would miss a broadcast.
 */
export const realtimePlugin = fp<RealtimeOptions>(
  async (app, options) => {
    const io = new Server({
      path: REALTIME_PATH,
      transports: ['websocket'],
      serveClient: false,
      cors: { origin: options.origins, credentials: false },
      maxHttpBufferSize: MAX_MESSAGE_BYTES,
    });
    const adapter = await attachRealtimeAdapter(io, {
      databaseUrl: options.databaseUrl,
      redisUrl: options.redisUrl,
      log: app.log,
    });
    const serve = options.serve ?? true;
    if (serve) io.attach(app.server);

    io.use((socket, next) => {
      const raw = socket.handshake.query.token ?? socket.handshake.auth?.token;
      const token = Array.isArray(raw) ? raw[0] : raw;
      if (typeof token !== 'string' || token === '') {
        next(new Error('unauthorized: no access token'));
        return;
      }
      app.verifyToken(token).then(
        (auth) => {
          socket.data.auth = auth;
          next();
        },
        (error: Error) => next(new Error(`unauthorized: ${error.message}`)),
      );
    });

    io.on('connection', (socket: Socket) => {
      const auth = socket.data.auth as AuthContext;
      void socket.join(tenantRoom(auth.tenantId));

      socket.on(RealtimeEvent.JoinRoom, (roomId: unknown, ack?: Ack) => {
        const reply: Ack = typeof ack === 'function' ? ack : () => undefined;
        if (typeof roomId !== 'string' || roomId === '' || roomId.length > MAX_ROOM_ID_LENGTH) {
          reply({ ok: false, error: 'roomId must be a non-empty string' });
          return;
        }
        if (roomId.startsWith(TENANT_ROOM_PREFIX) || roomEmail(roomId) !== auth.email) {
          reply({ ok: false, error: 'You may join only your own rooms' });
          return;
        }
        void socket.join(roomId);
        reply({ ok: true });
      });

      socket.on(RealtimeEvent.SendMessageToRoom, (payload: unknown, ack?: Ack) => {
        const reply: Ack = typeof ack === 'function' ? ack : () => undefined;
        const { roomId, message } = (payload ?? {}) as { roomId?: unknown; message?: unknown };
        if (typeof roomId !== 'string' || !socket.rooms.has(roomId) || roomId.startsWith(TENANT_ROOM_PREFIX)) {
          reply({ ok: false, error: 'Join the room before sending to it' });
          return;
        }
        socket.to(roomId).emit(RealtimeEvent.Message, message);
        reply({ ok: true });
      });
    });

    // A user whose access ended hears nothing more: their sockets on this instance close (each instance learns it).
    app.revocations.onRevoked(({ issuer, subject }) => {
      for (const socket of io.of('/').sockets.values()) {
        const auth = socket.data.auth as AuthContext | undefined;
        if (auth?.issuer === issuer && auth.userId === subject) socket.disconnect(true);
      }
    });

    const tenantListeners: Array<(tenantId: string, event: string, payload: unknown) => void> = [];
    app.decorate('realtime', {
      io,
      adapter: adapter.kind,
      toTenant: (tenantId: string, event: string, payload: unknown) => {
        io.to(tenantRoom(tenantId)).emit(event, payload);
        for (const listener of tenantListeners) listener(tenantId, event, payload);
      },
      onTenantEvent: (listener: (tenantId: string, event: string, payload: unknown) => void) => {
        tenantListeners.push(listener);
      },
      toInstances: (event: string) => {
        if (adapter.kind !== 'memory') io.serverSideEmit(event);
      },
      onInstances: (event: string, listener: () => void) => {
        io.of('/').on(event, listener);
      },
    });

    app.addHook('onReady', () => adapter.ready());
    // Open websockets would keep the HTTP server from closing.
    app.addHook('preClose', async () => {
      // This instance's sockets only: through the adapter, `io.disconnectSockets` would close every instance's.
      io.local.disconnectSockets(true);
      if (serve) io.engine.close();
    });
    // After the work that still broadcasts (sync, label batches) has stopped in its own preClose.
    app.addHook('onClose', () => adapter.close());
  },
  { name: 'realtime', dependencies: ['auth', 'access-revocations'] },
);
