import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { tenants } from '../../db/schema/tenants.ts';
import { tenantPolicy } from '../../db/schema/tenancy.ts';

/** What the setup guide remembers per tenant; the steps themselves are computed from data. */
export const setupGuideState = pgTable(
  'setup_guide_state',
  {
    tenantId: text('tenant_id')
      .primaryKey()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    dismissedAt: timestamp('dismissed_at', { withTimezone: true }),
    firstCompletedAt: timestamp('first_completed_at', { withTimezone: true }),
  },
  () => [tenantPolicy('setup_guide_state')],
).enableRLS();
