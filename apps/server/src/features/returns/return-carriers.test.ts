import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order, ReturnLabel, ReturnLabelDefaults } from '@shipdesk/contract';
import { backends, buildTestApp, newTenantId, type TestContext } from '../../../test/app-helper.ts';
import { connectCarrier, startCarrierFakes, type CarrierFakes } from '../../../test/carrier-helpers.ts';
import { paidOrder, setWarehouse } from '../../../test/label-helpers.ts';
import { flow } from '../../../test/order-helpers.ts';

const PARCEL = { weight: 900, length: 8, width: 6, height: 4 };
type AccountCarrier = 'usps' | 'ups' | 'fedex' | 'shippo';

/** Per carrier: the outbound service, whether its returns are pay-on-use, and what its fake kept of the return. */
const CARRIERS: Array<{
  carrier: AccountCarrier;
  serviceCode: string;
  payOnUse: boolean;
  /** The fake's record of the return label with this tracking number, as the return it was asked for. */
  returnAtFake(fakes: CarrierFakes, trackingNumber: string): { rma: string | null } | undefined;
  voidedAtFake(fakes: CarrierFakes, trackingNumber: string): boolean;
}> = [
  {
    carrier: 'usps',
    serviceCode: 'PRIORITY_MAIL',
    payOnUse: true,
    returnAtFake: (fakes, number) => {
      const sold = fakes.usps.returnLabels.get(number);
      return sold && { rma: sold.rma };
    },
    voidedAtFake: (fakes, number) =>
      fakes.usps.refunds.some((r) => r.trackingNumber === number && r.status === 'CANCELED'),
  },
  {
    carrier: 'ups',
    serviceCode: '03',
    payOnUse: false,
    returnAtFake: (fakes, number) => {
      const sold = fakes.ups.labels.get(number);
      if (sold?.returnService !== '9') return undefined;
      return { rma: sold.references.find((r) => r.startsWith('RMA-')) ?? null };
    },
    voidedAtFake: (fakes, number) => fakes.ups.labels.get(number)?.state === 'voided',
  },
  {
    carrier: 'fedex',
    serviceCode: 'GROUND_HOME_DELIVERY',
    payOnUse: false,
    returnAtFake: (fakes, number) => {
      const sold = fakes.fedex.labels.get(number);
      return sold?.returned ? { rma: sold.returned.rma } : undefined;
    },
    voidedAtFake: (fakes, number) => fakes.fedex.labels.get(number)?.status === 'cancelled',
  },
  {
    carrier: 'shippo',
    serviceCode: 'usps_priority',
    payOnUse: true,
    returnAtFake: (fakes, number) => {
      const sold = fakes.shippo.labels.get(number);
      if (!sold?.isReturn) return undefined;
      // The RMA went as the return shipment's reference (extra.reference_1) of the shipment it was bought from.
      const shipments = fakes.shippo.requests
        .filter((r) => r.method === 'POST' && r.path === '/shipments/')
        .map((r) => JSON.parse(r.body) as { extra?: { is_return?: boolean; reference_1?: string } });
      return { rma: shipments.findLast((b) => b.extra?.is_return)?.extra?.reference_1 ?? null };
    },
    voidedAtFake: (fakes, number) => {
      const sold = fakes.shippo.labels.get(number);
      return fakes.shippo.charges.some((c) => c.refunded && c.transaction === sold?.transaction.object_id);
    },
  },
];

