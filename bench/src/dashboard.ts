import type { Dashboard, QuickDashboard } from '@shipdesk/contract';
import type { Database } from '../../apps/server/src/db/client.ts';
import {
  BUCKET_MS,
  assemble,
  createDashboardService,
  dashboardWindows,
  salesCount,
  type DashboardWindows,
  type SlotTotals,
} from '../../apps/server/src/features/dashboard/index.ts';
import type { AuthContext } from '../../apps/server/src/plugins/auth.ts';
import { isTenantSetup, type SqlRunner, type Statement } from './sql-side.ts';
import { ms, summarise } from './stats.ts';

/**
 * The dashboard rows of the orders benchmark: `GET /call/dashboard/This Week` and
 * `GET /call/quickDashboard/This Week` through the API, beside the bare SQL of the same aggregation (the summary
 * reads the service runs, recorded from the server's own code). Before timing, each answer is checked against the
 * same figures computed from `orders` and `order_events` directly, without the summaries; how long that takes is
 * noted on the row.
 */

export interface DashboardScenario {
  key: string;
  label: string;
  list: false;
  note?: string;
  variants: Array<{
    path: string;
    statements: Statement[];
    core: number[];
    check: 'dashboard';
    verify: (body: string) => Promise<void>;
  }>;
}

export interface DashboardBenchContext {
  recorder: { database: Database; record(fn: () => Promise<unknown>): Promise<Statement[]> };
  runner: SqlRunner;
  auth: AuthContext;
}

