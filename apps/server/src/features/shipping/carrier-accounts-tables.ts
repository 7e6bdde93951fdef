import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { CARRIER_ACCOUNT_STATUSES, CARRIERS } from '@shipdesk/contract';
import { tenants } from '../../db/schema/tenants.ts';
import { tenantPolicy } from '../../db/schema/tenancy.ts';
import { oneOf, at } from '../../db/schema/columns.ts';

/**
 * A tenant's account with a carrier: non-secret settings in clear, credentials sealed (AES-256-GCM, as a store's),
 * whether a test proved it, and at most one default account per carrier.
 */
export const carrierAccounts = pgTable(
  'carrier_accounts',
  {
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    id: bigint('id', { mode: 'number' }).notNull().generatedByDefaultAsIdentity(),
    carrier: text('carrier').notNull(),
    name: text('name').notNull(),
    settings: jsonb('settings').$type<Record<string, string>>().notNull().default({}),
    credentials: text('credentials'),
    status: text('status').notNull().default('not_verified'),
    lastError: text('last_error'),
    verifiedAt: at('verified_at'),
    isDefault: boolean('is_default').notNull().default(false),
    /** Deleted while labels or mappings still name it: hidden from pickers, kept for history (docs/setup-deletion.md). */
    archivedAt: at('archived_at'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('carrier_accounts_tenant_carrier_idx').on(t.tenantId, t.carrier),
    uniqueIndex('carrier_accounts_one_default_idx')
      .on(t.tenantId, t.carrier)
      .where(sql`is_default`),
    check('carrier_accounts_carrier_check', oneOf('carrier', CARRIERS)),
    check('carrier_accounts_status_check', oneOf('status', CARRIER_ACCOUNT_STATUSES)),
    tenantPolicy('carrier_accounts'),
  ],
).enableRLS();

export type CarrierAccountRow = typeof carrierAccounts.$inferSelect;
