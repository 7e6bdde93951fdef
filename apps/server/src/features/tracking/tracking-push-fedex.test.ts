import { createHmac } from 'node:crypto';
import { freePort } from '../../../test/free-port.ts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CarrierPush, Order, ParcelTracking } from '@shipdesk/contract';
import { backends, buildTestApp, newTenantId, type TestContext } from '../../../test/app-helper.ts';
import { connectCarrier, startCarrierFakes, type CarrierFakes } from '../../../test/carrier-helpers.ts';
import { waitFor } from '../../../test/job-helpers.ts';
import { paidOrder, setWarehouse } from '../../../test/label-helpers.ts';
import { flow } from '../../../test/order-helpers.ts';

/**
 * FedEx's pushes as the fake FedEx sends them (fake-fedex-visibility.ts): the Admin turns the account's pushes on with
 * the security token FedEx's portal showed, the seller pastes the listener URL into the portal (`visibility.register`),
 * and the parcels move by the fake's own signed pushes as its clock moves on.
 */

const PARCEL = { weight: 900, length: 8, width: 6, height: 4 };
const SECURITY_TOKEN = 'fedex-portal-security-token-42';

describe.each(backends)("FedEx's visibility pushes from the fake FedEx ($name)", (backend) => {
  let t: TestContext;
  let fakes: CarrierFakes;
  let accountId: string;
  let listenerUrl: string;
  const tenant = newTenantId();
  beforeAll(async () => {
    fakes = await startCarrierFakes();
    const port = await freePort();
    t = await buildTestApp(backend, { publicUrl: `http://127.0.0.1:${port}` });
    await t.app.listen({ port, host: '127.0.0.1' });
    await setWarehouse(t, tenant);
    accountId = await connectCarrier(t, tenant, 'fedex', fakes);
  });
  afterAll(async () => {
    await t.close();
    await fakes.close();
  });

  const call = async (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: await t.auth(tenant), ...(payload ? { payload } : {}) });
  const tracking = async (deliveryId: string) =>
    (await call('GET', `/call/shipment/${deliveryId}/tracking`)).json().data as ParcelTracking;
  const shipped = async () => {
    const order = await paidOrder(t, tenant);
    const bought = await flow(t, tenant, order.id, 'shipLabel', {
      version: order.version,
      label: { carrier: 'fedex', serviceCode: 'FEDEX_2_DAY', parcel: PARCEL },
    });
    expect(bought.statusCode, bought.body).toBe(200);
    const { label } = bought.json().data as { order: Order; label: { deliveryId: string } };
    return { deliveryId: label.deliveryId, trackingNumber: (await tracking(label.deliveryId)).trackingNumber };
  };
  const reaches = async (deliveryId: string, status: string) =>
    waitFor(
      async () => {
        const now = await tracking(deliveryId);
        return now.status === status ? now : undefined;
      },
      20_000,
      `the parcel ${status}`,
    );
  const sources = async (trackingNumber: string) => {
    const result = await t.app.db.db.execute(
      sql`SELECT e.status, e.source FROM tracking_events e
          JOIN shipping_labels l ON l.tenant_id = e.tenant_id AND l.id = e.label_id
          WHERE e.tenant_id = ${tenant} AND l.tracking_number = ${trackingNumber} ORDER BY e.at`,
    );
    return (result as unknown as { rows: Array<{ status: string; source: string }> }).rows;
  };

  it("delivers a parcel by the fake's own signed pushes; a push signed with another token is 401", async () => {
    const res = await call('POST', `/call/carriers/${accountId}/trackingPush`, {
      secret: SECURITY_TOKEN,
      signatureHeader: 'X-Fdx-Sig',
    });
    expect(res.statusCode, res.body).toBe(200);
    const push = res.json().data as CarrierPush;
    expect(push).toMatchObject({ carrier: 'fedex', status: 'pending' });
    listenerUrl = push.listenerUrl;

    const { deliveryId, trackingNumber } = await shipped();
    const accountNumber = fakes.fedex.labels.get(trackingNumber)!.accountNumber;
    // The seller pastes the listener URL into FedEx's portal, with the header the Admin named.
    const hook = fakes.fedex.visibility.register({
      accountNumber,
      url: push.listenerUrl,
      securityToken: SECURITY_TOKEN,
      signatureHeader: 'X-Fdx-Sig',
    });

    fakes.fedex.clock.advanceHours(3);
    await fakes.fedex.visibility.sender.settled();
    await reaches(deliveryId, 'in_transit');
    fakes.fedex.clock.advanceHours(28);
    await fakes.fedex.visibility.sender.settled();
    const sent = fakes.fedex.visibility.sender.deliveries;
    expect(sent.map((d) => d.status)).toEqual([200, 200]);
    expect(sent.every((d) => d.url === push.listenerUrl)).toBe(true);
    const delivered = await reaches(deliveryId, 'delivered');
    expect(delivered.events.map((e) => e.code)).toEqual(['DL', 'OD', 'AR', 'DP', 'PU', 'OC']);
    const rows = await sources(trackingNumber);
    expect(rows.find((row) => row.status === 'delivered')).toEqual({ status: 'delivered', source: 'push' });
    expect(rows.every((row) => row.source === 'push')).toBe(true);

    // The same body signed with another token: 401, and nothing changes.
    const [last] = sent.slice(-1);
    const forged = JSON.stringify({ ...JSON.parse(last!.body), latestStatusDetail: { code: 'DE' } });
    const signed = (body: string, key: string) => createHmac('sha256', key).update(body).digest('hex');
    const send = (body: string, signature: string) =>
      fetch(push.listenerUrl, { method: 'POST', headers: { 'x-fdx-sig': signature }, body });
    expect((await send(forged, signed(forged, 'another-security-token'))).status).toBe(401);
    expect((await send(forged, last!.headers['x-fdx-sig']!)).status).toBe(401);
    expect((await tracking(deliveryId)).events).toHaveLength(6);
    fakes.fedex.visibility.unregister(hook.id);
  });

  it('keeps a parcel at its newest event when the fake pushes its events one by one, newest first', async () => {
    const [first] = [...fakes.fedex.labels.values()];
    fakes.fedex.visibility.register({
      accountNumber: first!.accountNumber,
      url: listenerUrl,
      securityToken: SECURITY_TOKEN,
      signatureHeader: 'X-Fdx-Sig',
      outOfOrder: true,
    });
    const { deliveryId } = await shipped();
    const before = fakes.fedex.visibility.sender.deliveries.length;
    fakes.fedex.clock.advanceHours(31);
    await fakes.fedex.visibility.sender.settled();
    const sent = fakes.fedex.visibility.sender.deliveries.slice(before);
    expect(sent.map((d) => JSON.parse(d.body).latestStatusDetail.code)).toEqual(['DL', 'OD', 'AR', 'DP', 'PU', 'OC']);
    expect(sent.every((d) => d.status === 200)).toBe(true);
    const all = await waitFor(async () => {
      const now = await tracking(deliveryId);
      return now.events.length === 6 ? now : undefined;
    });
    expect(all.status).toBe('delivered');
  });
});
