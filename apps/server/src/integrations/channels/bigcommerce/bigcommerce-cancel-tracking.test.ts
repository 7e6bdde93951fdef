import { describe, expect, it } from 'vitest';
import { startFakeBigcommerce, type FakeBigcommerce, type FakeOrderRecord } from '@shipdesk/fakes';
import { closeAfterEach, quickHttp } from '../../../../test/adapter-test-kit.ts';
import { ChannelError, type HttpOptions } from '../../http/channel-http.ts';
import type { ChannelAdapter, TrackingPush } from '../channel-types.ts';
import { createBigcommerceAdapter } from './bigcommerce-adapter.ts';

const closing = closeAfterEach();

async function fakeStore(): Promise<FakeBigcommerce> {
  return closing(await startFakeBigcommerce({ orders: 40, seed: 3, quota: null }));
}

function adapterFor(fake: FakeBigcommerce, http: HttpOptions = quickHttp()): ChannelAdapter {
  return createBigcommerceAdapter(
    { settings: { storeHash: fake.storeHash, apiBaseUrl: fake.url }, credentials: { accessToken: fake.accessToken } },
    { http },
  );
}

/** An order awaiting fulfillment with nothing shipped, two physical products and one address. */
function openOrder(fake: FakeBigcommerce): FakeOrderRecord {
  const record = fake
    .orderIds()
    .map((id) => fake.order(id)!)
    .find(
      (r) =>
        r.order.status_id === 11 &&
        r.order.items_shipped === 0 &&
        r.addresses.length === 1 &&
        r.products.filter((p) => p.type === 'physical').length >= 2,
    );
  if (!record) throw new Error('the generated store has no such order');
  return record;
}

const push = (externalOrderId: string, trackingNumber: string, lines?: TrackingPush['lines']): TrackingPush => ({
  externalOrderId,
  carrier: 'UPS',
  trackingNumber,
  trackingUrl: null,
  serviceName: 'UPS Ground',
  shippedAt: '2026-01-02T10:00:00.000Z',
  ...(lines ? { lines } : {}),
});

const shipmentCalls = (fake: FakeBigcommerce) =>
  fake.requests.filter((r) => /\/shipments/.test(r.path)).map((r) => `${r.method} ${r.path.replace(/^.*\/v2/, '')}`);

