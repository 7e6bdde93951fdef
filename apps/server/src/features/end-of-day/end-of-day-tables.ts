import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { tenantPolicy } from '../../db/schema/tenancy.ts';
import { at, bytea } from '../../db/schema/columns.ts';

/**
 * The end of the day (docs/end-of-day.md): a USPS SCAN form (or a carrier's close / manifest) for one account, one
 * ship-from address and one mailing day, the labels it covers and the carrier's document.
 */
export const scanForms = pgTable(
  'scan_forms',
  {
    tenantId: text('tenant_id').notNull(),
    id: bigint('id', { mode: 'number' }).notNull().generatedByDefaultAsIdentity(),
    carrier: text('carrier').notNull(),
    carrierAccountId: bigint('carrier_account_id', { mode: 'number' }),
    shipDate: text('ship_date').notNull(),
    fromAddress: jsonb('from_address').$type<Record<string, unknown>>().notNull(),
    /** The labels it covers (their ids). */
    labelIds: jsonb('label_ids').$type<number[]>().notNull(),
    /** The carrier's reference of the form (USPS's form number, a FedEx close confirmation...). */
    carrierRef: text('carrier_ref'),
    contentType: text('content_type'),
    document: bytea('document'),
    createdById: text('created_by_id').notNull(),
    createdByEmail: text('created_by_email').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('scan_forms_tenant_day_idx').on(t.tenantId, t.shipDate, t.id),
    tenantPolicy('scan_forms'),
  ],
).enableRLS();

/** A carrier pickup booked from the product, and its cancellation. */
export const pickups = pgTable(
  'pickups',
  {
    tenantId: text('tenant_id').notNull(),
    id: bigint('id', { mode: 'number' }).notNull().generatedByDefaultAsIdentity(),
    carrier: text('carrier').notNull(),
    carrierAccountId: bigint('carrier_account_id', { mode: 'number' }),
    /** The carrier's confirmation number (what cancels it). */
    confirmation: text('confirmation'),
    pickupDate: text('pickup_date').notNull(),
    readyBy: text('ready_by').notNull(),
    closeBy: text('close_by').notNull(),
    address: jsonb('address').$type<Record<string, unknown>>().notNull(),
    parcels: integer('parcels').notNull(),
    weight: integer('weight').notNull(),
    location: text('location'),
    status: text('status').notNull().default('booked'),
    message: text('message'),
    createdById: text('created_by_id').notNull(),
    createdByEmail: text('created_by_email').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    canceledAt: at('canceled_at'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('pickups_tenant_day_idx').on(t.tenantId, t.pickupDate, t.id),
    check('pickups_status_check', sql`status IN ('booked', 'canceled')`),
    tenantPolicy('pickups'),
  ],
).enableRLS();
