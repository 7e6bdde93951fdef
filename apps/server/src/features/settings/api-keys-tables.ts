import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenants } from '../../db/schema/tenants.ts';
import { tenantPolicy } from '../../db/schema/tenancy.ts';
import { at } from '../../db/schema/columns.ts';

/**
 * The tenant's API keys (config `bearer_token`). Only the SHA-256 of a key is kept, so a leaked table opens no door;
 * `last4` lets people recognise it. At most one key per tenant is working (`revoked_at` null); rotated and revoked
 * ones stay as a record. A request carries only the key, so it is found by its hash across tenants (unique).
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    keyHash: text('key_hash').notNull(),
    last4: text('last4').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    createdBy: text('created_by').notNull(),
    lastUsedAt: at('last_used_at'),
    revokedAt: at('revoked_at'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('api_keys_key_hash_unique').on(t.keyHash),
    uniqueIndex('api_keys_one_working_per_tenant')
      .on(t.tenantId)
      .where(sql`revoked_at IS NULL`),
    index('api_keys_tenant_created_idx').on(t.tenantId, t.createdAt),
    tenantPolicy('api_keys'),
  ],
).enableRLS();

export type ApiKeyRow = typeof apiKeys.$inferSelect;
