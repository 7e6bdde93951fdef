import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  foreignKey,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { CARRIERS, MAPPING_DESTINATIONS } from '@shipdesk/contract';
import { carrierAccounts } from './carrier-accounts-tables.ts';
import { tenants } from '../../db/schema/tenants.ts';
import { tenantPolicy } from '../../db/schema/tenancy.ts';
import { oneOf, at } from '../../db/schema/columns.ts';

/**
 * Shipping methods (spec section 3): a name unique per tenant without regard to case or outer spaces (`name_key`,
 * kept by PostgreSQL: a plain column, since row-level security keeps lower() out of index scans).
 */
export const shipMethods = pgTable(
  'ship_methods',
  {
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    id: bigint('id', { mode: 'number' }).notNull().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    nameKey: text('name_key').generatedAlwaysAs(sql`lower(btrim(name))`),
    createdAt: at('created_at').notNull().defaultNow(),
    /** Deleted while orders still name it: hidden from choices, kept for history (docs/setup-deletion.md). */
    archivedAt: at('archived_at'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    // Among live methods only: an archived method's name can be given to a new one.
    uniqueIndex('ship_methods_tenant_name_key_live_idx')
      .on(t.tenantId, t.nameKey)
      .where(sql`archived_at IS NULL`),
    tenantPolicy('ship_methods'),
  ],
).enableRLS();

/**
 * A shipping method mapped to a carrier's service (`carrier_method`, a code of the carrier catalogue), for every
 * destination or only domestic / international ones; at most one per method and destination. The foreign keys keep
 * every row in one tenant.
 */
export const shipMethodCarrierMappings = pgTable(
  'ship_method_carrier_mappings',
  {
    tenantId: text('tenant_id').notNull(),
    id: bigint('id', { mode: 'number' }).notNull().generatedByDefaultAsIdentity(),
    shipMethodId: bigint('ship_method_id', { mode: 'number' }).notNull(),
    carrier: text('carrier').notNull(),
    carrierMethod: text('carrier_method').notNull(),
    destination: text('destination').notNull().default('any'),
    packageType: text('package_type'),
    carrierAccountId: bigint('carrier_account_id', { mode: 'number' }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      name: 'ship_method_carrier_mappings_ship_method_fk',
      columns: [t.tenantId, t.shipMethodId],
      foreignColumns: [shipMethods.tenantId, shipMethods.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'ship_method_carrier_mappings_account_fk',
      columns: [t.tenantId, t.carrierAccountId],
      foreignColumns: [carrierAccounts.tenantId, carrierAccounts.id],
    }),
    unique('ship_method_carrier_mappings_destination_unique').on(t.tenantId, t.shipMethodId, t.destination),
    index('ship_method_carrier_mappings_tenant_method_idx').on(t.tenantId, t.shipMethodId),
    check('ship_method_carrier_mappings_carrier_check', oneOf('carrier', CARRIERS)),
    check('ship_method_carrier_mappings_destination_check', oneOf('destination', MAPPING_DESTINATIONS)),
    tenantPolicy('ship_method_carrier_mappings'),
  ],
).enableRLS();

/** Which requested services of a store (or of every store: `store_id` null) mean a shipping method (spec: data). */
export const shipMethodStoreMappings = pgTable(
  'ship_method_store_mappings',
  {
    tenantId: text('tenant_id').notNull(),
    id: bigint('id', { mode: 'number' }).notNull().generatedByDefaultAsIdentity(),
    shipMethodId: bigint('ship_method_id', { mode: 'number' }).notNull(),
    storeId: bigint('store_id', { mode: 'number' }),
    services: jsonb('services').$type<string[]>().notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      name: 'ship_method_store_mappings_ship_method_fk',
      columns: [t.tenantId, t.shipMethodId],
      foreignColumns: [shipMethods.tenantId, shipMethods.id],
    }).onDelete('cascade'),
    index('ship_method_store_mappings_tenant_method_idx').on(t.tenantId, t.shipMethodId),
    tenantPolicy('ship_method_store_mappings'),
  ],
).enableRLS();

/**
 * The lookup the resolution joins on: one row per requested service (normalised: lower case, outer spaces trimmed)
 * per store (`store_key` 0: every store), pointing at its method. Written with the method (its own name counts for
 * every store) and with each store mapping, in the same transaction; the unique key makes "one meaning per store"
 * a database fact.
 */
export const requestedServiceKeys = pgTable(
  'requested_service_keys',
  {
    tenantId: text('tenant_id').notNull(),
    storeKey: bigint('store_key', { mode: 'number' }).notNull(),
    serviceKey: text('service_key').notNull(),
    shipMethodId: bigint('ship_method_id', { mode: 'number' }).notNull(),
    /** The store mapping it comes from; null for the method's own name. */
    storeMappingId: bigint('store_mapping_id', { mode: 'number' }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.storeKey, t.serviceKey] }),
    foreignKey({
      name: 'requested_service_keys_ship_method_fk',
      columns: [t.tenantId, t.shipMethodId],
      foreignColumns: [shipMethods.tenantId, shipMethods.id],
    }).onDelete('cascade'),
    index('requested_service_keys_tenant_method_idx').on(t.tenantId, t.shipMethodId),
    tenantPolicy('requested_service_keys'),
  ],
).enableRLS();

/**
 * Re-resolving a tenant's open orders after a mapping changed: asked for in the same transaction as the change (so it
 * is never lost), worked through in batches by id, each batch committed with the position reached. A change while it
 * runs asks again: the work starts over from the first order.
 */
export const shippingResolutions = pgTable(
  'shipping_resolutions',
  {
    tenantId: text('tenant_id')
      .notNull()
      .primaryKey()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    requestedAt: at('requested_at').notNull(),
    /** The last order id done in the current pass; 0 before the first batch. */
    doneThrough: bigint('done_through', { mode: 'number' }).notNull().default(0),
    done: bigint('done', { mode: 'number' }).notNull().default(0),
    total: bigint('total', { mode: 'number' }).notNull().default(0),
    finishedAt: at('finished_at'),
    /** Which run of the pass's slice job holds it: a stale run that lost it stops. */
    worker: text('worker'),
  },
  () => [tenantPolicy('shipping_resolutions')],
).enableRLS();

export type ShipMethodRow = typeof shipMethods.$inferSelect;
export type ShipMethodCarrierMappingRow = typeof shipMethodCarrierMappings.$inferSelect;
export type ShipMethodStoreMappingRow = typeof shipMethodStoreMappings.$inferSelect;
export type ShippingResolutionRow = typeof shippingResolutions.$inferSelect;