/** Labels of the dashboard's statements for the "where the time goes" table; undefined for others. */
export function dashboardStatementLabel(text: string): string | undefined {
  if (/FROM tenants t\s+LEFT JOIN configs/.test(text)) return "tenant's time zone and currency";
  if (/width_bucket\(b\.bucket/.test(text)) return 'order summary by slot and store';
  if (/FROM dashboard_order_buckets/.test(text)) return 'order summary by period';
  if (/FROM dashboard_event_buckets/.test(text)) return 'shipped and canceled summary';
  return undefined;
}

export const DASHBOARD_TARGET_P99_MS = 100;
const TARGET = `target p99 <= ${DASHBOARD_TARGET_P99_MS} ms`;

const isSettingsRead = (s: Statement) => /FROM tenants t\s+LEFT JOIN configs/.test(s.text);

const instants = (w: DashboardWindows) => `{${w.slots.map((s) => s.start.toISOString()).join(',')}}`;

/** The dashboard's figures from the base tables (as the owner, the tenant named in the WHERE). */
async function fromBaseTables(runner: SqlRunner, tenantId: string, w: DashboardWindows, currency: string) {
  const from = w.previous.from.toISOString();
  const to = w.current.to.toISOString();
  const orders = await runner.query(
    `WITH totals AS (
       SELECT width_bucket(o.order_date, $2::timestamptz[]) AS slot, coalesce(o.store_id, 0) AS store_key,
              count(*) AS received,
              count(*) FILTER (WHERE public.dashboard_order_state(o.order_status, o.shipment_status) = 'open') AS open,
              sum(o.total) FILTER (WHERE public.dashboard_order_state(o.order_status, o.shipment_status) <> 'unsold'
                                     AND o.currency = $5) AS revenue
       FROM orders o
       WHERE o.tenant_id = $1 AND o.order_status <> 'Deleted' AND o.order_date >= $3 AND o.order_date < $4
       GROUP BY 1, 2
     )
     SELECT totals.slot, totals.store_key, totals.received, totals.open, totals.revenue, s.name, s.source_type
     FROM totals LEFT JOIN stores s ON s.tenant_id = $1 AND s.id = totals.store_key`,
    [tenantId, instants(w), from, to, currency],
  );
  const rows: SlotTotals[] = orders.rows.map((r) => ({
    slot: Number(r[0]) - 1,
    storeKey: Number(r[1]),
    received: Number(r[2]),
    open: Number(r[3]),
    revenue: Number(r[4] ?? 0),
    storeName: r[5] === null ? null : String(r[5]),
    sourceType: r[6] === null ? null : String(r[6]),
  }));
  const events = await runner.query(
    `SELECT t.at >= $2 AS current, sum(t.shipped) AS shipped, sum(t.canceled) AS canceled
     FROM (SELECT public.dashboard_event_time(e.at, e.payload) AS at,
                  public.dashboard_shipped_change(e.before, e.after) AS shipped,
                  public.dashboard_canceled_change(e.before, e.after) AS canceled
           FROM order_events e WHERE e.tenant_id = $1) AS t
     WHERE t.at >= $3 AND t.at < $4 AND (t.at < $5 OR t.at >= $2)
     GROUP BY 1`,
    [tenantId, w.current.from.toISOString(), from, to, w.compared.to.toISOString()],
  );
  const side = (current: boolean) => {
    const row = events.rows.find((r) => r[0] === current || String(r[0]) === String(current));
    return { shipped: Number(row?.[1] ?? 0), canceled: Number(row?.[2] ?? 0) };
  };
  const { counts, salesByDate, salesByChannel } = assemble(w, rows);
  return {
    salesCount: salesCount({ ...counts.current, ...side(true) }, { ...counts.previous, ...side(false) }),
    salesByDate,
    salesByChannel,
  };
}

/** The full and the quick dashboard of This Week, as scenarios of run.ts. */
export async function dashboardScenarios(ctx: DashboardBenchContext): Promise<DashboardScenario[]> {
  const service = createDashboardService(ctx.recorder.database);
  const tenantId = ctx.auth.tenantId;

  const scenario = async (
    key: string,
    label: string,
    path: string,
    call: () => Promise<unknown>,
    timeBase: boolean,
  ) => {
    const statements = await ctx.recorder.record(call);
    const core = statements.flatMap((s, i) => (isTenantSetup(s) || isSettingsRead(s) ? [] : [i]));
    const result: DashboardScenario = { key, label, list: false, note: TARGET, variants: [] };
    result.variants.push({
      path,
      statements,
      core,
      check: 'dashboard',
      async verify(body) {
        const answer = (JSON.parse(body) as { data: Dashboard | QuickDashboard }).data;
        // The tiles compare with last week up to the server's clock: cut the same way, in the quarter-hour of the
        // call (or the one before, when the check runs just after an edge).
        const windows = [0, BUCKET_MS]
          .map((back) => dashboardWindows(answer.period, new Date(Date.now() - back), answer.timeZone))
          .find((w) => w.compared.to.toISOString() === answer.comparedWith.to);
        if (!windows) throw new Error(`${label}: compared with ${JSON.stringify(answer.comparedWith)}, not now`);
        const runs: number[] = [];
        let expected!: Awaited<ReturnType<typeof fromBaseTables>>;
        for (let i = 0; i < (timeBase ? 3 : 1); i++) {
          const t0 = performance.now();
          expected = await fromBaseTables(ctx.runner, tenantId, windows, answer.currency);
          runs.push(performance.now() - t0);
        }
        const parts =
          'salesByDate' in answer
            ? (['salesCount', 'salesByDate', 'salesByChannel'] as const)
            : (['salesCount'] as const);
        for (const part of parts) {
          const got = (answer as Dashboard)[part];
          if (JSON.stringify(got) !== JSON.stringify(expected[part])) {
            throw new Error(
              `${label}: the API answered ${part} ${JSON.stringify(got)} but the base tables say ` +
                JSON.stringify(expected[part]),
            );
          }
        }
        if (timeBase) {
          result.note =
            `${TARGET}; the same figures from orders and order_events without the summaries: ` +
            `${ms(summarise(runs).p50)} ms (p50 of ${runs.length})`;
        }
      },
    });
    return result;
  };

  return [
    await scenario(
      'dashboard',
      'Dashboard, This Week',
      '/call/dashboard/This%20Week',
      () => service.dashboard(ctx.auth, 'This Week'),
      true,
    ),
    await scenario(
      'quick-dashboard',
      'Quick dashboard (tiles), This Week',
      '/call/quickDashboard/This%20Week',
      () => service.quickDashboard(ctx.auth, 'This Week'),
      false,
    ),
  ];
}
