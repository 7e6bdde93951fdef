import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { openDatabase as openKitDatabase } from '@shipdesk/db-kit';
import {
  OPEN_ORDERS,
  ORDER_STATUSES,
  Role,
  SHIPMENT_STATUSES,
  type Dashboard,
  type QuickDashboard,
  type SalesCount,
} from '@shipdesk/contract';
import { MIGRATIONS, openDatabase, type Executor } from '../../db/client.ts';
import * as schema from '../../db/schema/index.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { ISSUER, backends, buildTestApp, newTenantId, type TestContext } from '../../../test/app-helper.ts';
import { createOrder, flow } from '../../../test/order-helpers.ts';
import { createDashboardService } from './dashboard-service.ts';

type Db = Pick<Executor, 'execute'>;

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

interface Statuses {
  orderStatus: string;
  paymentStatus: string;
  shipmentStatus: string;
}
const st = (orderStatus: string, shipmentStatus = 'Unshipped'): Statuses => ({
  orderStatus,
  paymentStatus: 'Paid',
  shipmentStatus,
});

interface FixtureOrder {
  at: string;
  status: string;
  shipment?: string;
  total: number;
  storeId?: number;
  currency?: string;
}

async function addTenant(db: Db, id: string, timeZone: string) {
  await db.execute(sql`INSERT INTO tenants (id, time_zone) VALUES (${id}, ${timeZone})`);
}

async function addStore(db: Db, tenantId: string, id: number, name: string, sourceType: string) {
  await db.execute(
    sql`INSERT INTO stores (tenant_id, id, name, source_type) VALUES (${tenantId}, ${id}, ${name}, ${sourceType})`,
  );
}

/** An order written as the owner, the way a bulk import or a repair would. */
async function addOrder(db: Db, tenantId: string, o: FixtureOrder): Promise<number> {
  const [row] = await rows<{ id: string | number }>(
    db,
    sql`INSERT INTO orders (tenant_id, store_id, source_type, order_number, order_date, order_status, payment_status,
                            shipment_status, currency, total)
        VALUES (${tenantId}, ${o.storeId ?? null}, ${o.storeId ? 'Shopify' : 'Wholesale'}, ${`T-${o.at}`},
                ${o.at}::timestamptz, ${o.status}, 'Paid', ${o.shipment ?? 'Unshipped'}, ${o.currency ?? 'USD'},
                ${o.total})
        RETURNING id`,
  );
  return Number(row!.id);
}

async function addEvent(
  db: Db,
  tenantId: string,
  orderId: number,
  e: { event: string; at: string; before: Statuses | null; after: Statuses; payload?: Record<string, unknown> },
) {
  await db.execute(
    sql`INSERT INTO order_events (tenant_id, order_id, event, actor_id, actor_email, at, before, after, payload)
        VALUES (${tenantId}, ${orderId}, ${e.event}, 'test', 'test@example.com', ${e.at}::timestamptz,
                ${e.before ? JSON.stringify(e.before) : null}::jsonb, ${JSON.stringify(e.after)}::jsonb,
                ${JSON.stringify(e.payload ?? {})}::jsonb)`,
  );
}

/** The summaries, recomputed from orders and order_events with the same definitions (the repair query). */
const RECOMPUTED_ORDERS = sql`
  SELECT tenant_id, public.dashboard_bucket(order_date) AS bucket, coalesce(store_id, 0) AS store_key, currency,
         public.dashboard_order_state(order_status, shipment_status) AS state,
         count(*)::int AS order_count, sum(total) AS revenue
  FROM orders WHERE order_status <> 'Deleted' GROUP BY 1, 2, 3, 4, 5`;
const RECOMPUTED_EVENTS = sql`
  SELECT e.tenant_id, public.dashboard_bucket(public.dashboard_event_time(e.at, e.payload)) AS bucket, m.measure,
         sum(m.n)::int AS order_count
  FROM order_events e
  CROSS JOIN LATERAL (VALUES ('shipped', public.dashboard_shipped_change(e.before, e.after)),
                             ('canceled', public.dashboard_canceled_change(e.before, e.after))) AS m(measure, n)
  WHERE m.n <> 0 GROUP BY 1, 2, 3 HAVING sum(m.n) <> 0`;

const KEPT_ORDERS = sql`
  SELECT tenant_id, bucket, store_key, currency, state, order_count::int AS order_count, revenue
  FROM dashboard_order_buckets WHERE order_count <> 0 OR revenue <> 0`;
const KEPT_EVENTS = sql`
  SELECT tenant_id, bucket, measure, order_count::int AS order_count
  FROM dashboard_event_buckets WHERE order_count <> 0`;

/** Rows in a stable order and shape, whichever driver read them (Date or text, bigint as number or text). */
async function sorted(db: Db, query: SQL): Promise<string[]> {
  const found = await rows<Record<string, unknown>>(db, query);
  return found
    .map((r) =>
      JSON.stringify(
        Object.entries(r).map(([k, v]) => (k === 'bucket' ? new Date(v as string | Date).toISOString() : String(v))),
      ),
    )
    .sort();
}

/** What the triggers kept is what the base tables say now (rows left at zero aside). */
async function expectSummariesExact(db: Db, label = '') {
  expect(await sorted(db, KEPT_ORDERS), `order buckets ${label}`).toEqual(await sorted(db, RECOMPUTED_ORDERS));
  expect(await sorted(db, KEPT_EVENTS), `event buckets ${label}`).toEqual(await sorted(db, RECOMPUTED_EVENTS));
}

