import { io as connect, type Socket } from 'socket.io-client';
import { OrderRealtimeEvent, REALTIME_PATH, type OrderChangedMessage } from '@shipdesk/contract';
import type { ChangeExpectation } from './push-latency-channels.ts';
import type { TrackingBenchApp } from './tracking-bench-app.ts';

/**
 * The push benchmark's seller (push-latency.ts): signed in on the realtime socket as the web app is, it hears
 * `orders:changed` (sent after the commit) and reads each named order through the order view, as the web app refetches
 * what is on screen; a change is seen when the view shows it (its version moved past the one before the change, and
 * the column the change moves says so). A change not seen after `POLL_AFTER_MS` is looked for in its store's order
 * list (filtered by store, one page), in case an event never came: those are counted apart.
 */

export interface PendingChange {
  seq: number;
  store: number;
  storeId: string;
  orderId: string;
  versionBefore: number;
  /** performance.now() just before the change was made at the channel. */
  t0: number;
  expect: ChangeExpectation;
  /** What the seller last read of the order while the change was not yet visible. */
  lastRead?: Omit<OrderShape, 'id'>;
}

export interface SeenChange extends PendingChange {
  latencyMs: number;
  via: 'event' | 'list';
}

interface OrderShape {
  id: string;
  orderStatus: string;
  shipTo: string | null;
  version: number;
}

const POLL_AFTER_MS = 3_000;
const POLL_EVERY_MS = 1_000;

interface Watcher {
  add(change: PendingChange): void;
  readonly pending: Map<string, PendingChange>;
  readonly seen: SeenChange[];
  /** Events naming an order whose change had already been seen (a push taken twice would show here). */
  readonly repeatEvents: number;
  readonly events: number;
  close(): void;
}

export async function startWatcher(run: TrackingBenchApp, token: string): Promise<Watcher> {
  const pending = new Map<string, PendingChange>();
  const seen: SeenChange[] = [];
  const seenOrders = new Set<string>();
  const state = { repeatEvents: 0, events: 0 };
  const socket: Socket = connect(`http://127.0.0.1:${run.port}`, {
    path: REALTIME_PATH,
    transports: ['websocket'],
    query: { token },
    reconnection: true,
    forceNew: true,
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (error) => reject(error));
  });

  const settle = (change: PendingChange, order: OrderShape, via: SeenChange['via']) => {
    if (!pending.has(change.orderId)) return;
    if (!change.expect.visible(order, change.versionBefore)) {
      change.lastRead = { orderStatus: order.orderStatus, shipTo: order.shipTo, version: order.version };
      return;
    }
    pending.delete(change.orderId);
    seenOrders.add(change.orderId);
    seen.push({ ...change, latencyMs: performance.now() - change.t0, via });
  };

  // An event that comes while its order is being read gets a read of its own once that one is back.
  const checking = new Map<string, boolean>();
  const view = async (orderId: string): Promise<void> => {
    if (checking.has(orderId)) return void checking.set(orderId, true);
    checking.set(orderId, false);
    try {
      const change = pending.get(orderId);
      if (change) settle(change, (await run.api('GET', `/api/v1/orders/${orderId}`)) as unknown as OrderShape, 'event');
    } finally {
      const again = checking.get(orderId);
      checking.delete(orderId);
      if (again) await view(orderId);
    }
  };
  socket.on(OrderRealtimeEvent.Changed, (message: OrderChangedMessage) => {
    state.events++;
    for (const id of message.orderIds ?? []) {
      if (pending.has(id)) void view(id).catch((error: unknown) => console.error('[push-latency] view', error));
      else if (seenOrders.has(id)) state.repeatEvents++;
    }
  });

  // The safety net: a store whose change waits longer than POLL_AFTER_MS is read as a list page now and then.
  let polling = false;
  const poll = setInterval(() => {
    if (polling) return;
    polling = true;
    const now = performance.now();
    const stores = new Set([...pending.values()].filter((c) => now - c.t0 > POLL_AFTER_MS).map((c) => c.storeId));
    void (async () => {
      for (const storeId of stores) {
        const filters = encodeURIComponent(JSON.stringify({ storeId }));
        const page = (await run.api('GET', `/api/v1/orders?size=500&filters=${filters}`)) as unknown as {
          rows: OrderShape[];
        };
        for (const row of page.rows) {
          const change = pending.get(row.id);
          if (change) settle(change, row, 'list');
        }
      }
    })()
      .catch((error: unknown) => console.error('[push-latency] list', error))
      .finally(() => (polling = false));
  }, POLL_EVERY_MS);

  return {
    add: (change) => void pending.set(change.orderId, change),
    pending,
    seen,
    get repeatEvents() {
      return state.repeatEvents;
    },
    get events() {
      return state.events;
    },
    close() {
      clearInterval(poll);
      socket.disconnect();
    },
  };
}
