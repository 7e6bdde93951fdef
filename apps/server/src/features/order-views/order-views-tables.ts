import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  ORDER_LIST_DENSITIES,
  ORDER_LIST_PAGE_SIZES,
  ORDER_SORTS,
  type OrderListViewFilters,
} from '@shipdesk/contract';
import { tenants } from '../../db/schema/tenants.ts';
import { tenantPolicy } from '../../db/schema/tenancy.ts';
import { at, oneOf } from '../../db/schema/columns.ts';

const tenantId = () =>
  text('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' });
const pageSizes = (column: string) => sql.raw(`${column} IN (${ORDER_LIST_PAGE_SIZES.join(', ')})`);

/**
 * How one user keeps the order list (docs/orders.md, "The list as you keep it"): page size, row density and the
 * columns hidden. `user_id` is the token's subject, as notes' authors are. No row: the defaults. The row is also what
 * a user's view writes lock, so that the limit on views and their unique names hold under concurrent requests.
 */
export const orderListPreferences = pgTable(
  'order_list_preferences',
  {
    tenantId: tenantId(),
    userId: text('user_id').notNull(),
    pageSize: integer('page_size').notNull().default(10),
    density: text('density').notNull().default('standard'),
    hiddenColumns: text('hidden_columns')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.userId] }),
    check('order_list_preferences_page_size_check', pageSizes('page_size')),
    check('order_list_preferences_density_check', oneOf('density', ORDER_LIST_DENSITIES)),
    tenantPolicy('order_list_preferences'),
  ],
).enableRLS();

/** A user's saved views of the order list: a name, the filters, the sort, the hidden columns, and optionally size and density. */
export const orderListViews = pgTable(
  'order_list_views',
  {
    tenantId: tenantId(),
    id: bigint('id', { mode: 'number' }).notNull().generatedByDefaultAsIdentity(),
    userId: text('user_id').notNull(),
    name: text('name').notNull(),
    filters: jsonb('filters').$type<OrderListViewFilters>().notNull(),
    sort: text('sort').notNull(),
    hiddenColumns: text('hidden_columns')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    pageSize: integer('page_size'),
    density: text('density'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    // Names are unique per user, ignoring case (the service keeps them trimmed, inner spaces single).
    uniqueIndex('order_list_views_user_name_unique').on(t.tenantId, t.userId, sql`lower(${t.name})`),
    index('order_list_views_user_idx').on(t.tenantId, t.userId),
    check('order_list_views_name_check', sql`length(name) BETWEEN 1 AND 60`),
    check('order_list_views_sort_check', oneOf('sort', ORDER_SORTS)),
    check('order_list_views_page_size_check', sql`page_size IS NULL OR ${pageSizes('page_size')}`),
    check('order_list_views_density_check', sql`density IS NULL OR ${oneOf('density', ORDER_LIST_DENSITIES)}`),
    tenantPolicy('order_list_views'),
  ],
).enableRLS();

export type OrderListPreferencesRow = typeof orderListPreferences.$inferSelect;
export type OrderListViewRow = typeof orderListViews.$inferSelect;
