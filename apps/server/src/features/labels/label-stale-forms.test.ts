import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BoxSize, Delivery, Order } from '@shipdesk/contract';
import { startFakeUsps, type FakeUsps } from '@shipdesk/fakes';
import { backends, buildTestApp, newTenantId, type TestContext } from '../../../test/app-helper.ts';
import { paidOrder, setWarehouse } from '../../../test/label-helpers.ts';
import { flow } from '../../../test/order-helpers.ts';

const ACCOUNT = { crid: '56982563', mid: '900066622', accountType: 'EPS' as const, accountNumber: '1000405525' };

/**
 * A label form opened before its carrier account or box size was deleted (archived, since labels name them) buys
 * nothing with them; the labels they already made still read and void.
 */
describe.each(backends)('a stale label form ($name)', (backend) => {
  let t: TestContext;
  let usps: FakeUsps;
  const tenant = newTenantId();

  const call = async (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: await t.auth(tenant), ...(payload ? { payload } : {}) });
  const labelRequests = () => usps.requests.filter((request) => /\/labels\/v3\/label$/.test(request.path)).length;
  const deliveryOf = async (orderId: string) =>
    ((await call('GET', `/api/v1/deliveries?orderId=${orderId}`)).json().data as Delivery[])[0]!;

  beforeAll(async () => {
    usps = await startFakeUsps({
      clientId: 'usps-client',
      clientSecret: 'usps-secret-value-123',
      accounts: [ACCOUNT],
      quota: null,
    });
    t = await buildTestApp(backend, {}, undefined, { adapterOptions: { http: { baseDelayMs: 1, timeoutMs: 5_000 } } });
    await setWarehouse(t, tenant);
  });
  afterAll(async () => {
    await t.close();
    await usps.close();
  });

  const connect = async (name: string): Promise<string> => {
    const created = await call('POST', '/api/v1/carrierAccounts', {
      carrier: 'usps',
      name,
      settings: { ...ACCOUNT, clientId: 'usps-client', apiBaseUrl: usps.url },
      credentials: { clientSecret: 'usps-secret-value-123' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as string;
    expect((await call('POST', '/call/carriers/testConnection', { accountId: id })).json().data.ok).toBe(true);
    return id;
  };
  const buy = (order: Order, carrierAccountId: string, box?: BoxSize) =>
    flow(t, tenant, order.id, 'shipLabel', {
      version: order.version,
      label: {
        carrier: 'usps',
        carrierAccountId,
        serviceCode: 'PRIORITY_MAIL',
        parcel: box
          ? { boxSizeId: box.id, weight: 900, length: box.length, width: box.width, height: box.height }
          : { weight: 900, length: 8, width: 6, height: 4 },
      },
    });

  it('refuses an archived account or box naming the field; the label bought with them still reads and voids', async () => {
    const first = await connect('Old USPS');
    const second = await connect('New USPS');
    const madeBox = await call('POST', '/api/v1/orderBoxSizes', {
      name: 'Stale box',
      length: 9,
      width: 7,
      height: 5,
      emptyWeight: 100,
      maxWeight: 5_000,
    });
    expect(madeBox.statusCode, madeBox.body).toBe(201);
    const box = madeBox.json().data as BoxSize;

    const labelled = await paidOrder(t, tenant);
    const bought = await buy(labelled, first, box);
    expect(bought.statusCode, bought.body).toBe(200);
    // A label names both: deleting them archives them.
    const account = await call('DELETE', `/api/v1/carrierAccounts/${first}`);
    expect(account.json().data, account.body).toMatchObject({ deleted: false, archived: true });
    const boxGone = await call('DELETE', `/api/v1/orderBoxSizes/${box.id}`);
    expect(boxGone.json().data, boxGone.body).toMatchObject({ deleted: false, archived: true });

    const stale = await paidOrder(t, tenant);
    const before = labelRequests();
    const byAccount = await buy(stale, first);
    expect(byAccount.statusCode, byAccount.body).toBe(400);
    expect(byAccount.json().errors).toEqual({
      'label.carrierAccountId': 'This carrier account was deleted; choose another',
    });
    const byBox = await buy(stale, second, box);
    expect(byBox.statusCode, byBox.body).toBe(400);
    expect(byBox.json().errors).toEqual({
      'label.parcel.boxSizeId': 'The box size “Stale box” was deleted; choose another',
    });
    expect(labelRequests()).toBe(before);
    expect(await deliveryOf(stale.id)).toMatchObject({ status: 'planned', purchaseState: null, label: null });
    // The same form with a live account and no box buys.
    expect((await buy(stale, second)).statusCode).toBe(200);

    // An order whose box (set by hand, or by a rule) was deleted since starts its label from a live box instead.
    const boxed = await paidOrder(t, tenant);
    const live = await call('POST', '/api/v1/orderBoxSizes', {
      name: 'Chosen then deleted',
      length: 10,
      width: 8,
      height: 6,
      emptyWeight: 150,
      maxWeight: 5_000,
    });
    const chosen = live.json().data as BoxSize;
    const spare = await call('POST', '/api/v1/orderBoxSizes', {
      name: 'Spare box',
      length: 12,
      width: 9,
      height: 6,
      emptyWeight: 200,
      maxWeight: 9_000,
    });
    expect(spare.statusCode, spare.body).toBe(201);
    const set = await call('POST', `/call/order/${boxed.id}/updateRuleSettings`, { boxSizeId: chosen.id });
    expect(set.statusCode, set.body).toBe(200);
    expect((await call('DELETE', `/api/v1/orderBoxSizes/${chosen.id}`)).json().data).toMatchObject({ archived: true });
    const form = (await call('GET', `/call/orders/${boxed.id}/shipLabel/fsmFlow?rates=false`)).json().data;
    // The tenant's only live box: it was the smallest that holds the parcel all along, and is now the one chosen.
    expect(form.defaults.parcel).toMatchObject({ boxSizeId: (spare.json().data as BoxSize).id, length: 12 });

    // The label of the archived account and box still reads, and voids through that account.
    const kept = await deliveryOf(labelled.id);
    expect(kept.label).toMatchObject({ carrierAccountId: first, status: 'active' });
    const voided = await call('GET', `/call/usps/cancelShipment/${kept.deliveryId}`);
    expect(voided.statusCode, voided.body).toBe(200);
    expect(voided.json().data.label).toMatchObject({ carrierAccountId: first, status: 'voided' });
  });
});
