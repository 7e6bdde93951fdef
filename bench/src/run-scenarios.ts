import type { OrderListQuery } from '@shipdesk/contract';
import { createOrdersService, encodeCursor, parseOrderQuery } from '../../apps/server/src/features/orders/index.ts';
import type { AuthContext } from '../../apps/server/src/plugins/auth.ts';
import { dashboardScenarios } from './dashboard.ts';
import { isTenantSetup, type recordingDatabase, type SqlRunner, type Statement } from './sql-side.ts';

/** What the orders benchmark measures: each list shape, the order view and the dashboards, with the SQL they run. */

export interface Variant {
  path: string;
  statements: Statement[];
  /**
   * The statements timed as "bare SQL": every statement that reads what the answer holds (a list's page, total and
   * tab counts; an order view's four reads), without the tenant context and the tenant's settings.
   */
  core: number[];
  /** A list's page statement, also timed alone. */
  page?: number;
  /** Ids the API must answer (checked once against a replay); the dashboard's answer is checked by `verify`. */
  check: 'list' | 'view' | 'dashboard';
  verify?: (body: string) => Promise<void>;
}

export interface Scenario {
  key: string;
  label: string;
  list: boolean;
  /** Not a target, shown for context. */
  informational?: boolean;
  note?: string;
  variants: Variant[];
}

export interface ScenarioContext {
  recorder: ReturnType<typeof recordingDatabase>;
  runner: SqlRunner;
  auth: AuthContext;
  /** The measured tenant's orders that are not deleted: its pages. */
  tenantVisible: number;
  size: number;
  requestedDepth: number;
  /** Order views: one different order per request. */
  iterations: number;
}

/** The scenarios, each with the statements recorded from the server's own service; `depth` is the deep page's. */
export async function buildScenarios(ctx: ScenarioContext): Promise<{ scenarios: Scenario[]; depth: number }> {
  const { recorder, runner, auth, tenantVisible, size, requestedDepth, iterations } = ctx;
  const tenantId = auth.tenantId;
  const one = async (text: string, params: unknown[] = []) => (await runner.query(text, params)).rows[0]!;

  // The statements each request runs, recorded from the server's own service code.
  const service = createOrdersService(recorder.database, () => undefined);
  const listPath = (q: OrderListQuery) => {
    // The web's listQueryString: size, page, hide=0, filters (JSON), order, cursor.
    const p = new URLSearchParams({ size: String(q.size), page: String(q.page), hide: String(q.hide ?? 0) });
    if (q.filters) p.set('filters', q.filters);
    p.set('order', q.order ?? 'id desc');
    if (q.cursor) p.set('cursor', q.cursor);
    return `/api/v1/orders?${p.toString()}`;
  };
  const listVariant = async (q: OrderListQuery): Promise<Variant> => {
    const statements = await recorder.record(() => service.list(auth, q));
    const page = statements.findIndex((s) => /left join "stores"/.test(s.text));
    if (page < 0) throw new Error('no page query among the recorded statements');
    const core = statements.flatMap((s, i) => (isTenantSetup(s) || /"time_zone"/.test(s.text) ? [] : [i]));
    return { path: listPath(q), statements, core, page, check: 'list' };
  };
  const viewVariant = async (id: string): Promise<Variant> => {
    const statements = await recorder.record(() => service.get(auth, id));
    const core = statements.flatMap((s, i) => (isTenantSetup(s) ? [] : [i]));
    return { path: `/api/v1/orders/${id}`, statements, core, check: 'view' };
  };

  // Page `depth` reached the way the UI does: with the next-cursor the previous page's answer carried, i.e. the
  // last row of page depth-1. Taken once by SQL and encoded with the server's own cursor encoder.
  const pages = Math.max(1, Math.ceil(Number(tenantVisible) / size));
  const depth = Math.min(requestedDepth, pages);
  const plain = parseOrderQuery(undefined, 0);
  if (!plain.ok) throw new Error('parseOrderQuery refused the plain list');
  const [cursorRow] = await one(
    `SELECT id FROM orders WHERE tenant_id = $1 AND order_status <> 'Deleted' ORDER BY id DESC OFFSET $2 LIMIT 1`,
    [tenantId, (depth - 1) * size - 1],
  );
  const cursor = encodeCursor({
    sort: 'id desc',
    direction: 'next',
    key: null,
    id: Number(cursorRow),
    fingerprint: plain.value.fingerprint,
  });
  // Search terms a user would type: a customer's first name and the start of the last name; most of an order number.
  const [customerName] = await one(
    `SELECT customer_name FROM orders WHERE tenant_id = $1 AND customer_email NOT LIKE '%@marketplace.amazon.com'
       ORDER BY id DESC OFFSET 50 LIMIT 1`,
    [tenantId],
  );
  const [first = '', last = ''] = String(customerName).split(' ');
  const namePrefix = `${first} ${last.slice(0, 2)}`;
  const [orderNumber] = await one(
    `SELECT order_number FROM orders WHERE tenant_id = $1 ORDER BY id DESC OFFSET 500 LIMIT 1`,
    [tenantId],
  );
  const numberPrefix = String(orderNumber).slice(0, -1);
  const viewIds = (
    await runner.query(
      `SELECT id::text FROM orders WHERE tenant_id = $1 AND id % 97 = 13 ORDER BY id LIMIT ${iterations}`,
      [tenantId],
    )
  ).rows.map((r) => String(r[0]));

  const base0: OrderListQuery = { size, page: 1, hide: 0, order: 'id desc' };
  const scenarios: Scenario[] = [
    { key: 'page1', label: 'List, page 1', list: true, variants: [await listVariant(base0)] },
    {
      key: 'deep',
      label: `List, page ${depth.toLocaleString('en-US')} (next-cursor)`,
      list: true,
      note: depth < requestedDepth ? `the tenant has ${pages.toLocaleString('en-US')} pages` : undefined,
      variants: [await listVariant({ ...base0, page: depth, cursor })],
    },
    {
      key: 'status',
      label: 'List, status Sales Order',
      list: true,
      variants: [await listVariant({ ...base0, filters: JSON.stringify({ orderStatus: 'Sales Order' }) })],
    },
    {
      key: 'search-name',
      label: `List, search customer "${namePrefix}"`,
      list: true,
      variants: [await listVariant({ ...base0, filters: JSON.stringify({ search: `like@${namePrefix}` }) })],
    },
    {
      key: 'search-number',
      label: `List, search order number "${numberPrefix}"`,
      list: true,
      variants: [await listVariant({ ...base0, filters: JSON.stringify({ search: `like@${numberPrefix}` }) })],
    },
    {
      key: 'view',
      label: `Order view (${viewIds.length} different orders)`,
      list: false,
      // One at a time: the recorder keeps one list of statements.
      variants: await (async () => {
        const out: Variant[] = [];
        for (const id of viewIds) out.push(await viewVariant(id));
        return out;
      })(),
    },
    ...(await dashboardScenarios({ recorder, runner, auth })),
    {
      key: 'offset',
      label: `List, page ${depth.toLocaleString('en-US')} typed in (OFFSET)`,
      list: true,
      informational: true,
      variants: [await listVariant({ ...base0, page: depth })],
    },
  ];
  return { scenarios, depth };
}