describe('BigCommerce adapter: taking back a shipment confirmation', () => {
  it('deletes the shipment carrying the number, and its items can ship again', async () => {
    const fake = await fakeStore();
    const record = openOrder(fake);
    const id = String(record.order.id);
    const adapter = adapterFor(fake);
    await adapter.pushTracking(push(id, '1Z999AA10123456784'));
    const shipment = fake.shipments.at(-1)!;
    expect(await adapter.getOrder(id)).toMatchObject({ shipmentStatus: 'Shipped Complete' });

    await expect(adapter.cancelTracking!({ externalOrderId: id, trackingNumber: '1Z999AA10123456784' })).resolves.toBe(
      'canceled',
    );

    expect(fake.deletedShipments).toEqual([shipment]);
    expect(record.shipments).toEqual([]);
    expect(shipmentCalls(fake).slice(-2)).toEqual([
      `GET /orders/${id}/shipments`,
      `DELETE /orders/${id}/shipments/${shipment.id}`,
    ]);
    const order = await adapter.getOrder(id);
    expect(order).toMatchObject({ shipmentStatus: 'Unshipped' });
    expect(order!.lines.every((l) => l.quantityShipped === 0)).toBe(true);

    await adapter.pushTracking(push(id, '1Z999AA10123456795'));
    expect(record.shipments.map((s) => s.tracking_number)).toEqual(['1Z999AA10123456795']);
    expect(await adapter.getOrder(id)).toMatchObject({ shipmentStatus: 'Shipped Complete' });
  });

  it('leaves the other shipments of the order alone', async () => {
    const fake = await fakeStore();
    const record = openOrder(fake);
    const id = String(record.order.id);
    const [first, second] = record.products.filter((p) => p.type === 'physical');
    const adapter = adapterFor(fake);
    await adapter.pushTracking(push(id, 'FIRST-BOX', [{ externalLineId: String(first!.id), quantity: 1 }]));
    await adapter.pushTracking(push(id, 'SECOND-BOX', [{ externalLineId: String(second!.id), quantity: 1 }]));

    await expect(adapter.cancelTracking!({ externalOrderId: id, trackingNumber: 'FIRST-BOX' })).resolves.toBe(
      'canceled',
    );

    expect(fake.deletedShipments.map((s) => s.tracking_number)).toEqual(['FIRST-BOX']);
    expect(record.shipments.map((s) => s.tracking_number)).toEqual(['SECOND-BOX']);
    expect(record.order.status).toBe('Partially Shipped');
    const order = await adapter.getOrder(id);
    expect(order!.lines.find((l) => l.externalLineId === String(first!.id))!.quantityShipped).toBe(0);
    expect(order!.lines.find((l) => l.externalLineId === String(second!.id))!.quantityShipped).toBe(1);
  });

  it('sends the DELETE again when its answer was lost, and a 404 then means it is gone', async () => {
    const fake = await fakeStore();
    const record = openOrder(fake);
    const id = String(record.order.id);
    await adapterFor(fake).pushTracking(push(id, 'LOST-ANSWER'));
    let lost = false;
    const losing: typeof fetch = async (url, init) => {
      const response = await fetch(url, init);
      if (init?.method !== 'DELETE' || lost) return response;
      lost = true;
      return new Response(JSON.stringify([{ status: 502, message: 'Bad Gateway' }]), { status: 502 });
    };
    const adapter = adapterFor(fake, quickHttp([], { fetch: losing }));

    await expect(adapter.cancelTracking!({ externalOrderId: id, trackingNumber: 'LOST-ANSWER' })).resolves.toBe(
      'canceled',
    );
    expect(shipmentCalls(fake).filter((call) => call.startsWith('DELETE'))).toHaveLength(2);
    expect(fake.deletedShipments).toHaveLength(1);
  });

  it('answers not_found when no shipment carries the number, or BigCommerce does not know the order', async () => {
    const fake = await fakeStore();
    const record = openOrder(fake);
    const id = String(record.order.id);
    const adapter = adapterFor(fake);
    await adapter.pushTracking(push(id, '1Z999AA10123456784'));

    await expect(adapter.cancelTracking!({ externalOrderId: id, trackingNumber: 'NO-SUCH-NUMBER' })).resolves.toBe(
      'not_found',
    );
    await expect(adapter.cancelTracking!({ externalOrderId: '99999', trackingNumber: 'X' })).resolves.toBe('not_found');
    await expect(adapter.cancelTracking!({ externalOrderId: 'not-an-id', trackingNumber: 'X' })).rejects.toMatchObject({
      kind: 'invalid',
    });
    expect(fake.deletedShipments).toEqual([]);
    expect(shipmentCalls(fake).some((call) => call.startsWith('DELETE'))).toBe(false);
  });

  it("reports a refused DELETE with BigCommerce's words", async () => {
    const fake = await fakeStore();
    const record = openOrder(fake);
    const id = String(record.order.id);
    await adapterFor(fake).pushTracking(push(id, 'REFUSED'));
    fake.fail(
      {
        kind: 'status',
        status: 403,
        body: [{ status: 403, message: 'You do not have permission to delete shipments.' }],
      },
      { path: /\/shipments\/\d+$/ },
    );

    const error = await adapterFor(fake).cancelTracking!({ externalOrderId: id, trackingNumber: 'REFUSED' }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ChannelError);
    expect(error).toMatchObject({
      kind: 'forbidden',
      status: 403,
      platformMessage: 'You do not have permission to delete shipments.',
    });
    expect(record.shipments.map((s) => s.tracking_number)).toEqual(['REFUSED']);
  });
});
