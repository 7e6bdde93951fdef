import { index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { tenants } from '../../db/schema/tenants.ts';
import { tenantPolicy } from '../../db/schema/tenancy.ts';

/**
 * Users whose access ended here before their access tokens expired: an Admin deactivated them or changed their
 * role. A token of the subject issued at or before `revoked_at` is refused; one issued after (a new sign-in once
 * reactivated, a renewal carrying the new role) is not. One row per user, moved forward by each new revocation.
 * Read across tenants (a request's token is checked before its tenant is known), like the API keys.
 */
export const accessRevocations = pgTable(
  'access_revocations',
  {
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.issuer, t.subject] }),
    index('access_revocations_revoked_at_idx').on(t.revokedAt),
    tenantPolicy('access_revocations'),
  ],
).enableRLS();
