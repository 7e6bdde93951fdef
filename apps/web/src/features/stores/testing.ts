import type { Socket } from 'socket.io-client';
import type { Store, StoreList, SyncRun } from '@shipdesk/contract';

/** Test-only fixtures and fakes of the stores screen. */

export function syncRun(overrides: Partial<SyncRun> = {}): SyncRun {
  return {
    id: '90',
    storeId: '1',
    state: 'succeeded',
    trigger: 'manual',
    pages: 5,
    ordersSeen: 412,
    ordersNew: 3,
    ordersUpdated: 0,
    ordersFailed: 0,
    error: null,
    queuedAt: '2025-01-15T17:00:00Z',
    startedAt: '2025-01-15T17:00:01Z',
    finishedAt: '2025-01-15T17:04:05Z',
    ...overrides,
  };
}

export function store(overrides: Partial<Store> = {}): Store {
  const id = overrides.id ?? '1';
  return {
    id,
    name: 'Main Shopify',
    sourceType: 'Shopify',
    status: 'active',
    settings: { shopDomain: 'main.myshopify.com' },
    credentials: { accessToken: '••••1234' },
    customerOrderCode: 'SHP',
    syncIntervalMinutes: 60,
    orderCount: 12_345,
    lastSyncAt: '2025-01-15T17:04:05Z',
    lastSync: syncRun({ storeId: id }),
    problem: null,
    webhookUrl: `https://app.example.com/webhooks/shopify/key${id}`,
    push: { status: 'off', error: null, counts: { recorded: 0, duplicate: 0, ignored: 0 } },
    lastHeardAt: '2025-01-15T17:04:05Z',
    createdAt: '2025-01-01T12:00:00Z',
    ...overrides,
  };
}

export function storeList(rows: Store[], overrides: Partial<StoreList> = {}): StoreList {
  return { rows, page: 1, size: 10, total: rows.length, ...overrides };
}

export { fail, ok } from '@/lib/testing/api-stub';

/** A socket.io client stand-in for the realtime hub: `fire` delivers a server event. */
export function fakeSocket() {
  const handlers = new Map<string, Set<(payload: unknown) => void>>();
  const fake = {
    on(event: string, handler: (payload: unknown) => void) {
      handlers.set(event, (handlers.get(event) ?? new Set()).add(handler));
      return fake;
    },
    off(event: string, handler: (payload: unknown) => void) {
      handlers.get(event)?.delete(handler);
      return fake;
    },
    fire(event: string, payload: unknown) {
      for (const handler of [...(handlers.get(event) ?? [])]) handler(payload);
    },
  };
  return { fake, socket: fake as unknown as Socket };
}
