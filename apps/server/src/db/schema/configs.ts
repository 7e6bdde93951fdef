import { index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { tenants } from './tenants.ts';
import { tenantPolicy } from './tenancy.ts';

/**
 * Tenant settings (spec section 3, "Config entry"). `updated_by` is the token subject of the user who saved
 * the entry, or null for a default written by provisioning.
 */
export const configs = pgTable(
  'configs',
  {
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    value: text('value'),
    options: jsonb('options').$type<Record<string, unknown>>(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: text('updated_by'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.key] }),
    index('configs_tenant_updated_idx').on(t.tenantId, t.updatedAt),
    tenantPolicy('configs'),
  ],
).enableRLS();

export type ConfigRow = typeof configs.$inferSelect;
