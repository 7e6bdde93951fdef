import { sql } from 'drizzle-orm';
import { bigint, pgPolicy, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { tenants } from '../../db/schema/tenants.ts';
import { appRole } from '../../db/schema/tenancy.ts';

/** What the database keeps about a tenant's orders for the list, written by triggers on `orders` only. */

const tenantId = () =>
  text('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' });

/**
 * How many orders each tenant has in each order status: the list's status tabs and unfiltered totals, exact and
 * read in one index lookup. Kept by the database itself, in the writing transaction: statement-level triggers on
 * `orders` (migration 0004) add up each statement's transition tables per (tenant, status), so a statement of
 * 100k rows costs one aggregate. The app role may only read its tenant's rows; the trigger functions write as
 * their owner (SECURITY DEFINER), so the application cannot set a count (docs/orders.md, "Counts").
 */
export const orderStatusCounts = pgTable(
  'order_status_counts',
  {
    tenantId: tenantId(),
    orderStatus: text('order_status').notNull(),
    orderCount: bigint('order_count', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.orderStatus] }),
    pgPolicy('order_status_counts_tenant_read', {
      as: 'permissive',
      for: 'select',
      to: appRole,
      using: sql`tenant_id = current_setting('app.tenant_id', true)`,
    }),
  ],
).enableRLS();

/**
 * How many orders of a tenant fall in each block of 1,024 order ids, per order status: where a typed-in page number
 * of the list starts, without reading every order before it (docs/orders.md, "Any page"). One row per block, so a
 * lookup reads the tenant's blocks in id order and stops where the page is. Kept like `orderStatusCounts`, by
 * statement-level triggers on `orders` (migration 0018); the app role only reads its tenant's rows.
 */
export const orderPageBuckets = pgTable(
  'order_page_buckets',
  {
    tenantId: tenantId(),
    /** `id / 1024`: the orders with ids from bucket * 1024 to bucket * 1024 + 1023. */
    bucket: bigint('bucket', { mode: 'number' }).notNull(),
    draftOrder: bigint('draft_order', { mode: 'number' }).notNull().default(0),
    salesOrder: bigint('sales_order', { mode: 'number' }).notNull().default(0),
    completed: bigint('completed', { mode: 'number' }).notNull().default(0),
    canceled: bigint('canceled', { mode: 'number' }).notNull().default(0),
    deleted: bigint('deleted', { mode: 'number' }).notNull().default(0),
    completedCanceledPartial: bigint('completed_canceled_partial', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.bucket] }),
    pgPolicy('order_page_buckets_tenant_read', {
      as: 'permissive',
      for: 'select',
      to: appRole,
      using: sql`tenant_id = current_setting('app.tenant_id', true)`,
    }),
  ],
).enableRLS();

export type OrderStatusCountRow = typeof orderStatusCounts.$inferSelect;
