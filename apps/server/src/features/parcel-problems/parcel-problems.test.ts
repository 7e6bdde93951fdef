import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Role,
  type DeliveryCount,
  type OrderEventRecord,
  type ParcelProblem,
  type ParcelProblemList,
} from '@shipdesk/contract';
import { backends, buildTestApp, newTenantId, type TestContext } from '../../../test/app-helper.ts';
import { paidOrder, setWarehouse } from '../../../test/label-helpers.ts';
import { flow } from '../../../test/order-helpers.ts';
import { createDashboardService } from '../dashboard/index.ts';
import { shipDateIn } from '../labels/index.ts';

const LOCAL = {
  carrier: 'local',
  serviceCode: 'LOCAL_NEXT_DAY',
  parcel: { weight: 900, length: 8, width: 6, height: 4 },
};
const DAY = 86_400_000;
/** Always one calendar day apart: the same wall-clock time, 24 hours between them. */
const AHEAD = 'Pacific/Kiritimati';
const BEHIND = 'Pacific/Honolulu';

describe.each(backends)('parcel problems and the parcel tiles ($name)', (backend) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await buildTestApp(backend);
  });
  afterAll(() => t?.close());

  const db = () => t.app.db.db;
  const call = async (method: 'GET' | 'POST' | 'PUT', url: string, tenant: string, payload?: object, role?: number) =>
    t.app.inject({ method, url, headers: await t.auth(tenant, role as never), ...(payload ? { payload } : {}) });
  const setZone = (tenant: string, zone: string) =>
    db().execute(sql`UPDATE tenants SET time_zone = ${zone} WHERE id = ${tenant}`);

  /** A local-carrier label, then its parcel set as the test says (SQL: driving a carrier fake there is slow). */
  const parcel = async (tenant: string, set: { status: string; at?: Date; expected?: string | null }) => {
    const order = await paidOrder(t, tenant);
    const bought = await flow(t, tenant, order.id, 'shipLabel', { version: order.version, label: LOCAL });
    expect(bought.statusCode, bought.body).toBe(200);
    const [label] = (
      (await db().execute(sql`SELECT id FROM shipping_labels WHERE tenant_id = ${tenant}
        AND order_id = ${Number(order.id)}`)) as unknown as { rows: Array<{ id: string | number }> }
    ).rows;
    const labelId = Number(label!.id);
    await db().execute(sql`UPDATE shipping_labels SET parcel_status = ${set.status},
        parcel_status_at = ${(set.at ?? new Date()).toISOString()}::timestamptz, parcel_expected = ${set.expected ?? null}
      WHERE tenant_id = ${tenant} AND id = ${labelId}`);
    return { orderId: order.id, orderNumber: order.orderNumber, labelId: String(labelId) };
  };
  const event = (tenant: string, labelId: string, at: Date, status: string, description: string) =>
    db().execute(sql`INSERT INTO tracking_events (tenant_id, label_id, key, at, status, description, source)
      VALUES (${tenant}, ${Number(labelId)}, ${`${at.toISOString()}|${description}`}, ${at.toISOString()}::timestamptz,
              ${status}, ${description}, 'poll')`);
  const problems = async (tenant: string, query = '') => {
    const res = await call('GET', `/call/parcelProblems${query}`, tenant);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as ParcelProblemList;
  };
  const ids = (rows: ParcelProblem[]) => rows.map((r) => r.labelId);

  describe('the list', () => {
    const tenant = newTenantId();
    const now = Date.now();
    let held: Awaited<ReturnType<typeof parcel>>;
    let late: Awaited<ReturnType<typeof parcel>>;
    let returned: Awaited<ReturnType<typeof parcel>>;
    let byZone: Awaited<ReturnType<typeof parcel>>;
    beforeAll(async () => {
      await setWarehouse(t, tenant);
      await setZone(tenant, AHEAD);
      const aheadToday = shipDateIn(AHEAD);
      const daysAgo = (n: number) => shipDateIn(AHEAD, new Date(now - n * DAY));
      held = await parcel(tenant, { status: 'exception', at: new Date(now - 6 * DAY), expected: daysAgo(8) });
      await event(tenant, held.labelId, new Date(now - 7 * DAY), 'in_transit', 'Departed facility');
      await event(tenant, held.labelId, new Date(now - 6 * DAY), 'exception', 'Held at customs');
      late = await parcel(tenant, { status: 'in_transit', at: new Date(now - 9 * DAY), expected: daysAgo(4) });
      returned = await parcel(tenant, { status: 'returned', at: new Date(now - 1 * DAY) });
      // Yesterday where the tenant is, today in Honolulu: late here only.
      byZone = await parcel(tenant, { status: 'out_for_delivery', expected: shipDateIn(BEHIND) });
      expect(shipDateIn(BEHIND)).not.toBe(aheadToday);
      await parcel(tenant, { status: 'delivered', expected: daysAgo(10) });
      await parcel(tenant, { status: 'in_transit', expected: aheadToday });
      await parcel(tenant, { status: 'exception', at: new Date(now - 8 * DAY) }).then(async (voided) =>
        db().execute(sql`UPDATE shipping_labels SET status = 'voided' WHERE id = ${Number(voided.labelId)}`),
      );
    });

    it('lists exceptions, returns and late parcels, oldest problem first, with the carrier words', async () => {
      const list = await problems(tenant);
      expect(ids(list.rows)).toEqual([held.labelId, late.labelId, returned.labelId, byZone.labelId]);
      expect(list.total).toBe(4);
      expect(list.nextCursor).toBeNull();
      expect(list.rows[0]).toMatchObject({
        kind: 'exception',
        status: 'exception',
        orderId: held.orderId,
        orderNumber: held.orderNumber,
        carrier: 'local',
        lastEvent: { description: 'Held at customs' },
      });
      expect(list.rows[1]).toMatchObject({ kind: 'late', status: 'in_transit', lastEvent: null });
      expect(list.rows[2]).toMatchObject({ kind: 'exception', status: 'returned' });

      const first = await problems(tenant, '?size=3');
      expect(ids(first.rows)).toEqual([held.labelId, late.labelId, returned.labelId]);
      const rest = await problems(tenant, `?size=3&cursor=${first.nextCursor}`);
      expect(ids(rest.rows)).toEqual([byZone.labelId]);
      expect((await call('GET', '/call/parcelProblems?cursor=bm9wZQ', tenant)).statusCode).toBe(400);
    });

    it("judges late in the tenant's zone", async () => {
      await setZone(tenant, BEHIND);
      expect(ids((await problems(tenant)).rows)).not.toContain(byZone.labelId);
      await setZone(tenant, AHEAD);
      expect(ids((await problems(tenant)).rows)).toContain(byZone.labelId);
    });

    it('marks parcels resolved with a timeline row; a new problem after that shows again', async () => {
      const stranger = newTenantId();
      expect(
        (await call('POST', '/call/parcelProblems/resolve', stranger, { labelIds: [held.labelId] })).statusCode,
      ).toBe(404);
      const res = await call('POST', '/call/parcelProblems/resolve', tenant, {
        labelIds: [held.labelId, late.labelId],
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.resolved.sort()).toEqual([held.labelId, late.labelId].sort());
      expect(ids((await problems(tenant)).rows)).toEqual([returned.labelId, byZone.labelId]);
      const timeline = (await call('GET', `/api/v1/orders/${held.orderId}/events`, tenant)).json()
        .data as OrderEventRecord[];
      expect(timeline.find((e) => e.event === 'parcelResolved')?.payload).toMatchObject({
        labelId: held.labelId,
        kind: 'exception',
      });

      // The carrier moves it on, then reports a new exception: it is back; the late one stays resolved.
      await event(tenant, held.labelId, new Date(), 'exception', 'Damaged');
      await db().execute(sql`UPDATE shipping_labels SET parcel_status_at = now() + interval '1 second'
        WHERE id = ${Number(held.labelId)}`);
      const again = await problems(tenant);
      expect(ids(again.rows)).toEqual([returned.labelId, byZone.labelId, held.labelId]);
      expect(again.rows[2]!.lastEvent?.description).toBe('Damaged');
      // A label without an open problem is left out.
      const none = await call('POST', '/call/parcelProblems/resolve', tenant, { labelIds: [late.labelId] });
      expect(none.json().data.resolved).toEqual([]);
    });

    it('e-mails the subscribed Admin once a day at 07:00 in the tenant zone', async () => {
      const manager = await call('PUT', '/call/parcelProblems/digest', tenant, { subscribed: true }, Role.Manager);
      expect(manager.statusCode).toBe(403);
      expect((await call('GET', '/call/parcelProblems/digest', tenant)).json().data).toEqual({ subscribed: false });
      const on = await call('PUT', '/call/parcelProblems/digest', tenant, { subscribed: true });
      expect(on.statusCode, on.body).toBe(200);
      expect((await call('GET', '/call/parcelProblems/digest', tenant)).json().data).toEqual({ subscribed: true });

      const outbox = () => {
        try {
          const dir = join(t.config.dataDir, 'outbox');
          return readdirSync(dir)
            .map((f) => readFileSync(join(dir, f), 'utf8'))
            .filter((m) => m.includes(held.orderNumber));
        } catch {
          return [];
        }
      };
      // 07:30 in Kiritimati (UTC+14) is 17:30 UTC the day before.
      const today = new Date(now);
      const seven = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - 1, 17, 30));
      await t.app.parcelProblems.sendDigests(new Date(seven.getTime() - 2 * 3_600_000));
      expect(outbox()).toHaveLength(0);
      await Promise.all([t.app.parcelProblems.sendDigests(seven), t.app.parcelProblems.sendDigests(seven)]);
      await t.app.parcelProblems.sendDigests(new Date(seven.getTime() + 10 * 60_000));
      const sent = outbox();
      expect(sent).toHaveLength(1);
      expect(sent[0]).toContain('with a problem');
      expect(sent[0]).toContain(`/orders/view/${held.orderId}`);
      // The next day at 07:00 it goes again.
      await t.app.parcelProblems.sendDigests(new Date(seven.getTime() + DAY));
      expect(outbox()).toHaveLength(2);

      expect((await call('PUT', '/call/parcelProblems/digest', tenant, { subscribed: false })).statusCode).toBe(200);
      await t.app.parcelProblems.sendDigests(new Date(seven.getTime() + 2 * DAY));
      expect(outbox()).toHaveLength(2);
    });
  });

  it('counts parcels delivered on time and late and exceptions, against the previous period', async () => {
    const tenant = newTenantId();
    await setWarehouse(t, tenant);
    await setZone(tenant, 'America/New_York');
    const at = (iso: string) => new Date(iso);
    // Today (Wed 2026-03-04 EST) from 05:00Z, compared with Tue 05:00Z to 20:00Z.
    await parcel(tenant, { status: 'delivered', at: at('2026-03-04T15:00:00Z'), expected: '2026-03-04' });
    await parcel(tenant, { status: 'delivered', at: at('2026-03-04T18:00:00Z'), expected: '2026-03-03' });
    await parcel(tenant, { status: 'delivered', at: at('2026-03-04T06:00:00Z'), expected: null });
    // 21:00 on the 4th in New York (the 5th in UTC): on time.
    await parcel(tenant, { status: 'delivered', at: at('2026-03-05T02:00:00Z'), expected: '2026-03-04' });
    await parcel(tenant, { status: 'delivered', at: at('2026-03-03T10:00:00Z'), expected: '2026-03-02' });
    await parcel(tenant, { status: 'delivered', at: at('2026-03-03T21:00:00Z'), expected: '2026-03-01' });
    await parcel(tenant, { status: 'in_transit', at: at('2026-03-04T15:00:00Z'), expected: '2026-03-01' });
    const held = await parcel(tenant, { status: 'in_transit', at: at('2026-03-04T15:00:00Z') });
    await event(tenant, held.labelId, at('2026-03-04T12:00:00Z'), 'exception', 'Address unknown');
    await event(tenant, held.labelId, at('2026-03-04T13:00:00Z'), 'exception', 'Still unknown');
    const before = await parcel(tenant, { status: 'exception', at: at('2026-03-03T12:00:00Z') });
    await event(tenant, before.labelId, at('2026-03-03T12:00:00Z'), 'exception', 'Damaged');

    const service = createDashboardService(t.app.db, { now: () => new Date('2026-03-04T20:00:00Z') });
    const auth = { tenantId: tenant, userId: 'u', email: 'u@example.com', roleId: Role.Manager, issuer: 'test' };
    const tiles = (counts: DeliveryCount[]) =>
      Object.fromEntries(counts.map((c) => [c.xLabels, [c.Current, c.Previous, c.Percentage]]));
    const expected = {
      'Delivered On Time': [3, 0, null],
      'Delivered Late': [1, 1, 0],
      Exceptions: [1, 1, 0],
    };
    expect(tiles((await service.dashboard(auth, 'Today')).deliveryCounts)).toEqual(expected);
    expect(tiles((await service.quickDashboard(auth, 'Today')).deliveryCounts)).toEqual(expected);
    const other = { ...auth, tenantId: newTenantId() };
    expect(tiles((await service.quickDashboard(other, 'Today')).deliveryCounts)).toEqual({
      'Delivered On Time': [0, 0, 0],
      'Delivered Late': [0, 0, 0],
      Exceptions: [0, 0, 0],
    });
  });
});
