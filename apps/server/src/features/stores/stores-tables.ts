import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { PUSH_STATUSES, SOURCE_TYPES, STORE_STATUSES, SYNC_STATES } from '@shipdesk/contract';
import { tenants } from '../../db/schema/tenants.ts';
import { tenantPolicy } from '../../db/schema/tenancy.ts';
import { oneOf, at } from '../../db/schema/columns.ts';

/**
 * Connected sales stores (spec 3, 7.3). `credentials` is the sealed JSON of the credential fields (AES-256-GCM,
 * lib/secret-box.ts), never answered. `sync_cursor` is where the next pull starts; it moves only in the transaction
 * that commits a page's orders (docs/stores.md, "Sync").
 */
export const stores = pgTable(
  'stores',
  {
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    id: bigint('id', { mode: 'number' }).notNull().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    sourceType: text('source_type').notNull(),
    status: text('status').notNull().default('active'),
    settings: jsonb('settings').$type<Record<string, string>>().notNull().default({}),
    credentials: text('credentials'),
    customerOrderCode: text('customer_order_code').notNull().default(''),
    syncIntervalMinutes: integer('sync_interval_minutes'),
    nextSyncAt: at('next_sync_at'),
    syncCursor: jsonb('sync_cursor').$type<{
      updatedSince: string | null;
      pageToken: string | null;
      highWater: string | null;
    }>(),
    lastSyncAt: at('last_sync_at'),
    problem: text('problem'),
    /** Unguessable path segment of this store's webhook URL: the platform only knows this, not our ids. */
    webhookKey: text('webhook_key'),
    installId: bigint('install_id', { mode: 'number' }),
    /** Whether the channel pushes order changes here (docs/stores.md, "Pushes"); the pull stays as reconciliation. */
    pushStatus: text('push_status').notNull().default('off'),
    pushError: text('push_error'),
    /** When the channel last answered: a verified push, a pull's page or a pull that succeeded. */
    lastHeardAt: at('last_heard_at'),
    /** Verified pushes by outcome: recorded, duplicate, ignored. */
    pushCounts: jsonb('push_counts').$type<Record<string, number>>().notNull().default({}),
    /** Archived by a seller: no more syncing, gone from pickers; its orders stay (docs/setup-deletion.md). */
    archivedAt: at('archived_at'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('stores_tenant_created_idx').on(t.tenantId, t.createdAt, t.id),
    uniqueIndex('stores_webhook_key_unique').on(t.webhookKey),
    index('stores_next_sync_idx')
      .on(t.nextSyncAt)
      .where(sql`next_sync_at IS NOT NULL AND status = 'active'`),
    check('stores_status_check', oneOf('status', STORE_STATUSES)),
    check('stores_source_type_check', oneOf('source_type', SOURCE_TYPES)),
    check('stores_push_status_check', oneOf('push_status', PUSH_STATUSES)),
    check('stores_sync_interval_check', sql`sync_interval_minutes IS NULL OR sync_interval_minutes BETWEEN 5 AND 1440`),
    // "Store 1" on the API is the manual channel (POST /api/v1/store/1/orders), never a connected store.
    check('stores_id_not_manual_check', sql`id <> 1`),
    tenantPolicy('stores'),
  ],
).enableRLS();

/** One pull of one store: its progress, its outcome, and which run of its slice job holds it (fencing). */
export const syncRuns = pgTable(
  'sync_runs',
  {
    tenantId: text('tenant_id').notNull(),
    id: bigint('id', { mode: 'number' }).notNull().generatedByDefaultAsIdentity(),
    storeId: bigint('store_id', { mode: 'number' }).notNull(),
    state: text('state').notNull().default('queued'),
    trigger: text('trigger').notNull(),
    pages: integer('pages').notNull().default(0),
    ordersSeen: integer('orders_seen').notNull().default(0),
    ordersNew: integer('orders_new').notNull().default(0),
    ordersUpdated: integer('orders_updated').notNull().default(0),
    ordersFailed: integer('orders_failed').notNull().default(0),
    error: text('error'),
    workerId: text('worker_id'),
    attempts: integer('attempts').notNull().default(0),
    queuedAt: at('queued_at').notNull().defaultNow(),
    startedAt: at('started_at'),
    finishedAt: at('finished_at'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('sync_runs_tenant_store_idx').on(t.tenantId, t.storeId, t.id),
    // At most one queued or running pull per store: a second request gets the running one.
    uniqueIndex('sync_runs_one_active_per_store')
      .on(t.tenantId, t.storeId)
      .where(sql`state IN ('queued', 'running')`),
    check('sync_runs_state_check', oneOf('state', SYNC_STATES)),
    tenantPolicy('sync_runs'),
  ],
).enableRLS();

/** Webhook deliveries already taken in, by the platform's event id: a replayed event is stored once. */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    tenantId: text('tenant_id').notNull(),
    storeId: bigint('store_id', { mode: 'number' }).notNull(),
    eventId: text('event_id').notNull(),
    topic: text('topic'),
    externalOrderId: text('external_order_id'),
    receivedAt: at('received_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.storeId, t.eventId] }), tenantPolicy('webhook_events')],
).enableRLS();

/**
 * Installs from a platform's app marketplace (BigCommerce). An install exists before any organisation does: the
 * merchant installs, then registers or signs in, and the web app claims it with `claim_token` for its organisation.
 */
export const marketplaceInstalls = pgTable(
  'marketplace_installs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    sourceType: text('source_type').notNull(),
    externalRef: text('external_ref').notNull(),
    accessToken: text('access_token'),
    scope: text('scope'),
    userEmail: text('user_email'),
    claimToken: text('claim_token').notNull(),
    tenantId: text('tenant_id').references(() => tenants.id, { onDelete: 'set null' }),
    storeId: bigint('store_id', { mode: 'number' }),
    installedAt: at('installed_at').notNull().defaultNow(),
    uninstalledAt: at('uninstalled_at'),
  },
  (t) => [
    uniqueIndex('marketplace_installs_ref_unique').on(t.sourceType, t.externalRef),
    uniqueIndex('marketplace_installs_claim_unique').on(t.claimToken),
    index('marketplace_installs_tenant_idx').on(t.tenantId),
  ],
);

export type StoreRow = typeof stores.$inferSelect;
export type SyncRunRow = typeof syncRuns.$inferSelect;
export type MarketplaceInstallRow = typeof marketplaceInstalls.$inferSelect;