const tiles = (d: { salesCount: SalesCount[] }) =>
  Object.fromEntries(d.salesCount.map((s) => [s.xLabels, [s.Current, s.Previous, s.Percentage]]));

describe.each(backends)('dashboard ($name)', (backend) => {
  let t: TestContext;
  const db = () => t.app.db.db;
  const auth = (tenantId: string): AuthContext => ({
    tenantId,
    userId: 'dashboard-test',
    email: 'dashboard@example.com',
    roleId: Role.Manager,
    issuer: ISSUER,
  });
  const at = (now: string) => createDashboardService(t.app.db, { now: () => new Date(now) });

  beforeAll(async () => {
    t = await buildTestApp(backend, { rateLimitMax: 100_000 });
  }, 60_000);
  afterAll(() => t?.close());

  describe('a week in America/New_York ending with the spring-forward Sunday (2026-03-08)', () => {
    const tenant = newTenantId();
    const other = newTenantId();
    const NOW = '2026-03-04T15:00:00Z'; // Wednesday 10:00 EST

    beforeAll(async () => {
      await addTenant(db(), tenant, 'America/New_York');
      await addStore(db(), tenant, 11, 'Main Shopify', 'Shopify');
      await addStore(db(), tenant, 12, 'eBay outlet', 'Ebay');
      const o = (x: FixtureOrder) => addOrder(db(), tenant, x);
      // Previous week: Mon 2026-02-23 05:00Z to Mon 2026-03-02 05:00Z.
      const o1 = await o({ at: '2026-03-02T04:59:59Z', status: 'Sales Order', total: 1000, storeId: 11 }); // Sun 23:59:59
      const o9 = await o({
        at: '2026-02-25T17:00:00Z',
        status: 'Completed',
        shipment: 'Shipped Complete',
        total: 1200,
      });
      const o13 = await o({ at: '2026-02-24T15:00:00Z', status: 'Completed', shipment: 'Shipped Complete', total: 0 });
      await o({
        at: '2026-02-23T04:59:59Z',
        status: 'Completed',
        shipment: 'Shipped Complete',
        total: 8000,
        storeId: 11,
      });
      // This week: Mon 2026-03-02 05:00Z (midnight EST) to Mon 2026-03-09 04:00Z (midnight EDT): 167 hours.
      const o2 = await o({
        at: '2026-03-02T05:00:00Z',
        status: 'Completed',
        shipment: 'Shipped Complete',
        total: 2500,
        storeId: 11,
      });
      const o3 = await o({
        at: '2026-03-08T06:30:00Z',
        status: 'Sales Order',
        shipment: 'Shipped Partial',
        total: 700,
        storeId: 12,
      });
      const o4 = await o({ at: '2026-03-08T07:30:00Z', status: 'Canceled', total: 400, storeId: 12 });
      await o({ at: '2026-03-09T03:59:59Z', status: 'Draft Order', total: 300 }); // Sun 23:59:59 EDT
      const o6 = await o({
        at: '2026-03-09T04:00:00Z',
        status: 'Completed',
        shipment: 'Shipped Complete',
        total: 999,
        storeId: 11,
      });
      await o({ at: '2026-03-03T12:00:00Z', status: 'Deleted', total: 50 });
      const o8 = await o({
        at: '2026-03-04T12:00:00Z',
        status: 'Completed',
        shipment: 'Shipped Complete',
        total: 5000,
        storeId: 12,
        currency: 'EUR',
      });
      const o11 = await o({
        at: '2026-03-05T15:00:00Z',
        status: 'Completed - Canceled Partial',
        shipment: 'Shipped Partial',
        total: 600,
      });
      const o12 = await o({
        at: '2026-03-06T09:00:00Z',
        status: 'Completed',
        shipment: 'Shipped Complete',
        total: 100,
        storeId: 11,
      });

      const e = (orderId: number, x: Parameters<typeof addEvent>[3]) => addEvent(db(), tenant, orderId, x);
      const open = st('Sales Order');
      const done = st('Completed', 'Shipped Complete');
      await e(o2, { event: 'imported', at: '2026-03-02T05:00:00Z', before: null, after: open });
      await e(o2, { event: 'shipComplete', at: '2026-03-03T12:00:00Z', before: open, after: done });
      await e(o2, { event: 'noteAdded', at: '2026-03-03T13:00:00Z', before: done, after: done });
      await e(o9, {
        event: 'shipLabel',
        at: '2026-02-27T10:00:00Z',
        before: st('Sales Order', 'Shipped Partial'),
        after: done,
      });
      await e(o13, { event: 'shipComplete', at: '2026-02-24T20:00:00Z', before: open, after: done });
      // Imported already shipped: it counts when the channel last changed it, not when we read it.
      await e(o8, {
        event: 'imported',
        at: '2026-03-04T14:00:00Z',
        before: null,
        after: done,
        payload: { externalUpdatedAt: '2026-02-25T10:00:00Z' },
      });
      // A channel time that is no date is ignored: the event's own time counts.
      await e(o12, {
        event: 'imported',
        at: '2026-03-06T10:00:00Z',
        before: null,
        after: done,
        payload: { externalUpdatedAt: '2026-02-30T10:00:00Z' },
      });
      await e(o3, {
        event: 'channelUpdated',
        at: '2026-03-08T09:00:00Z',
        before: open,
        after: st('Sales Order', 'Shipped Partial'),
        payload: { externalUpdatedAt: '2026-03-08T08:55:00Z' },
      });
      await e(o4, { event: 'cancel', at: '2026-03-08T08:00:00Z', before: open, after: st('Canceled') });
      await e(o11, {
        event: 'shipLabel',
        at: '2026-03-05T16:00:00Z',
        before: open,
        after: st('Sales Order', 'Shipped Partial'),
      });
      await e(o11, {
        event: 'cancel',
        at: '2026-03-06T16:00:00Z',
        before: st('Sales Order', 'Shipped Partial'),
        after: st('Completed - Canceled Partial', 'Shipped Partial'),
      });
      await e(o6, { event: 'shipComplete', at: '2026-03-09T05:00:00Z', before: open, after: done });
      void o1;

      // Another tenant with orders and events in the same weeks, the same store ids and bigger amounts.
      await addTenant(db(), other, 'America/New_York');
      await addStore(db(), other, 11, 'Other shop', 'Shopify');
      for (const when of ['2026-03-02T05:00:00Z', '2026-03-04T12:00:00Z', '2026-02-25T12:00:00Z']) {
        const id = await addOrder(db(), other, { at: when, status: 'Sales Order', total: 100_000, storeId: 11 });
        await addEvent(db(), other, id, { event: 'shipComplete', at: when, before: open, after: done });
        await addEvent(db(), other, id, { event: 'cancel', at: when, before: open, after: st('Canceled') });
      }
    });

    it('counts each tile, the revenue per weekday and per channel by hand', async () => {
      const d = await at(NOW).dashboard(auth(tenant), 'This Week');
      expect(d.range).toEqual({
        from: '2026-03-02T05:00:00.000Z',
        to: '2026-03-09T04:00:00.000Z',
        previousFrom: '2026-02-23T05:00:00.000Z',
        previousTo: '2026-03-02T05:00:00.000Z',
      });
      // The tiles compare Monday to Wednesday 10:00 with the same of last week.
      expect(d.comparedWith).toEqual({
        from: '2026-02-23T05:00:00.000Z',
        to: '2026-02-25T15:00:00.000Z',
        label: 'Mon–Wed 10:00 last week',
      });
      expect(d).toMatchObject({ period: 'This Week', timeZone: 'America/New_York', currency: 'USD' });
      expect(d.salesCount.map((s) => s.xLabels)).toEqual([
        'Received Orders',
        'Open Orders',
        'Shipped Orders',
        'Cancelled Orders',
      ]);
      expect(tiles(d)).toEqual({
        // o2 o3 o4 o5 o8 o11 o12 | o13 (o9 Wed 12:00 and o1 Sun are later in last week than now in this one; o7
        // Deleted, o6 and o10 outside both weeks)
        'Received Orders': [7, 1, 600],
        // o3 (Shipped Partial is still open) | none (o1 is open but placed on Sunday)
        'Open Orders': [1, 0, null],
        // o2, o12 (at its event time) | o13, o8 (at the channel's time, Wed 05:00, a week before the import); o9
        // was shipped on Friday
        'Shipped Orders': [2, 2, 0],
        // o4, o11 (the rest of a partly shipped order) | none
        'Cancelled Orders': [2, 0, null],
      });
      expect(d.salesByDate).toEqual({
        Categories: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'],
        // Mon o2; Thu o11; Fri o12; Sun o3 (o4 canceled, o5 a draft, o8 in EUR)
        Current: [2500, 0, 0, 600, 100, 0, 700],
        // The whole of last week: Tue o13 (free); Wed o9; Sun o1 at 23:59:59
        Previous: [0, 0, 1200, 0, 0, 0, 1000],
      });
      expect(d.salesByChannel).toEqual([
        { id: '11', label: 'Main Shopify', sourceType: 'Shopify', value: 2600 },
        { id: '12', label: 'eBay outlet', sourceType: 'Ebay', value: 700 },
        { id: 'manual', label: 'Orders added by hand', sourceType: 'Wholesale', value: 600 },
      ]);
    });

    it('answers the same tiles alone on the quick dashboard', async () => {
      const full = await at(NOW).dashboard(auth(tenant), 'This Week');
      const quick: QuickDashboard = await at(NOW).quickDashboard(auth(tenant), 'This Week');
      expect(quick).toEqual({
        period: full.period,
        timeZone: full.timeZone,
        currency: full.currency,
        range: full.range,
        comparedWith: full.comparedWith,
        salesCount: full.salesCount,
        deliveryCounts: full.deliveryCounts,
      });
    });

    it("never counts another tenant's orders, and the other tenant sees only its own", async () => {
      const mine = await at(NOW).dashboard(auth(tenant), 'This Week');
      expect(mine.salesByChannel.map((c) => c.value)).not.toContain(100_000);
      const theirs = await at(NOW).dashboard(auth(other), 'This Week');
      expect(tiles(theirs)).toEqual({
        'Received Orders': [2, 1, 100],
        'Open Orders': [2, 1, 100],
        'Shipped Orders': [2, 1, 100],
        'Cancelled Orders': [2, 1, 100],
      });
      expect(theirs.salesByChannel).toEqual([{ id: '11', label: 'Other shop', sourceType: 'Shopify', value: 200_000 }]);
    });

    it('cuts the spring-forward day into 23 hours under 24 hour labels', async () => {
      // Sunday 2026-03-08, 11:00 EDT: today runs 05:00Z to 04:00Z next day, 23 hours; 02:00 never happens.
      const d = await at('2026-03-08T15:00:00Z').dashboard(auth(tenant), 'Today');
      expect(d.range).toEqual({
        from: '2026-03-08T05:00:00.000Z',
        to: '2026-03-09T04:00:00.000Z',
        previousFrom: '2026-03-07T05:00:00.000Z',
        previousTo: '2026-03-08T05:00:00.000Z',
      });
      expect(d.comparedWith).toEqual({
        from: '2026-03-07T05:00:00.000Z',
        to: '2026-03-07T16:00:00.000Z',
        label: 'yesterday 00:00–11:00',
      });
      expect(d.salesByDate.Categories).toHaveLength(24);
      expect(d.salesByDate.Categories.slice(0, 4)).toEqual(['00:00', '01:00', '02:00', '03:00']);
      const current = Array(24).fill(0);
      current[1] = 700; // o3 at 01:30 EST (o4 at 03:30 EDT is canceled, the draft at 23:59:59 EDT has no revenue)
      expect(d.salesByDate.Current).toEqual(current);
      expect(d.salesByDate.Previous).toEqual(Array(24).fill(0));
      expect(tiles(d)).toEqual({
        'Received Orders': [3, 0, null],
        'Open Orders': [1, 0, null],
        'Shipped Orders': [0, 0, 0],
        'Cancelled Orders': [1, 0, null],
      });
    });
  });

  describe('Today at midnight edges and across daylight-saving changes', () => {
    it('puts 23:59:59 in the day before and 00:00:00 in the day, on the spring-forward day', async () => {
      const tenant = newTenantId();
      await addTenant(db(), tenant, 'America/New_York');
      for (const [when, status, total] of [
        ['2026-03-08T04:59:59Z', 'Sales Order', 100], // Mar 7 23:59:59 EST
        ['2026-03-08T05:00:00Z', 'Sales Order', 200], // Mar 8 00:00:00 EST
        ['2026-03-08T06:59:59Z', 'Completed', 300], // 01:59:59 EST
        ['2026-03-08T07:00:00Z', 'Completed', 400], // 03:00:00 EDT: the clocks skipped 02:00
        ['2026-03-09T03:59:59Z', 'Completed', 500], // 23:59:59 EDT
        ['2026-03-09T04:00:00Z', 'Completed', 600], // Mar 9 00:00:00 EDT: tomorrow
      ] as const) {
        await addOrder(db(), tenant, {
          at: when,
          status,
          shipment: status === 'Completed' ? 'Shipped Complete' : undefined,
          total,
        });
      }
      const d = await at('2026-03-08T15:00:00Z').dashboard(auth(tenant), 'Today');
      const current = Array(24).fill(0);
      Object.assign(current, { 0: 200, 1: 300, 3: 400, 23: 500 });
      const previous = Array(24).fill(0);
      previous[23] = 100;
      expect(d.salesByDate).toMatchObject({ Current: current, Previous: previous });
      // The tiles compare with yesterday up to 11:00: the order at 23:59:59 is not in it.
      expect(tiles(d)['Received Orders']).toEqual([4, 0, null]);
      expect(tiles(d)['Open Orders']).toEqual([1, 0, null]);
    });

    it('puts both 01:30s of the fall-back day (2026-11-01) under 01:00, in a 25-hour day and its week', async () => {
      const tenant = newTenantId();
      await addTenant(db(), tenant, 'America/New_York');
      for (const [when, total] of [
        ['2026-11-01T03:59:59Z', 30], // Oct 31 23:59:59 EDT
        ['2026-11-01T04:00:00Z', 50], // Nov 1 00:00:00 EDT
        ['2026-11-01T05:30:00Z', 100], // 01:30 EDT
        ['2026-11-01T06:30:00Z', 200], // 01:30 EST, an hour later
        ['2026-11-02T04:59:59Z', 70], // 23:59:59 EST
        ['2026-11-02T05:00:00Z', 90], // Nov 2 00:00:00 EST: tomorrow
      ] as const) {
        await addOrder(db(), tenant, { at: when, status: 'Completed', shipment: 'Shipped Complete', total });
      }
      const today = await at('2026-11-01T15:00:00Z').dashboard(auth(tenant), 'Today');
      expect(today.range).toMatchObject({ from: '2026-11-01T04:00:00.000Z', to: '2026-11-02T05:00:00.000Z' });
      const current = Array(24).fill(0);
      Object.assign(current, { 0: 50, 1: 300, 23: 70 });
      const previous = Array(24).fill(0);
      previous[23] = 30;
      expect(today.salesByDate).toMatchObject({ Current: current, Previous: previous });
      // Yesterday up to 10:00 (EDT then): the order at 23:59:59 is not in it.
      expect(today.comparedWith).toMatchObject({ to: '2026-10-31T14:00:00.000Z', label: 'yesterday 00:00–10:00' });
      expect(tiles(today)['Received Orders']).toEqual([4, 0, null]);

      // Monday Oct 26 to Sunday Nov 1: 169 hours.
      const week = await at('2026-11-01T15:00:00Z').dashboard(auth(tenant), 'This Week');
      expect(week.range).toMatchObject({ from: '2026-10-26T04:00:00.000Z', to: '2026-11-02T05:00:00.000Z' });
      expect(week.salesByDate.Current).toEqual([0, 0, 0, 0, 0, 30, 420]);
      expect(tiles(week)['Received Orders']).toEqual([5, 0, null]);
    });

    it('compares This Month with the calendar month before: the chart whole, the tiles up to the same time', async () => {
      const tenant = newTenantId();
      await addTenant(db(), tenant, 'America/New_York');
      for (const [when, total] of [
        ['2026-02-01T04:59:59Z', 1], // Jan 31 23:59:59: before both
        ['2026-02-01T05:00:00Z', 10], // Feb 1 00:00:00
        ['2026-02-15T15:59:59Z', 15], // Feb 15 10:59:59 EST: before the same time as now
        ['2026-02-15T16:00:00Z', 16], // Feb 15 11:00:00 EST: the chart only
        ['2026-03-01T04:59:59Z', 20], // Feb 28 23:59:59: the chart only
        ['2026-03-01T05:00:00Z', 30], // Mar 1 00:00:00
        ['2026-03-31T12:00:00Z', 40],
        ['2026-04-01T04:00:00Z', 50], // Apr 1 00:00:00 EDT
      ] as const) {
        await addOrder(db(), tenant, { at: when, status: 'Completed', shipment: 'Shipped Complete', total });
      }
      // Sunday March 15, 11:00 EDT.
      const d = await at('2026-03-15T15:00:00Z').dashboard(auth(tenant), 'This Month');
      expect(d.range).toEqual({
        from: '2026-03-01T05:00:00.000Z',
        to: '2026-04-01T04:00:00.000Z',
        previousFrom: '2026-02-01T05:00:00.000Z',
        previousTo: '2026-03-01T05:00:00.000Z',
      });
      // February 15 at 11:00 on the wall clock, EST then: a wall-clock span, an hour longer than March's.
      expect(d.comparedWith).toEqual({
        from: '2026-02-01T05:00:00.000Z',
        to: '2026-02-15T16:00:00.000Z',
        label: 'Feb 1–15 11:00',
      });
      expect(d.salesByDate.Categories).toEqual(Array.from({ length: 31 }, (_, i) => String(i + 1)));
      const current = Array(31).fill(0);
      Object.assign(current, { 0: 30, 30: 40 });
      const previous = Array(31).fill(0);
      Object.assign(previous, { 0: 10, 14: 31, 27: 20 });
      expect(d.salesByDate).toMatchObject({ Current: current, Previous: previous });
      expect(tiles(d)['Received Orders']).toEqual([2, 2, 0]);
      const quick = await at('2026-03-15T15:00:00Z').quickDashboard(auth(tenant), 'This Month');
      expect(quick.salesCount).toEqual(d.salesCount);

      // March 31st: February has no 31st, so all of February.
      const last = await at('2026-03-31T18:00:00Z').quickDashboard(auth(tenant), 'This Month');
      expect(last.comparedWith).toMatchObject({ to: '2026-03-01T05:00:00.000Z', label: 'Feb 1–28' });
      expect(tiles(last)['Received Orders']).toEqual([2, 4, -50]);
    });

    it('cuts a half-hour zone at its own midnight and regroups when the tenant changes zone', async () => {
      const tenant = newTenantId();
      await addTenant(db(), tenant, 'Asia/Kolkata');
      for (const [when, total] of [
        ['2026-03-09T18:29:59Z', 100], // Mar 9 23:59:59 IST
        ['2026-03-09T18:30:00Z', 200], // Mar 10 00:00:00 IST
        ['2026-03-10T05:44:59Z', 300], // 11:14:59 IST
        ['2026-03-10T05:45:00Z', 400], // 11:15:00 IST
      ] as const) {
        await addOrder(db(), tenant, { at: when, status: 'Completed', shipment: 'Shipped Complete', total });
      }
      const NOW = '2026-03-10T06:00:00Z';
      const india = await at(NOW).dashboard(auth(tenant), 'Today');
      expect(india.range).toMatchObject({ from: '2026-03-09T18:30:00.000Z', previousFrom: '2026-03-08T18:30:00.000Z' });
      const current = Array(24).fill(0);
      Object.assign(current, { 0: 200, 11: 700 });
      const previous = Array(24).fill(0);
      previous[23] = 100;
      expect(india.salesByDate).toMatchObject({ Current: current, Previous: previous });

      // The summaries are by UTC quarter-hour: a new zone regroups them, nothing is rebuilt.
      await db().execute(sql`UPDATE tenants SET time_zone = 'America/New_York' WHERE id = ${tenant}`);
      const newYork = await at(NOW).dashboard(auth(tenant), 'Today');
      expect(newYork.timeZone).toBe('America/New_York');
      const nyCurrent = Array(24).fill(0);
      nyCurrent[1] = 700; // 01:44:59 and 01:45:00 EDT on Mar 10
      const nyPrevious = Array(24).fill(0);
      nyPrevious[14] = 300; // 14:29:59 and 14:30:00 EDT on Mar 9
      expect(newYork.salesByDate).toMatchObject({ Current: nyCurrent, Previous: nyPrevious });
    });
  });

  describe('the tiles compare the period so far with the same part of the previous one', () => {
    it('leaves out of "This Week so far" the orders and events of last week after the same weekday and time', async () => {
      const tenant = newTenantId();
      await addTenant(db(), tenant, 'America/New_York');
      const o = (at: string, status = 'Sales Order', shipment = 'Unshipped') =>
        addOrder(db(), tenant, { at, status, shipment, total: 100 });
      // Last week, Monday March 2 to Sunday March 8 (the clocks went forward on Sunday).
      await o('2026-03-02T14:00:00Z'); // Mon 09:00 EST: in
      const tuesday = await o('2026-03-03T15:00:00Z', 'Completed', 'Shipped Complete'); // Tue: in
      await o('2026-03-04T18:59:59Z'); // Wed 13:59:59 EST: in
      await o('2026-03-04T19:00:00Z'); // Wed 14:00:00 EST: the same time as now, out
      const thursday = await o('2026-03-05T15:00:00Z', 'Completed', 'Shipped Complete'); // Thu: out
      const friday = await o('2026-03-06T15:00:00Z', 'Canceled'); // Fri: out
      await o('2026-03-08T16:00:00Z'); // Sun: out
      // This week so far: Monday March 9 to Wednesday March 11, 14:00 EDT.
      await o('2026-03-09T13:00:00Z');
      await o('2026-03-11T17:00:00Z', 'Completed', 'Shipped Complete');
      const open = st('Sales Order');
      const done = st('Completed', 'Shipped Complete');
      await addEvent(db(), tenant, tuesday, {
        event: 'shipComplete',
        at: '2026-03-03T16:00:00Z',
        before: open,
        after: done,
      });
      await addEvent(db(), tenant, thursday, {
        event: 'shipComplete',
        at: '2026-03-05T16:00:00Z',
        before: open,
        after: done,
      });
      await addEvent(db(), tenant, friday, {
        event: 'cancel',
        at: '2026-03-06T16:00:00Z',
        before: open,
        after: st('Canceled'),
      });

      const NOW = '2026-03-11T18:00:00Z'; // Wednesday 14:00 EDT
      const d = await at(NOW).dashboard(auth(tenant), 'This Week');
      expect(d.comparedWith).toEqual({
        from: '2026-03-02T05:00:00.000Z',
        to: '2026-03-04T19:00:00.000Z',
        label: 'Mon–Wed 14:00 last week',
      });
      expect(tiles(d)).toEqual({
        'Received Orders': [2, 3, -33.3],
        'Open Orders': [1, 2, -50],
        'Shipped Orders': [0, 1, -100],
        'Cancelled Orders': [0, 0, 0],
      });
      // The chart still shows all of last week beside this one (the cancelled order has no revenue).
      expect(d.salesByDate.Previous).toEqual([100, 100, 200, 100, 0, 0, 100]);
      const quick = await at(NOW).quickDashboard(auth(tenant), 'This Week');
      expect(quick.salesCount).toEqual(d.salesCount);
      expect(quick.comparedWith).toEqual(d.comparedWith);
    });

    it('counts as Open Orders exactly the statuses the contract names (OPEN_ORDERS)', async () => {
      for (const orderStatus of ORDER_STATUSES) {
        for (const shipmentStatus of SHIPMENT_STATUSES) {
          const [row] = await rows<{ state: string }>(
            db(),
            sql`SELECT public.dashboard_order_state(${orderStatus}, ${shipmentStatus}) AS state`,
          );
          const open =
            OPEN_ORDERS.orderStatuses.includes(orderStatus) && OPEN_ORDERS.shipmentStatuses.includes(shipmentStatus);
          expect(row!.state === 'open', `${orderStatus} / ${shipmentStatus}`).toBe(open);
        }
      }
    });
  });

  describe('the API', () => {
    it('answers 400 listing the allowed periods for an unknown one, on both paths', async () => {
      const tenant = newTenantId();
      for (const url of [
        '/call/dashboard/Yesterday',
        '/call/quickDashboard/this%20week',
        '/call/dashboard/This%20Year',
      ]) {
        const res = await t.app.inject({ method: 'GET', url, headers: await t.auth(tenant) });
        expect(res.statusCode, url).toBe(400);
        expect(res.json()).toMatchObject({
          code: 400,
          success: false,
          errors: { period: 'period must be one of: Today, This Week, This Month' },
        });
      }
    });

    it('needs a signed-in user', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/call/dashboard/This%20Week' });
      expect(res.statusCode).toBe(401);
    });

    it("follows orders changed through the API, in the tenant's currency, for every role", async () => {
      const tenant = newTenantId();
      const get = async (path: string, role: 2 | 3 = Role.Admin) => {
        const res = await t.app.inject({ method: 'GET', url: path, headers: await t.auth(tenant, role) });
        expect(res.statusCode, res.body).toBe(200);
        return res.json().data as Dashboard;
      };
      const empty = await get('/call/dashboard/This%20Week', Role.Manager);
      expect(tiles(empty)['Received Orders']).toEqual([0, 0, 0]);
      expect(empty.salesByDate.Categories).toHaveLength(7);
      expect(empty.salesByChannel).toEqual([]);

      const saved = await t.app.inject({
        method: 'POST',
        url: '/call/configs/createOrUpdate',
        headers: await t.auth(tenant),
        payload: { key: 'currency_info', options: { currencyCode: 'EUR', locale: 'de' } },
      });
      expect(saved.statusCode, saved.body).toBe(200);

      const a = await createOrder(t, tenant, { currency: 'EUR' });
      const b = await createOrder(t, tenant, { currency: 'EUR' });
      const c = await createOrder(t, tenant, { currency: 'EUR' });
      await createOrder(t, tenant, { currency: 'USD' });
      const ok = async (id: string, event: string, body: Record<string, unknown>) =>
        expect((await flow(t, tenant, id, event, body)).statusCode).toBe(200);
      await ok(a.id, 'approve', { version: 1 });
      await ok(b.id, 'approve', { version: 1 });
      await ok(b.id, 'shipComplete', { version: 2 });
      await ok(c.id, 'cancel', { version: 1, reason: 'test' });
      await expectSummariesExact(db(), 'after API changes');

      const d = await get('/call/dashboard/This%20Week');
      expect(d.currency).toBe('EUR');
      expect(tiles(d)).toEqual({
        'Received Orders': [4, 0, null],
        'Open Orders': [1, 0, null],
        'Shipped Orders': [1, 0, null],
        'Cancelled Orders': [1, 0, null],
      });
      // a (open) and b (shipped) are sold; c is canceled and the USD order is a draft in another currency.
      expect(d.salesByChannel).toEqual([
        { id: 'manual', label: 'Orders added by hand', sourceType: 'Wholesale', value: a.total + b.total },
      ]);
      expect(d.salesByDate.Current.reduce((s, v) => s + v, 0)).toBe(a.total + b.total);
      const quick = await get('/call/quickDashboard/This%20Week', Role.Manager);
      expect(quick.salesCount).toEqual(d.salesCount);
      expect(quick).not.toHaveProperty('salesByDate');
    });
  });

  describe('the summaries', () => {
    it('stay exact through many-row statements, concurrent API writes and deleted orders', async () => {
      const tenant = newTenantId();
      await addTenant(db(), tenant, 'America/New_York');
      await t.app.db.withTenant(tenant, (tx) =>
        tx.execute(sql`
          INSERT INTO orders (tenant_id, source_type, order_number, order_date, order_status, payment_status,
                              shipment_status, currency, total)
          SELECT ${tenant}, 'Wholesale', 'BULK-' || g, '2026-03-01T00:00:00Z'::timestamptz + g * interval '7 minutes',
                 (ARRAY['Draft Order','Sales Order','Completed','Canceled','Deleted','Completed - Canceled Partial'])[1 + g % 6],
                 'Unpaid', (ARRAY['Unshipped','Shipped Partial','Shipped Complete'])[1 + g % 3], 'USD', g * 10
          FROM generate_series(1, 500) AS g`),
      );
      await expectSummariesExact(db(), 'bulk insert');
      await t.app.db.withTenant(tenant, (tx) =>
        tx.execute(sql`UPDATE orders SET order_status = CASE order_status WHEN 'Sales Order' THEN 'Completed'
                         WHEN 'Draft Order' THEN 'Deleted' ELSE order_status END,
                         order_date = order_date + interval '1 hour', total = total + 1
                       WHERE order_number LIKE 'BULK-%' AND id % 2 = 0`),
      );
      await expectSummariesExact(db(), 'bulk update');
      await t.app.db.withTenant(tenant, (tx) =>
        tx.execute(sql`DELETE FROM orders WHERE order_number LIKE 'BULK-%' AND id % 3 = 0`),
      );
      await expectSummariesExact(db(), 'bulk delete');

      const drafts = await Promise.all(Array.from({ length: 6 }, () => createOrder(t, tenant)));
      await expectSummariesExact(db(), 'parallel creates');
      const moves = await Promise.all([
        flow(t, tenant, drafts[0]!.id, 'approve', { version: 1 }),
        flow(t, tenant, drafts[1]!.id, 'approve', { version: 1 }),
        flow(t, tenant, drafts[2]!.id, 'cancel', { version: 1 }),
        flow(t, tenant, drafts[3]!.id, 'delete', { version: 1 }),
        flow(t, tenant, drafts[4]!.id, 'approve', { version: 1 }),
        createOrder(t, tenant).then(() => ({ statusCode: 200 })),
      ]);
      expect(moves.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
      const ships = await Promise.all([
        flow(t, tenant, drafts[0]!.id, 'shipComplete', { version: 2 }),
        flow(t, tenant, drafts[1]!.id, 'cancel', { version: 2 }),
        flow(t, tenant, drafts[4]!.id, 'shipComplete', { version: 2 }),
        flow(t, tenant, drafts[5]!.id, 'approve', { version: 1 }),
      ]);
      expect(ships.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
      await expectSummariesExact(db(), 'concurrent flows');
      const [shipped] = await rows<{ n: number }>(
        db(),
        sql`SELECT sum(order_count)::int AS n FROM dashboard_event_buckets WHERE tenant_id = ${tenant} AND measure = 'shipped'`,
      );
      expect(shipped!.n).toBe(2);

      // An order deleted by its owner takes its events, and their counts, with it.
      await db().execute(sql`DELETE FROM orders WHERE tenant_id = ${tenant} AND id = ${Number(drafts[0]!.id)}`);
      await expectSummariesExact(db(), 'hard delete');
    });

    it('let the app role read only its own rows and write none', async () => {
      const tenant = newTenantId();
      await createOrder(t, tenant);
      await t.app.db.withTenant(tenant, async (tx) => {
        for (const table of ['dashboard_order_buckets', 'dashboard_event_buckets']) {
          const seen = await rows<{ tenant_id: string }>(tx, sql.raw(`SELECT tenant_id FROM ${table}`));
          expect(new Set(seen.map((r) => r.tenant_id)), table).toEqual(
            table === 'dashboard_order_buckets' ? new Set([tenant]) : new Set(),
          );
        }
      });
      for (const write of [
        sql`INSERT INTO dashboard_order_buckets (tenant_id, bucket, store_key, currency, state, order_count)
            VALUES (${tenant}, now(), 0, 'USD', 'sold', 99)`,
        sql`UPDATE dashboard_order_buckets SET order_count = 99`,
        sql`DELETE FROM dashboard_event_buckets`,
      ]) {
        const error = await t.app.db
          .withTenant(tenant, (tx) => tx.execute(write))
          .then(
            () => null,
            (e: Error) => e,
          );
        expect((error?.cause as Error | undefined)?.message ?? error?.message).toMatch(/permission denied/);
      }
    });

    it('forget a deleted tenant', async () => {
      const gone = newTenantId();
      const order = await createOrder(t, gone);
      expect((await flow(t, gone, order.id, 'cancel', { version: 1 })).statusCode).toBe(200);
      await db().execute(sql`DELETE FROM tenants WHERE id = ${gone}`);
      for (const table of ['dashboard_order_buckets', 'dashboard_event_buckets']) {
        expect(await rows(db(), sql`SELECT 1 FROM ${sql.identifier(table)} WHERE tenant_id = ${gone}`)).toEqual([]);
      }
      await expectSummariesExact(db(), 'tenant deleted');
    });

    // Last: it empties every tenant's orders.
    it('empty when orders are truncated', async () => {
      await db().execute(sql`TRUNCATE orders CASCADE`);
      expect(await rows(db(), sql`SELECT 1 FROM dashboard_order_buckets`)).toEqual([]);
      expect(await rows(db(), sql`SELECT 1 FROM dashboard_event_buckets`)).toEqual([]);
    });
  });
});

describe.each(backends)('dashboard migration ($name)', (backend) => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'shipdesk-dashboard-migration-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('sums the orders and events that exist when it runs', async () => {
    const source = MIGRATIONS.migrationsFolder;
    const earlier = join(dir, 'migrations');
    mkdirSync(join(earlier, 'meta'), { recursive: true });
    const journal = JSON.parse(readFileSync(join(source, 'meta', '_journal.json'), 'utf8')) as {
      entries: Array<{ tag: string }>;
    };
    const index = journal.entries.findIndex((e) => e.tag.endsWith('_dashboard'));
    expect(index).toBeGreaterThan(0);
    journal.entries = journal.entries.slice(0, index);
    writeFileSync(join(earlier, 'meta', '_journal.json'), JSON.stringify(journal));
    for (const entry of journal.entries)
      copyFileSync(join(source, `${entry.tag}.sql`), join(earlier, `${entry.tag}.sql`));

    const fresh = await backend.create();
    try {
      const options = { dataDir: fresh.config.dataDir, databaseUrl: fresh.config.databaseUrl };
      const old = await openKitDatabase({
        ...options,
        name: 'server',
        schema,
        migrations: { ...MIGRATIONS, migrationsFolder: earlier },
        advisoryLockKey: 7_305_118_201,
      });
      const tenant = newTenantId();
      try {
        await old.migrate();
        await addTenant(old.db, tenant, 'America/New_York');
        const a = await addOrder(old.db, tenant, {
          at: '2026-03-02T05:00:00Z',
          status: 'Completed',
          shipment: 'Shipped Complete',
          total: 250,
        });
        await addOrder(old.db, tenant, { at: '2026-03-02T05:10:00Z', status: 'Sales Order', total: 100 });
        await addEvent(old.db, tenant, a, {
          event: 'shipComplete',
          at: '2026-03-03T12:00:00Z',
          before: st('Sales Order'),
          after: st('Completed', 'Shipped Complete'),
        });
      } finally {
        await old.close();
      }

      const database = await openDatabase(options);
      try {
        await database.migrate();
        await expectSummariesExact(database.db, 'after the migration');
        const [bucket] = await rows<{ order_count: string | number; revenue: string | number }>(
          database.db,
          sql`SELECT sum(order_count) AS order_count, sum(revenue) AS revenue FROM dashboard_order_buckets
              WHERE tenant_id = ${tenant} AND bucket = '2026-03-02T05:00:00Z'`,
        );
        expect([Number(bucket!.order_count), Number(bucket!.revenue)]).toEqual([2, 350]);
        // And from there on the triggers keep them.
        await addOrder(database.db, tenant, { at: '2026-03-02T05:14:59Z', status: 'Canceled', total: 5 });
        await expectSummariesExact(database.db, 'after a later insert');
      } finally {
        await database.close();
      }
    } finally {
      await fresh.cleanup();
    }
  });
});
