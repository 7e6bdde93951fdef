import { bigint, foreignKey, index, pgTable, primaryKey, text, unique } from 'drizzle-orm/pg-core';
import { tenants } from './tenants.ts';
import { tenantPolicy } from './tenancy.ts';

/** Shipping methods (spec section 3): a name unique per tenant. */
export const shipMethods = pgTable(
  'ship_methods',
  {
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    id: bigint('id', { mode: 'number' }).notNull().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    unique('ship_methods_tenant_name_unique').on(t.tenantId, t.name),
    tenantPolicy('ship_methods'),
  ],
).enableRLS();

/** A shipping method mapped to a carrier's method; the foreign key keeps both rows in one tenant. */
export const shipMethodCarrierMappings = pgTable(
  'ship_method_carrier_mappings',
  {
    tenantId: text('tenant_id').notNull(),
    id: bigint('id', { mode: 'number' }).notNull().generatedByDefaultAsIdentity(),
    shipMethodId: bigint('ship_method_id', { mode: 'number' }).notNull(),
    carrier: text('carrier').notNull(),
    carrierMethod: text('carrier_method').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      name: 'ship_method_carrier_mappings_ship_method_fk',
      columns: [t.tenantId, t.shipMethodId],
      foreignColumns: [shipMethods.tenantId, shipMethods.id],
    }).onDelete('cascade'),
    index('ship_method_carrier_mappings_tenant_method_idx').on(t.tenantId, t.shipMethodId),
    tenantPolicy('ship_method_carrier_mappings'),
  ],
).enableRLS();
