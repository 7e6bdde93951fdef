import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { RECONCILE_FINDING_KINDS, RECONCILE_FIX_STATES, RECONCILE_STATES } from '@shipdesk/contract';
import { tenantPolicy } from '../../db/schema/tenancy.ts';
import { at, oneOf } from '../../db/schema/columns.ts';

/**
 * One missing-orders check of one store (issue 30, point 3): the window it compares, where its paging
 * stands (`cursor`: the channel's page token, moved only with the page's findings; then the fix's last order, so a restarted job resumes there) and, once asked, its fix.
 * One queued or running check per store; the latest row is the one the store's dialog shows.
 */
export const reconcileRuns = pgTable(
  'reconcile_runs',
  {
    tenantId: text('tenant_id').notNull(),
    id: bigint('id', { mode: 'number' }).notNull().generatedByDefaultAsIdentity(),
    storeId: bigint('store_id', { mode: 'number' }).notNull(),
    days: integer('days').notNull(),
    /** The window's start, fixed when the run is queued (a resumed run compares the same window). */
    since: at('since').notNull(),
    state: text('state').notNull().default('queued'),
    cursor: jsonb('cursor').$type<{ pageToken: string | null; fixAfter?: string }>(),
    pages: integer('pages').notNull().default(0),
    ordersChecked: integer('orders_checked').notNull().default(0),
    error: text('error'),
    workerId: text('worker_id'),
    fixState: text('fix_state').notNull().default('none'),
    fixed: integer('fixed').notNull().default(0),
    fixFailed: integer('fix_failed').notNull().default(0),
    fixError: text('fix_error'),
    queuedAt: at('queued_at').notNull().defaultNow(),
    finishedAt: at('finished_at'),
    fixFinishedAt: at('fix_finished_at'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('reconcile_runs_tenant_store_idx').on(t.tenantId, t.storeId, t.id),
    uniqueIndex('reconcile_runs_one_active_per_store')
      .on(t.tenantId, t.storeId)
      .where(sql`state IN ('queued', 'running') OR fix_state IN ('queued', 'running')`),
    check('reconcile_runs_state_check', oneOf('state', RECONCILE_STATES)),
    check('reconcile_runs_fix_state_check', oneOf('fix_state', RECONCILE_FIX_STATES)),
    check('reconcile_runs_days_check', sql`days BETWEEN 1 AND 60`),
    tenantPolicy('reconcile_runs'),
  ],
).enableRLS();

/** What a check found, one row per channel order; `resolved_at` once a fix took it in. */
export const reconcileFindings = pgTable(
  'reconcile_findings',
  {
    tenantId: text('tenant_id').notNull(),
    runId: bigint('run_id', { mode: 'number' }).notNull(),
    externalId: text('external_id').notNull(),
    kind: text('kind').notNull(),
    orderNumber: text('order_number').notNull(),
    orderId: bigint('order_id', { mode: 'number' }),
    channelOrderDate: at('channel_order_date'),
    channelUpdatedAt: at('channel_updated_at'),
    note: text('note'),
    resolvedAt: at('resolved_at'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.runId, t.externalId] }),
    check('reconcile_findings_kind_check', oneOf('kind', RECONCILE_FINDING_KINDS)),
    tenantPolicy('reconcile_findings'),
  ],
).enableRLS();

export type ReconcileRunRow = typeof reconcileRuns.$inferSelect;
export type ReconcileFindingRow = typeof reconcileFindings.$inferSelect;
