import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Delivery, Order, Product, ProductFillProgress } from '@shipdesk/contract';
import { backends, buildTestApp, newTenantId, type TestContext } from '../../../test/app-helper.ts';
import { createOrder } from '../../../test/order-helpers.ts';
import type { JobRun } from '../../plugins/background.ts';
import { createProductFill } from './product-fill-service.ts';

interface TimelineEvent {
  event: string;
  actor: { email: string } | null;
  payload: Record<string, unknown>;
}

describe.each(backends)('filling open orders from the catalogue ($name)', (backend) => {
  let t: TestContext;
  const tenant = newTenantId();
  const other = newTenantId();
  beforeAll(async () => {
    t = await buildTestApp(backend);
  }, 120_000);
  afterAll(() => t.close());

  const call = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, who = tenant) =>
    t.app.inject({ method, url, headers: await t.auth(who), ...(payload ? { payload } : {}) });
  const read = async (id: string, who = tenant) =>
    (await call('GET', `/api/v1/orders/${id}`, undefined, who)).json().data as Order;
  const deliveries = async (id: string) =>
    (await call('GET', `/api/v1/deliveries?orderId=${id}`)).json().data as Delivery[];
  const events = async (id: string) =>
    (await call('GET', `/api/v1/orders/${id}/events`)).json().data as TimelineEvent[];
  const exec = (query: ReturnType<typeof sql>) => t.app.db.db.execute(query);
  const lineSources = async (orderId: string) =>
    (
      (await exec(sql`SELECT sku, weight, weight_source FROM order_lines WHERE order_id = ${Number(orderId)}
                      ORDER BY position`)) as unknown as {
        rows: Array<{ sku: string; weight: number; weight_source: string | null }>;
      }
    ).rows.map((r) => [r.sku, Number(r.weight), r.weight_source]);

  /** An eBay order as a sync leaves it: lines of weight 0, its planned delivery weighing 0. */
  async function ebayOrder(who = tenant): Promise<Order> {
    const created = await createOrder(t, who, {
      lines: [
        { sku: 'MUG-1', name: 'Blue mug', quantity: 2, unitPrice: 1250, weight: 0 },
        { sku: 'TEA-9', name: 'Green tea', quantity: 1, unitPrice: 899, weight: 0 },
      ],
    });
    await exec(sql`UPDATE orders SET source_type = 'Ebay' WHERE tenant_id = ${who} AND id = ${Number(created.id)}`);
    return read(created.id, who);
  }

  async function setWeight(product: Product, weight: number | null): Promise<Product> {
    const res = await call('PUT', `/api/v1/products/${product.id}`, { sku: product.sku, title: product.title, weight });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Product;
  }

  it("fills the open orders' unweighed lines of the SKU in the background; typed, shipped and other tenants' stay", async () => {
    const made = await call('POST', '/api/v1/products', { sku: 'MUG-1', title: 'Blue mug' });
    expect(made.statusCode, made.body).toBe(201);
    const product = made.json().data as Product;

    const open = await ebayOrder();
    // A seller typed this order's mug weight: it stays.
    const typed = await ebayOrder();
    const typedRes = await call('POST', `/call/order/${typed.id}/updateLineWeights`, {
      version: typed.version,
      lines: [{ lineId: typed.lines[0]!.id, weight: 500 }],
    });
    expect(typedRes.statusCode, typedRes.body).toBe(200);
    // A seller typed this order's box weight: its lines fill, the box's weight stands.
    const boxed = await ebayOrder();
    const [box] = await deliveries(boxed.id);
    const boxRes = await call('POST', `/call/order/${boxed.id}/updateDeliveryParcel`, {
      version: boxed.version,
      deliveryId: box!.deliveryId,
      boxSizeId: null,
      weight: 999,
      length: null,
      width: null,
      height: null,
    });
    expect(boxRes.statusCode, boxRes.body).toBe(200);
    // Done orders are not touched: shipped, and canceled.
    const shipped = await ebayOrder();
    await exec(sql`UPDATE orders SET shipment_status = 'Shipped Complete' WHERE id = ${Number(shipped.id)}`);
    const canceled = await ebayOrder();
    await exec(sql`UPDATE orders SET order_status = 'Canceled' WHERE id = ${Number(canceled.id)}`);
    // Another tenant's order of the same SKU, with its own product of that SKU without a weight.
    const theirs = await ebayOrder(other);

    const before = {
      open: await read(open.id),
      typed: await read(typed.id),
      boxed: await read(boxed.id),
      shipped: await read(shipped.id),
    };
    await setWeight(product, 340);
    await t.app.productWeightFill.idle(30_000);

    // The open order: its mug lines weigh 340 g from the product, its tea stays unknown; the box follows its lines.
    expect(await lineSources(open.id)).toEqual([
      ['MUG-1', 340, 'product'],
      ['TEA-9', 0, null],
    ]);
    expect((await deliveries(open.id))[0]!.weight).toBe(2 * 340);
    const filled = await read(open.id);
    expect(filled.version).toBeGreaterThan(before.open.version);
    const rows = (await events(open.id)).filter((e) => e.event === 'productWeightFilled');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.payload).toMatchObject({
      changes: ['MUG-1: 340 g'],
      weights: [{ sku: 'MUG-1', from: 0, to: 340 }],
    });

    expect(await lineSources(typed.id)).toEqual([
      ['MUG-1', 500, 'seller'],
      ['TEA-9', 0, null],
    ]);
    expect((await read(typed.id)).version).toBe(before.typed.version);
    expect(await lineSources(boxed.id)).toEqual([
      ['MUG-1', 340, 'product'],
      ['TEA-9', 0, null],
    ]);
    expect((await deliveries(boxed.id))[0]!.weight).toBe(999);
    for (const done of [shipped, canceled]) expect((await lineSources(done.id))[0]).toEqual(['MUG-1', 0, null]);
    expect((await read(shipped.id)).version).toBe(before.shipped.version);
    const theirLines = (
      (await exec(
        sql`SELECT weight FROM order_lines WHERE tenant_id = ${other} AND order_id = ${Number(theirs.id)}`,
      )) as unknown as {
        rows: Array<{ weight: number }>;
      }
    ).rows;
    expect(theirLines.map((r) => Number(r.weight))).toEqual([0, 0]);

    const progress = (await call('GET', '/api/v1/products/fill')).json().data as ProductFillProgress;
    expect(progress).toMatchObject({ state: 'idle', done: 2, total: 2 });
    expect(progress.finishedAt).not.toBeNull();
    const theirProgress = (await call('GET', '/api/v1/products/fill', undefined, other)).json().data;
    expect(theirProgress).toMatchObject({ state: 'idle', done: 0, total: 0, startedAt: null });
    // The fill's record is not one of the tenant's settings.
    const settings = (await call('GET', '/api/v1/configs')).json().data as Array<{ key: string }>;
    expect(settings.map((s) => s.key)).not.toContain('product_weight_fill');

    // A product's weight corrected: the lines it filled follow; clearing it leaves them as they are.
    await setWeight({ ...product }, 360);
    await t.app.productWeightFill.idle(30_000);
    expect((await lineSources(open.id))[0]).toEqual(['MUG-1', 360, 'product']);
    const again = (await events(open.id)).filter((e) => e.event === 'productWeightFilled');
    expect(again.map((e) => e.payload.changes)).toContainEqual(['MUG-1: 340 g -> 360 g']);
    await setWeight({ ...product }, null);
    await t.app.productWeightFill.idle(30_000);
    expect((await lineSources(open.id))[0]).toEqual(['MUG-1', 360, 'product']);
    // A seller's line weights after the fill are the seller's.
    const now = await read(open.id);
    const retyped = await call('POST', `/call/order/${open.id}/updateLineWeights`, {
      version: now.version,
      lines: [{ lineId: now.lines[0]!.id, weight: 410 }],
    });
    expect(retyped.statusCode, retyped.body).toBe(200);
    expect((await lineSources(open.id))[0]).toEqual(['MUG-1', 410, 'seller']);
    expect((await deliveries(open.id))[0]!.weight).toBe(2 * 410);
  });

  it('works in slices that resume where the last stopped, and asks again for orders buying a label', async () => {
    const tenantId = newTenantId();
    const orders = [];
    for (let i = 0; i < 5; i++) orders.push(await ebayOrder(tenantId));
    // A label is being bought for the third: it is passed over, then filled once the purchase ended.
    const buying = orders[2]!;
    await exec(sql`UPDATE deliveries SET purchase_state = 'buying' WHERE order_id = ${Number(buying.id)}`);
    await exec(
      sql`INSERT INTO products (tenant_id, sku, title, weight, source) VALUES (${tenantId}, 'MUG-1', 'Mug', 250, 'seller')`,
    );

    const sent: Array<{ afterSeconds?: number | undefined }> = [];
    const fill = createProductFill({
      database: t.app.db,
      queue: {
        sendIn: async (_tx, _job, options) => void sent.push({ afterSeconds: options?.afterSeconds }),
        wake: () => undefined,
      },
      notify: () => undefined,
      batchSize: 2,
      retryAfterSeconds: 1,
    });
    await t.app.db.withTenant(tenantId, (tx) => fill.request(tx, tenantId, ['MUG-1']));
    expect(sent).toHaveLength(1);
    // A slice whose time is always up: one batch of two orders, then the next slice is sent.
    let n = 0;
    const run = (): JobRun => ({
      id: `job-${++n}`,
      retryCount: 0,
      holder: `test:${n}`,
      shouldYield: () => true,
      stopping: () => false,
    });
    const progress = () => fill.progress(tenantId);
    await fill.runSlice({ tenantId }, run());
    expect(await progress()).toMatchObject({ state: 'running', done: 2, total: 5 });
    expect(sent).toHaveLength(2);
    await fill.runSlice({ tenantId }, run());
    // The third was passed over: not done yet.
    expect(await progress()).toMatchObject({ state: 'running', done: 3, total: 5 });
    await fill.runSlice({ tenantId }, run());
    expect(await progress()).toMatchObject({ state: 'running', done: 4, total: 5 });
    // The walk is over; the one buying a label is asked for again after a wait.
    expect(sent.at(-1)).toEqual({ afterSeconds: 1 });
    expect((await lineSources(buying.id))[0]).toEqual(['MUG-1', 0, null]);
    await fill.runSlice({ tenantId }, run());
    expect(await progress()).toMatchObject({ state: 'running', done: 4, total: 5 });
    await exec(sql`UPDATE deliveries SET purchase_state = NULL WHERE order_id = ${Number(buying.id)}`);
    await fill.runSlice({ tenantId }, run());
    const end = await progress();
    expect(end).toMatchObject({ state: 'idle', done: 5, total: 5 });
    expect(end.finishedAt).not.toBeNull();
    for (const order of orders) expect((await lineSources(order.id))[0]).toEqual(['MUG-1', 250, 'product']);
    // A job that finds the pass finished does nothing.
    const count = sent.length;
    await fill.runSlice({ tenantId }, run());
    expect(sent).toHaveLength(count);
  });
});
