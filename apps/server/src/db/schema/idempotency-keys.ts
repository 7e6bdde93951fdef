import { index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { tenants } from './tenants.ts';
import { tenantPolicy } from './tenancy.ts';
import { at } from './columns.ts';

/** `Idempotency-Key` answers of the orders API, replayed for 24 hours. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code').notNull(),
    responseBody: jsonb('response_body').$type<unknown>().notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.key] }),
    index('idempotency_keys_tenant_created_idx').on(t.tenantId, t.createdAt),
    tenantPolicy('idempotency_keys'),
  ],
).enableRLS();
