import { bigint, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { tenants } from './tenants.ts';
import { tenantPolicy } from './tenancy.ts';

/** Connected sales stores (spec section 3, "Store"). The stores module grows this table. */
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('stores_tenant_created_idx').on(t.tenantId, t.createdAt, t.id),
    tenantPolicy('stores'),
  ],
).enableRLS();
