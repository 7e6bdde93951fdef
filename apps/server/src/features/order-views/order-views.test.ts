import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MAX_ORDER_LIST_VIEWS, Role, type OrderListViewInput } from '@shipdesk/contract';
import { backends, buildTestApp, newTenantId, type TestContext } from '../../../test/app-helper.ts';
import { createOrder } from '../../../test/order-helpers.ts';

describe.each(backends)('order list preferences and saved views ($name)', (backend) => {
  let t: TestContext;
  const tenant = newTenantId();
  const other = newTenantId();
  beforeAll(async () => {
    t = await buildTestApp(backend);
  });
  afterAll(() => t.close());

  const ann = { sub: 'user-ann', email: 'ann@example.com' };
  const bob = { sub: 'user-bob', email: 'bob@example.com' };
  type Who = { tenantId?: string; user?: { sub: string; email: string } };
  const call = async (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, who: Who = {}) =>
    t.app.inject({
      method,
      url,
      headers: await t.auth(who.tenantId ?? tenant, Role.Manager, who.user ?? ann),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  const view = (overrides: Partial<OrderListViewInput> = {}): OrderListViewInput => ({
    name: 'Unpaid this week',
    filters: { paymentStatus: ['Unpaid', 'Paid Partial'], orderStatus: 'Sales Order', from: '2026-01-05' },
    sort: 'orderDate desc',
    hiddenColumns: ['shipTo', 'items'],
    ...overrides,
  });

  describe('preferences', () => {
    it('answers the defaults until changed, then what was changed, per user', async () => {
      const first = await call('GET', '/api/v1/orderListPreferences', undefined, {
        user: { sub: 'fresh', email: 'f@x.io' },
      });
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json().data).toEqual({ pageSize: 10, density: 'standard', hiddenColumns: ['parcelStatus'] });

      const size = await call('PATCH', '/api/v1/orderListPreferences', { pageSize: 25 });
      expect(size.statusCode, size.body).toBe(200);
      expect(size.json().data).toEqual({ pageSize: 25, density: 'standard', hiddenColumns: ['parcelStatus'] });
      // A later change of another field keeps the page size.
      const dense = await call('PATCH', '/api/v1/orderListPreferences', {
        density: 'compact',
        hiddenColumns: ['shipTo'],
      });
      expect(dense.json().data).toEqual({ pageSize: 25, density: 'compact', hiddenColumns: ['shipTo'] });
      expect((await call('GET', '/api/v1/orderListPreferences')).json().data).toEqual(dense.json().data);

      // Bob, of the same tenant, and Ann's namesake in another tenant, keep their own.
      expect((await call('GET', '/api/v1/orderListPreferences', undefined, { user: bob })).json().data.pageSize).toBe(
        10,
      );
      expect(
        (await call('GET', '/api/v1/orderListPreferences', undefined, { tenantId: other })).json().data.pageSize,
      ).toBe(10);
    });

    it('refuses page sizes, densities and columns it does not offer, naming the field', async () => {
      for (const [body, field] of [
        [{ pageSize: 30 }, 'pageSize'],
        [{ pageSize: 500 }, 'pageSize'],
        [{ density: 'tiny' }, 'density'],
        [{ hiddenColumns: ['nope'] }, 'hiddenColumns.0'],
        [{ hiddenColumns: ['orderNumber'] }, 'hiddenColumns'],
        [{ colour: 'red' }, 'colour'],
      ] as const) {
        const res = await call('PATCH', '/api/v1/orderListPreferences', body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(Object.keys(res.json().errors ?? {}), JSON.stringify(body)).toContain(field);
      }
      const empty = await call('PATCH', '/api/v1/orderListPreferences', {});
      expect(empty.statusCode).toBe(400);
      expect(
        (await call('GET', '/api/v1/orderListPreferences', undefined, { user: { sub: 'x', email: 'x@x.io' } })).json()
          .data.hiddenColumns,
      ).toEqual(['parcelStatus']);
    });
  });

  describe('saved views', () => {
    it('creates, lists by name, renames, replaces and deletes a view, keeping exactly what was sent', async () => {
      const me = { user: { sub: 'views-crud', email: 'c@example.com' } };
      const created = await call(
        'POST',
        '/api/v1/orderListViews',
        view({ name: '  Unpaid   this week ', pageSize: 50 }),
        me,
      );
      expect(created.statusCode, created.body).toBe(201);
      const saved = created.json().data;
      expect(saved).toMatchObject({
        name: 'Unpaid this week',
        filters: { paymentStatus: ['Unpaid', 'Paid Partial'], orderStatus: 'Sales Order', from: '2026-01-05' },
        sort: 'orderDate desc',
        hiddenColumns: ['shipTo', 'items'],
        pageSize: 50,
        density: null,
      });
      await call('POST', '/api/v1/orderListViews', view({ name: 'awaiting shipment', filters: {} }), me);
      const names = (await call('GET', '/api/v1/orderListViews', undefined, me))
        .json()
        .data.map((v: { name: string }) => v.name);
      expect(names).toEqual(['awaiting shipment', 'Unpaid this week']);

      const renamed = await call('PATCH', `/api/v1/orderListViews/${saved.id}`, { name: 'Unpaid' }, me);
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect(renamed.json().data).toMatchObject({
        name: 'Unpaid',
        sort: 'orderDate desc',
        hiddenColumns: ['shipTo', 'items'],
      });
      const replaced = await call(
        'PATCH',
        `/api/v1/orderListViews/${saved.id}`,
        {
          filters: { requestedService: ' UPS Ground ', search: '   ' },
          sort: 'total asc',
          hiddenColumns: [],
          pageSize: null,
        },
        me,
      );
      expect(replaced.json().data).toMatchObject({
        name: 'Unpaid',
        filters: { requestedService: 'UPS Ground' },
        sort: 'total asc',
        hiddenColumns: [],
        pageSize: null,
      });

      const deleted = await call('DELETE', `/api/v1/orderListViews/${saved.id}`, undefined, me);
      expect(deleted.statusCode).toBe(200);
      expect((await call('DELETE', `/api/v1/orderListViews/${saved.id}`, undefined, me)).statusCode).toBe(404);
      expect((await call('GET', '/api/v1/orderListViews', undefined, me)).json().data).toHaveLength(1);
    });

    it('names the field of every refusal: blank, too long, duplicate, unknown filter, hidden order number', async () => {
      const me = { user: { sub: 'views-invalid', email: 'i@example.com' } };
      const post = (body: unknown) => call('POST', '/api/v1/orderListViews', body, me);
      await post(view({ name: 'Mine' }));
      const cases: Array<[unknown, number, string]> = [
        [view({ name: '' }), 400, 'name'],
        [view({ name: '    ' }), 400, 'name'],
        [view({ name: 'x'.repeat(61) }), 400, 'name'],
        [view({ name: ' MINE ' }), 409, 'name'],
        [{ ...view(), filters: { colour: 'red' } }, 400, 'filters.colour'],
        [{ ...view(), filters: { paymentStatus: ['Sometimes'] } }, 400, 'filters.paymentStatus.0'],
        [{ ...view(), filters: { from: '2026-02-01', to: '2026-01-01' } }, 400, 'filters.to'],
        [{ ...view(), sort: 'name asc' }, 400, 'sort'],
        [view({ hiddenColumns: ['orderNumber'] }), 400, 'hiddenColumns'],
        [{ filters: {}, sort: 'id desc', hiddenColumns: [] }, 400, 'name'],
      ];
      for (const [body, status, field] of cases) {
        const res = await post(body);
        expect(res.statusCode, JSON.stringify(body)).toBe(status);
        expect(Object.keys(res.json().errors ?? {}), `${JSON.stringify(body)}: ${res.body}`).toContain(field);
      }
      const dup = await post(view({ name: 'mine' }));
      expect(dup.json()).toMatchObject({ reason: 'duplicate_name', message: expect.stringMatching(/exists already/) });

      const second = (await post(view({ name: 'Second' }))).json().data;
      const clash = await call('PATCH', `/api/v1/orderListViews/${second.id}`, { name: 'MINE' }, me);
      expect(clash.statusCode).toBe(409);
      expect(clash.json().errors).toHaveProperty('name');
      // Renaming a view to its own name in another case is no clash.
      expect((await call('PATCH', `/api/v1/orderListViews/${second.id}`, { name: 'SECOND' }, me)).statusCode).toBe(200);
      expect((await call('PATCH', `/api/v1/orderListViews/${second.id}`, {}, me)).statusCode).toBe(400);
      expect((await call('PATCH', '/api/v1/orderListViews/abc', { name: 'x' }, me)).statusCode).toBe(400);
    });

    it(`keeps at most ${MAX_ORDER_LIST_VIEWS} views a user`, async () => {
      const me = { user: { sub: 'views-limit', email: 'l@example.com' } };
      await t.app.db.withTenant(tenant, async (tx) => {
        await tx.execute(sql`INSERT INTO tenants (id) VALUES (${tenant}) ON CONFLICT DO NOTHING`);
        await tx.execute(sql`
          INSERT INTO order_list_views (tenant_id, user_id, name, filters, sort)
          SELECT ${tenant}, 'views-limit', 'View ' || g, '{}'::jsonb, 'id desc'
          FROM generate_series(1, ${MAX_ORDER_LIST_VIEWS - 1}) AS g`);
      });
      expect((await call('POST', '/api/v1/orderListViews', view({ name: 'Last one' }), me)).statusCode).toBe(201);
      const over = await call('POST', '/api/v1/orderListViews', view({ name: 'One too many' }), me);
      expect(over.statusCode).toBe(400);
      expect(over.json()).toMatchObject({
        reason: 'too_many_views',
        errors: { name: expect.stringMatching(/at most 50/) },
      });
      // Another user of the tenant is not held by Ann's count.
      expect(
        (await call('POST', '/api/v1/orderListViews', view({ name: 'One too many' }), { user: bob })).statusCode,
      ).toBe(201);
    });

    it("never shows or changes another user's or another tenant's view", async () => {
      const mine = (await call('POST', '/api/v1/orderListViews', view({ name: 'Private' }))).json().data;
      for (const who of [{ user: bob }, { tenantId: other }]) {
        const list = (await call('GET', '/api/v1/orderListViews', undefined, who)).json().data;
        expect(list.map((v: { id: string }) => v.id)).not.toContain(mine.id);
        expect((await call('PATCH', `/api/v1/orderListViews/${mine.id}`, { name: 'Taken' }, who)).statusCode).toBe(404);
        expect((await call('DELETE', `/api/v1/orderListViews/${mine.id}`, undefined, who)).statusCode).toBe(404);
        // The same name is free for them.
        expect((await call('POST', '/api/v1/orderListViews', view({ name: 'Private' }), who)).statusCode).toBe(201);
      }
      const still = (await call('GET', '/api/v1/orderListViews'))
        .json()
        .data.find((v: { id: string }) => v.id === mine.id);
      expect(still).toMatchObject({ name: 'Private' });
    });

    it('keeps rows apart by row-level security too: another tenant sees none of them', async () => {
      await call('POST', '/api/v1/orderListViews', view({ name: 'RLS check' }));
      const seen = await t.app.db.withTenant(other, async (tx) => {
        const res = (await tx.execute(
          sql`SELECT count(*)::int AS n FROM order_list_views WHERE tenant_id = ${tenant}`,
        )) as unknown as {
          rows: Array<{ n: number }>;
        };
        return res.rows[0]!.n;
      });
      expect(seen).toBe(0);
    });
  });

  describe('the requested-service filter', () => {
    it('offers each requested service once and filters the list by it, case and spaces ignored', async () => {
      const shop = newTenantId();
      const ground = await createOrder(t, shop, { requestedShippingMethod: 'UPS Ground' });
      await createOrder(t, shop, { requestedShippingMethod: ' ups ground ' });
      const express = await createOrder(t, shop, { requestedShippingMethod: 'Express, next day' });
      await createOrder(t, shop, { requestedShippingMethod: undefined });
      await createOrder(t, other, { requestedShippingMethod: 'Secret service' });

      const offered = await call('GET', '/call/orderList/requestedServices', undefined, { tenantId: shop });
      expect(offered.statusCode, offered.body).toBe(200);
      expect(offered.json().data).toHaveLength(2);
      expect(offered.json().data[0]).toBe('Express, next day');
      expect(offered.json().data[1]!.toLowerCase()).toBe('ups ground');

      const list = async (filters: Record<string, string>) =>
        call('GET', `/api/v1/orders?filters=${encodeURIComponent(JSON.stringify(filters))}`, undefined, {
          tenantId: shop,
        });
      const byGround = (await list({ requestedService: 'UPS GROUND' })).json().data;
      expect(byGround.total).toBe(2);
      expect(byGround.rows.map((r: { id: string }) => r.id)).toContain(ground.id);
      const byExpress = (await list({ requestedService: 'eq@Express, next day' })).json().data;
      expect(byExpress.rows.map((r: { id: string }) => r.id)).toEqual([express.id]);
      // With a search, through the search's view.
      const searched = (await list({ requestedService: 'ups ground', search: `like@${ground.orderNumber}` })).json()
        .data;
      expect(searched.rows.map((r: { id: string }) => r.id)).toEqual([ground.id]);
      const none = (await list({ requestedService: 'express, next day', search: `like@${ground.orderNumber}` })).json()
        .data;
      expect(none.rows).toEqual([]);

      const bad = await list({ requestedService: 'in@a,b' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors).toHaveProperty(['filters.requestedService']);
    });
  });
});
