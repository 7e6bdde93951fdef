import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
} from 'drizzle-orm/pg-core';
import { ADDRESS_CHECK_STATUSES } from '@shipdesk/contract';
import { orders } from '../orders/orders-tables.ts';
import { tenantPolicy } from '../../db/schema/tenancy.ts';
import { at, oneOf } from '../../db/schema/columns.ts';

/**
 * The check of an order's ship-to (docs/address-checks.md): one row per order, kept beside the order (the check never
 * writes the order; a correction is the seller's to apply). `address_key` is the normalised address the row is about:
 * an edit that changes it makes the row pending again. `next_at` is when a pending or not-checked row is asked next.
 */
export const addressChecks = pgTable(
  'address_checks',
  {
    tenantId: text('tenant_id').notNull(),
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    status: text('status').notNull(),
    addressKey: text('address_key').notNull(),
    carrier: text('carrier'),
    carrierAccountId: bigint('carrier_account_id', { mode: 'number' }),
    residential: boolean('residential'),
    /** CheckedAddress: the carrier's standardised form (corrected). */
    suggestion: jsonb('suggestion'),
    /** CheckedAddress[]: the matches to choose from (ambiguous). */
    candidates: jsonb('candidates')
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** The carrier's words, or the format's problems (format_only). */
    messages: jsonb('messages')
      .notNull()
      .default(sql`'[]'::jsonb`),
    attempts: integer('attempts').notNull().default(0),
    nextAt: at('next_at'),
    checkedAt: at('checked_at'),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.orderId] }),
    foreignKey({
      name: 'address_checks_order_fk',
      columns: [t.tenantId, t.orderId],
      foreignColumns: [orders.tenantId, orders.id],
    }).onDelete('cascade'),
    // The orders list filters by status; the checks' job finds what is due.
    index('address_checks_tenant_status_idx').on(t.tenantId, t.status),
    index('address_checks_due_idx')
      .on(t.tenantId, t.nextAt)
      .where(sql`status IN ('pending', 'not_checked')`),
    check('address_checks_status_check', oneOf('status', ADDRESS_CHECK_STATUSES)),
    tenantPolicy('address_checks'),
  ],
).enableRLS();

export type AddressCheckRow = typeof addressChecks.$inferSelect;

/**
 * What a carrier answered for a normalised address, per tenant: the same address on many orders (a repeat buyer, a
 * 10,000-order pull) is asked once. An answer older than the cache's age is asked again.
 */
export const addressCheckCache = pgTable(
  'address_check_cache',
  {
    tenantId: text('tenant_id').notNull(),
    carrier: text('carrier').notNull(),
    addressKey: text('address_key').notNull(),
    /** AddressCheckOutcome as the adapter answered it. */
    outcome: jsonb('outcome').notNull(),
    checkedAt: at('checked_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.carrier, t.addressKey] }), tenantPolicy('address_check_cache')],
).enableRLS();

/**
 * The calls a tenant's carrier account made to its address service in the current window (its rate limit), so that
 * every instance working the checks keeps to one budget.
 */
export const addressCheckQuotas = pgTable(
  'address_check_quotas',
  {
    tenantId: text('tenant_id').notNull(),
    carrierAccountId: bigint('carrier_account_id', { mode: 'number' }).notNull(),
    windowStartedAt: at('window_started_at').notNull(),
    used: integer('used').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.carrierAccountId] }), tenantPolicy('address_check_quotas')],
).enableRLS();
