import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, smallint, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { DEFAULT_TIME_ZONE } from '@shipdesk/contract';
import { tenantPolicy } from './tenancy.ts';

/** One row per organisation; `id` is the `org_id` claim of the access token. */
export const tenants = pgTable(
  'tenants',
  {
    id: text('id').primaryKey(),
    name: text('name'),
    timeZone: text('time_zone').notNull().default(DEFAULT_TIME_ZONE),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  () => [tenantPolicy('tenants', sql`id`)],
).enableRLS();

/** Users as seen in verified tokens: identity is (issuer, subject) within the tenant. */
export const users = pgTable(
  'users',
  {
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    email: text('email').notNull(),
    roleId: smallint('role_id').notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    unique('users_tenant_issuer_subject_unique').on(t.tenantId, t.issuer, t.subject),
    index('users_tenant_email_idx').on(t.tenantId, t.email),
    tenantPolicy('users'),
  ],
).enableRLS();

export type TenantRow = typeof tenants.$inferSelect;
export type UserRow = typeof users.$inferSelect;