describe.each(backends)('return labels with each carrier against its fake ($name)', (backend) => {
  let t: TestContext;
  let fakes: CarrierFakes;
  const tenant = newTenantId();
  const accounts = new Map<AccountCarrier, string>();

  beforeAll(async () => {
    fakes = await startCarrierFakes();
    t = await buildTestApp(backend, {}, undefined, {
      adapterOptions: { http: { baseDelayMs: 1, retries: 0, timeoutMs: 5_000 } },
    });
    await setWarehouse(t, tenant);
    // Every carrier connected at once: the return's defaults follow the outbound label's account among them.
    for (const { carrier } of CARRIERS) accounts.set(carrier, await connectCarrier(t, tenant, carrier, fakes));
  });
  afterAll(async () => {
    await t?.close();
    await fakes?.close();
  });

  const call = async (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: await t.auth(tenant), ...(payload ? { payload } : {}) });

  it.each(CARRIERS)(
    'buys, serves and voids a $carrier return label of a $carrier delivery',
    async ({ carrier, serviceCode, payOnUse, returnAtFake, voidedAtFake }) => {
      const paid = await paidOrder(t, tenant, { customerEmail: 'buyer@example.com' });
      const label = { carrier, carrierAccountId: accounts.get(carrier), serviceCode, parcel: PARCEL };
      const shipped = await flow(t, tenant, paid.id, 'shipLabel', { version: paid.version, label });
      expect(shipped.statusCode, shipped.body).toBe(200);
      const order = shipped.json().data.order as Order;
      const outboundTracking = shipped.json().data.label.trackingNumber as string;

      const form = (await call('GET', `/call/order/${order.id}/returnLabelDefaults`)).json()
        .data as ReturnLabelDefaults;
      expect(form.refusal).toBeNull();
      expect(form.proposed).toMatchObject({ carrier, carrierAccountId: accounts.get(carrier), serviceCode });
      expect(form.choices.find((c) => c.carrier === carrier && c.serviceCode === serviceCode)?.payOnUse).toBe(payOnUse);

      const made = await call('POST', `/call/order/${order.id}/returnLabel`, {
        version: form.version,
        emailBuyer: false,
      });
      expect(made.statusCode, made.body).toBe(200);
      const returned = made.json().data as ReturnLabel;
      expect(returned).toMatchObject({
        carrier,
        carrierAccountId: accounts.get(carrier),
        payOnUse,
        status: 'active',
        rma: form.proposed!.rma,
        email: { status: 'not_sent' },
      });
      expect(returned.trackingNumber).toMatch(/\S{8,}/);
      expect(returned.trackingNumber).not.toBe(outboundTracking);
      // The carrier was asked for a return (not an outbound label), with the RMA, and sold this tracking number.
      expect(returnAtFake(fakes, returned.trackingNumber)).toEqual({ rma: returned.rma });

      const document = await call('GET', `/call/returnLabel/${returned.id}/document`);
      expect(document.statusCode).toBe(200);
      expect(document.rawPayload.length).toBeGreaterThan(100);
      const type = String(document.headers['content-type']);
      if (returned.format === 'zpl') expect(document.body.startsWith('^XA')).toBe(true);
      else if (type === 'application/pdf') expect(document.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      else expect(type).toMatch(/^image\//);
      const preview = await call('GET', `/call/returnLabel/${returned.id}/preview`);
      expect(preview.statusCode).toBe(200);
      expect(String(preview.headers['content-type'])).toMatch(/^(application\/pdf|image\/png)/);

      const timeline = (await call('GET', `/api/v1/orders/${order.id}/events`)).json().data as Array<{
        event: string;
        payload: Record<string, unknown>;
      }>;
      expect(timeline.find((e) => e.event === 'returnLabel')?.payload).toMatchObject({
        carrier,
        rma: returned.rma,
        trackingNumber: returned.trackingNumber,
        payOnUse,
      });

      const voided = await call('POST', `/call/returnLabel/${returned.id}/void`);
      expect(voided.statusCode, voided.body).toBe(200);
      expect(voided.json().data).toMatchObject({ id: returned.id, status: 'voided', voidedAt: expect.any(String) });
      expect(voidedAtFake(fakes, returned.trackingNumber)).toBe(true);
      // The outbound label is untouched by the return's void.
      const after = (await call('GET', `/api/v1/orders/${order.id}`)).json().data as Order;
      expect(after.shipmentStatus).toBe('Shipped Complete');
    },
  );
});
