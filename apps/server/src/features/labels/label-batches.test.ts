import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { sql } from 'drizzle-orm';
import type { LabelBatch, LabelBatchDetail, Order, ShipMethod } from '@shipdesk/contract';
import { backends, buildTestApp, newTenantId, type TestContext } from '../../../test/app-helper.ts';
import { paidOrder, setWarehouse } from '../../../test/label-helpers.ts';
import { createOrder, flow } from '../../../test/order-helpers.ts';
import { validLocalTrackingNumber } from '../../integrations/carriers/local/local-tracking.ts';
import { strandJob, waitFor } from '../../../test/job-helpers.ts';
import { createLabelBatchesRepository } from './label-batches-repository.ts';
import { LABEL_BATCH_QUEUE, LABEL_BATCH_STOPPED_QUEUE } from './label-jobs.ts';

describe.each(backends)('label batches ($name)', (backend) => {
  let t: TestContext;
  const tenant = newTenantId();
  beforeAll(async () => {
    // Expiries short enough for the queue's monitor to look every second: a stranded slice is taken over at once.
    t = await buildTestApp(backend, { syncStallSeconds: 4, labelBatchStaleSeconds: 30 });
    await setWarehouse(t, tenant);
    const headers = await t.auth(tenant);
    const method: ShipMethod = (
      await t.app.inject({ method: 'POST', url: '/api/v1/shipMethods', headers, payload: { name: 'Ground' } })
    ).json().data;
    const mapping = await t.app.inject({
      method: 'POST',
      url: '/api/v1/shipMethodCarrierMethodMappings',
      headers,
      payload: { shipMethodId: method.id, carrier: 'local', carrierMethod: 'LOCAL_NEXT_DAY' },
    });
    expect(mapping.statusCode, mapping.body).toBe(201);
    await t.app.shippingResolution.idle();
  });
  afterAll(() => t.close());

  const call = async (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: await t.auth(tenant), ...(payload ? { payload } : {}) });
  /** The batch once the queue has worked it to its end. */
  const done = (id: string, tenantId = tenant) =>
    waitFor(
      async () => {
        const res = await t.app.inject({ url: `/call/labelBatches/${id}`, headers: await t.auth(tenantId) });
        const detail = res.json().data as LabelBatchDetail;
        return detail.batch.status === 'done' ? detail : undefined;
      },
      30_000,
      `batch ${id}`,
    );

  it('buys the mapped labels of many orders, reports each, retries failures and prints one document', async () => {
    const ready = await Promise.all([1, 2, 3, 4].map(() => paidOrder(t, tenant)));
    const unmapped = await paidOrder(t, tenant, { requestedShippingMethod: 'Teleport' });
    const unpaid = await createOrder(t, tenant);
    const ids = [...ready.map((o) => o.id), unmapped.id, unpaid.id];
    const spy = vi.spyOn(t.app.realtime, 'toTenant');

    const started = await call('POST', '/call/labelBatches', { event: 'shipLabel', orderIds: ids });
    expect(started.statusCode, started.body).toBe(202);
    const batch = started.json().data as LabelBatch;
    expect(batch).toMatchObject({ status: 'running', total: 6, bought: 0, failed: 0 });

    const detail = await done(batch.id);
    expect(detail.batch).toMatchObject({ status: 'done', bought: 4, failed: 2 });
    expect(detail.items.map((i) => i.orderId)).toEqual(ids);
    for (const item of detail.items.slice(0, 4)) {
      expect(item).toMatchObject({ status: 'bought', serviceName: 'Local delivery, next day', amount: 0 });
      expect(validLocalTrackingNumber(item.trackingNumber!)).toBe(true);
    }
    expect(detail.items[4]).toMatchObject({ status: 'failed', message: expect.stringContaining('“Teleport”') });
    expect(detail.items[5]).toMatchObject({ status: 'failed', message: expect.stringContaining('Draft Order') });
    expect(spy).toHaveBeenCalledWith(tenant, 'labels:batch', expect.objectContaining({ id: batch.id, status: 'done' }));
    spy.mockRestore();
    const shipped = (await call('GET', `/api/v1/orders/${ready[0]!.id}`)).json().data as Order;
    expect(shipped).toMatchObject({ orderStatus: 'Completed', shipmentStatus: 'Shipped Complete' });

    const pdf = await call('GET', `/call/labelBatches/${batch.id}/document`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect((await PDFDocument.load(pdf.rawPayload)).getPageCount()).toBe(4);
    expect(pdf.headers['x-labels-skipped']).toBe('0');
    const withSlips = await call('GET', `/call/labelBatches/${batch.id}/document?packingSlips=true`);
    expect((await PDFDocument.load(withSlips.rawPayload)).getPageCount()).toBeGreaterThanOrEqual(8);

    // The unpaid order is approved and paid: a retry buys it; the unmapped one fails again with its reason.
    expect((await flow(t, tenant, unpaid.id, 'approve', { version: 1 })).statusCode).toBe(200);
    expect((await flow(t, tenant, unpaid.id, 'processPayment', { version: 2 })).statusCode).toBe(200);
    const retried = await call('POST', `/call/labelBatches/${batch.id}/retry`);
    expect(retried.json().data).toMatchObject({ status: 'running', failed: 0 });
    const after = await done(batch.id);
    expect(after.batch).toMatchObject({ status: 'done', bought: 5, failed: 1 });
    expect(
      (
        (await t.app.db.db.execute(
          sql`SELECT count(*)::int AS n FROM shipping_labels WHERE tenant_id = ${tenant}`,
        )) as unknown as { rows: Array<{ n: number }> }
      ).rows[0]!.n,
    ).toBe(5);
  });

  it('prints a ZPL batch as one stream, its packing slips apart', async () => {
    const orders = await Promise.all([1, 2].map(() => paidOrder(t, tenant)));
    const batch = (await call('POST', '/call/labelBatches', { event: 'zpl', orderIds: orders.map((o) => o.id) })).json()
      .data as LabelBatch;
    await done(batch.id);
    const zpl = await call('GET', `/call/labelBatches/${batch.id}/document`);
    expect(zpl.headers['content-type']).toContain('text/plain');
    expect(zpl.body.match(/\^XA/g)).toHaveLength(2);
    const slips = await call('GET', `/call/labelBatches/${batch.id}/document?packingSlips=true`);
    expect(slips.headers['content-type']).toBe('application/pdf');
    expect((await PDFDocument.load(slips.rawPayload)).getPageCount()).toBeGreaterThanOrEqual(2);
  });

  it('leaves out of the merged PDF the labels it cannot take, tells how many, and refuses a batch with none', async () => {
    const orders = await Promise.all([1, 2, 3, 4].map(() => paidOrder(t, tenant)));
    const batch = (
      await call('POST', '/call/labelBatches', { event: 'shipLabel', orderIds: orders.map((o) => o.id) })
    ).json().data as LabelBatch;
    await done(batch.id);
    const labelOf = (order: Order) =>
      sql`(SELECT label_id FROM label_batch_items WHERE tenant_id = ${tenant} AND batch_id = ${Number(batch.id)}
           AND order_id = ${Number(order.id)})`;
    // A carrier's GIF label and a ZPL one bought apart cannot become PDF pages.
    await t.app.db.db.execute(
      sql`UPDATE shipping_labels SET document = decode('474946383961', 'hex')
          WHERE tenant_id = ${tenant} AND id = ${labelOf(orders[1]!)}`,
    );
    await t.app.db.db.execute(
      sql`UPDATE shipping_labels SET format = 'zpl', document = convert_to('^XA^FDx^FS^XZ', 'UTF8')
          WHERE tenant_id = ${tenant} AND id = ${labelOf(orders[2]!)}`,
    );
    const pdf = await call('GET', `/call/labelBatches/${batch.id}/document`);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['x-labels-skipped']).toBe('2');
    expect((await PDFDocument.load(pdf.rawPayload)).getPageCount()).toBe(2);

    await t.app.db.db.execute(
      sql`UPDATE shipping_labels SET status = 'voided' WHERE tenant_id = ${tenant}
          AND id IN (${labelOf(orders[0]!)}, ${labelOf(orders[3]!)})`,
    );
    const none = await call('GET', `/call/labelBatches/${batch.id}/document`);
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({ reason: 'no_pdf_labels' });
    await t.app.db.db.execute(
      sql`UPDATE shipping_labels SET status = 'voided' WHERE tenant_id = ${tenant}
          AND id IN (${labelOf(orders[1]!)}, ${labelOf(orders[2]!)})`,
    );
    const voided = await call('GET', `/call/labelBatches/${batch.id}/document`);
    expect(voided.statusCode).toBe(409);
    expect(voided.json()).toMatchObject({ reason: 'no_labels' });
  });

  /** A batch as the API makes it, but without its job: what a killed worker's slice leaves is made by each test. */
  async function batchWithoutJob(orderIds: string[]): Promise<number> {
    const repo = createLabelBatchesRepository();
    const batch = await t.app.db.withTenant(tenant, (tx) =>
      repo.insert(
        tx,
        tenant,
        { event: 'shipLabel', createdById: 'user', createdByEmail: 'user@example.com' },
        orderIds.map(Number),
      ),
    );
    return batch.id;
  }

  it('resumes a batch whose worker was killed mid-purchase, without buying a delivery twice', async () => {
    const orders = await Promise.all([1, 2, 3].map(() => paidOrder(t, tenant)));
    const batchId = await batchWithoutJob(orders.map((o) => o.id));
    // The first order's label was bought by a worker killed before it wrote the item down.
    const first = await flow(t, tenant, orders[0]!.id, 'shipLabel', {
      version: orders[0]!.version,
      label: {
        carrier: 'local',
        serviceCode: 'LOCAL_NEXT_DAY',
        parcel: { weight: 900, length: 8, width: 6, height: 4 },
      },
    });
    const deliveryId = first.json().data.label.deliveryId;
    await t.app.db.db.execute(
      sql`UPDATE label_batch_items SET status = 'buying', delivery_id = ${Number(deliveryId)}
          WHERE tenant_id = ${tenant} AND batch_id = ${batchId} AND order_id = ${Number(orders[0]!.id)}`,
    );
    await t.app.db.db.execute(
      sql`UPDATE label_batches SET worker = 'killed-host:1:job:0' WHERE tenant_id = ${tenant} AND id = ${batchId}`,
    );
    // Its slice job, as the killed worker left it: active, past its expiry. The queue's monitor hands it on.
    await strandJob(t, LABEL_BATCH_QUEUE, { tenantId: tenant, batchId }, { singletonKey: `${tenant}:${batchId}` });
    const detail = await done(String(batchId));
    expect(detail.batch).toMatchObject({ status: 'done', bought: 3, failed: 0 });
    expect(detail.items[0]!.trackingNumber).toBe(first.json().data.label.trackingNumber);
    const labels = (await t.app.db.db.execute(
      sql`SELECT order_id, count(*)::int AS n FROM shipping_labels WHERE tenant_id = ${tenant}
          AND order_id IN (${sql.join(
            orders.map((o) => Number(o.id)),
            sql`, `,
          )}) GROUP BY order_id`,
    )) as unknown as { rows: Array<{ n: number }> };
    expect(labels.rows.map((r) => r.n)).toEqual([1, 1, 1]);
  });

  it('ends a batch whose slices kept failing, its open orders failed with a reason a retry clears', async () => {
    const orders = await Promise.all([1, 2].map(() => paidOrder(t, tenant)));
    const batchId = await batchWithoutJob(orders.map((o) => o.id));
    // The last retry of its slice, stranded too: its retries are spent, so the job goes to the dead-letter queue.
    await strandJob(
      t,
      LABEL_BATCH_QUEUE,
      { tenantId: tenant, batchId },
      { singletonKey: `${tenant}:${batchId}`, retries: 5 },
    );
    const stopped = await done(String(batchId));
    expect(stopped.batch).toMatchObject({ status: 'done', bought: 0, failed: 2 });
    expect(stopped.items[0]!.message).toContain('retry the batch');
    const dead = (await t.app.db.db.execute(
      sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = ${LABEL_BATCH_STOPPED_QUEUE}
          AND data ->> 'batchId' = ${String(batchId)}`,
    )) as unknown as { rows: Array<{ n: number }> };
    expect(dead.rows[0]!.n).toBe(1);

    expect((await call('POST', `/call/labelBatches/${batchId}/retry`)).statusCode).toBe(200);
    expect((await done(String(batchId))).batch).toMatchObject({ status: 'done', bought: 2, failed: 0 });
  });

  it('labels no order on hold: every paid order to ship leaves it out, and a chosen one fails with its day', async () => {
    const shop = newTenantId();
    await setWarehouse(t, shop);
    const headers = await t.auth(shop);
    const method = (
      await t.app.inject({ method: 'POST', url: '/api/v1/shipMethods', headers, payload: { name: 'Ground' } })
    ).json().data as ShipMethod;
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/shipMethodCarrierMethodMappings',
      headers,
      payload: { shipMethodId: method.id, carrier: 'local', carrierMethod: 'LOCAL_NEXT_DAY' },
    });
    await t.app.shippingResolution.idle();
    const [held, wasHeld] = [await paidOrder(t, shop), await paidOrder(t, shop)];
    const hold = (orderId: string, holdUntil: string) =>
      t.app.inject({
        method: 'POST',
        url: `/call/order/${orderId}/updateRuleSettings`,
        headers,
        payload: { holdUntil },
      });
    expect((await hold(held.id, '2099-12-31')).statusCode).toBe(200);
    // A hold whose day has come no longer holds.
    expect((await hold(wasHeld.id, '2020-01-01')).statusCode).toBe(200);

    const all = await t.app.inject({
      method: 'POST',
      url: '/call/labelBatches',
      headers,
      payload: { event: 'shipLabel', allShippable: true },
    });
    expect(all.statusCode, all.body).toBe(202);
    const allBatch = all.json().data as LabelBatch;
    expect(allBatch.total).toBe(1);
    const allDetail = await done(allBatch.id, shop);
    expect(allDetail.items).toEqual([expect.objectContaining({ orderId: wasHeld.id, status: 'bought' })]);

    const chosen = await t.app.inject({
      method: 'POST',
      url: '/call/labelBatches',
      headers,
      payload: { event: 'shipLabel', orderIds: [held.id] },
    });
    const chosenDetail = await done((chosen.json().data as LabelBatch).id, shop);
    expect(chosenDetail.items[0]).toMatchObject({
      status: 'failed',
      message: `Order ${held.orderNumber} is on hold until 2099-12-31: release the hold to buy its label`,
    });
  });

  it('refuses batches of unknown orders by position, and an empty to-ship list', async () => {
    const other = newTenantId();
    const foreign = await createOrder(t, other);
    const bad = await call('POST', '/call/labelBatches', { event: 'shipLabel', orderIds: [foreign.id] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ 'orderIds[0]': `No order ${foreign.id}` });
    const empty = await t.app.inject({
      method: 'POST',
      url: '/call/labelBatches',
      headers: await t.auth(other),
      payload: { event: 'zpl', allShippable: true },
    });
    expect(empty.json()).toMatchObject({ reason: 'nothing_to_ship' });
    expect(
      (await t.app.inject({ method: 'GET', url: '/call/labelBatches/1', headers: await t.auth(other) })).statusCode,
    ).toBe(404);
  });
});
