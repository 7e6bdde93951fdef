import { sql } from 'drizzle-orm';
import { bigint, check, pgPolicy, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { tenants } from '../../db/schema/tenants.ts';
import { appRole } from '../../db/schema/tenancy.ts';

/**
 * The dashboard's summaries (docs/dashboard.md, "Summaries"): per tenant and UTC quarter-hour, exact and kept by the
 * database in the writing transaction (statement-level triggers with transition tables, migration
 * `dashboard_triggers`), like `order_status_counts`. A quarter-hour because every UTC offset in force is a
 * multiple of it: local midnights and hours of any tenant's zone fall on bucket edges, and a change of the tenant's
 * zone needs no rebuild. The app role reads its tenant's rows; only the trigger functions write.
 */

const tenantId = () =>
  text('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' });
const bucket = () => timestamp('bucket', { withTimezone: true }).notNull();
const readOwn = (table: string) =>
  pgPolicy(`${table}_tenant_read`, {
    as: 'permissive',
    for: 'select',
    to: appRole,
    using: sql`tenant_id = current_setting('app.tenant_id', true)`,
  });

/**
 * Orders by the quarter-hour of their order date, store, currency and dashboard state: `open` (a Sales Order not
 * fully shipped), `sold` (any other Sales Order, Completed, Completed - Canceled Partial) or `unsold` (Draft Order,
 * Canceled). Deleted orders are left out. `revenue` is the sum of their totals in minor units of `currency`.
 */
export const dashboardOrderBuckets = pgTable(
  'dashboard_order_buckets',
  {
    tenantId: tenantId(),
    bucket: bucket(),
    /** The store id; 0 for orders without a store (entered by hand). */
    storeKey: bigint('store_key', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    state: text('state').notNull(),
    orderCount: bigint('order_count', { mode: 'number' }).notNull().default(0),
    revenue: bigint('revenue', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.bucket, t.storeKey, t.currency, t.state] }),
    check('dashboard_order_buckets_state_check', sql`state IN ('open', 'sold', 'unsold')`),
    readOwn('dashboard_order_buckets'),
  ],
).enableRLS();

/**
 * Orders that became Shipped Complete (`shipped`) or were canceled, wholly or the rest of a partly shipped order
 * (`canceled`), by the quarter-hour it happened, from `order_events`. Net: an event that takes an order back out
 * (a voided label) counts -1 where it happens.
 */
export const dashboardEventBuckets = pgTable(
  'dashboard_event_buckets',
  {
    tenantId: tenantId(),
    bucket: bucket(),
    measure: text('measure').notNull(),
    orderCount: bigint('order_count', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.bucket, t.measure] }),
    check('dashboard_event_buckets_measure_check', sql`measure IN ('shipped', 'canceled')`),
    readOwn('dashboard_event_buckets'),
  ],
).enableRLS();

export type DashboardOrderBucketRow = typeof dashboardOrderBuckets.$inferSelect;
export type DashboardEventBucketRow = typeof dashboardEventBuckets.$inferSelect;
