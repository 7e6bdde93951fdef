import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role, type EndOfDay, type Pickup, type ScanForm } from '@shipdesk/contract';
import { backends, buildTestApp, newTenantId, type TestContext } from '../../../test/app-helper.ts';
import { connectCarrier, startCarrierFakes, type CarrierFakes } from '../../../test/carrier-helpers.ts';
import { paidOrder, WAREHOUSE } from '../../../test/label-helpers.ts';
import { flow } from '../../../test/order-helpers.ts';

const PARCEL = { weight: 900, length: 8, width: 6, height: 4 };
const nextMonday = () => {
  const day = new Date(Date.now() + 2 * 86_400_000);
  while (day.getUTCDay() !== 1) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
};

describe.each(backends)('the end of the day against the carriers’ fakes ($name)', (backend) => {
  let t: TestContext;
  let fakes: CarrierFakes;
  const tenant = newTenantId();
  const other = newTenantId();
  const accounts = new Map<'usps' | 'ups' | 'fedex' | 'shippo', string>();

  beforeAll(async () => {
    fakes = await startCarrierFakes();
    t = await buildTestApp(backend, {}, undefined, {
      adapterOptions: { http: { baseDelayMs: 1, retries: 0, timeoutMs: 5_000 } },
    });
    // With a phone: UPS and FedEx pickups need one.
    const warehouse = { key: 'warehouse_info', options: { ...WAREHOUSE, phone: '(314) 555-0100' } };
    const saved = await t.app.inject({
      method: 'POST',
      url: '/call/configs/createOrUpdate',
      headers: await t.auth(tenant),
      payload: warehouse,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    for (const carrier of ['usps', 'ups', 'fedex', 'shippo'] as const) {
      accounts.set(carrier, await connectCarrier(t, tenant, carrier, fakes));
    }
  });
  afterAll(async () => {
    await t?.close();
    await fakes?.close();
  });

  const call = async (method: 'GET' | 'POST', url: string, payload?: object, who = tenant, role = Role.Manager) =>
    t.app.inject({ method, url, headers: await t.auth(who, role), ...(payload ? { payload } : {}) });
  const ship = async (carrier: 'usps' | 'ups' | 'fedex' | 'shippo', serviceCode: string) => {
    const paid = await paidOrder(t, tenant);
    const label = { carrier, carrierAccountId: accounts.get(carrier), serviceCode, parcel: PARCEL };
    const shipped = await flow(t, tenant, paid.id, 'shipLabel', { version: paid.version, label });
    expect(shipped.statusCode, shipped.body).toBe(200);
    return shipped.json().data.label as { id: string; trackingNumber: string; deliveryId: string };
  };

  it('lists the day’s labels by account, makes one USPS SCAN form of them (stored, printable), then answers 409', async () => {
    const empty = (await call('GET', '/call/endOfDay')).json().data as EndOfDay;
    expect(empty.groups).toEqual([]);

    const first = await ship('usps', 'USPS_GROUND_ADVANTAGE');
    const second = await ship('usps', 'PRIORITY_MAIL');
    const voided = await ship('usps', 'USPS_GROUND_ADVANTAGE');
    await ship('ups', '03');
    expect((await call('GET', `/call/usps/cancelShipment/${voided.deliveryId}`)).statusCode).toBe(200);

    const day = (await call('GET', '/call/endOfDay')).json().data as EndOfDay;
    const usps = day.groups.find((g) => g.carrier === 'usps')!;
    expect(usps).toMatchObject({
      carrierAccountId: accounts.get('usps'),
      form: 'scan_form',
      withoutForm: 2,
      canMakeForm: true,
      formNote: null,
    });
    expect(usps.labels.map((l) => l.trackingNumber)).toEqual([first.trackingNumber, second.trackingNumber]);
    expect(day.groups.find((g) => g.carrier === 'ups')).toMatchObject({
      form: 'none',
      canMakeForm: false,
      formNote: expect.stringMatching(/UPS needs no close/),
      canPickup: true,
    });

    const made = await call('POST', '/call/endOfDay/scanForms', { carrierAccountId: accounts.get('usps') });
    expect(made.statusCode, made.body).toBe(200);
    const form = made.json().data as ScanForm;
    expect(form).toMatchObject({ kind: 'scan_form', trackingNumbers: [first.trackingNumber, second.trackingNumber] });
    expect(form.carrierRef).toBe(fakes.usps.scanForms.at(-1)!.manifestNumber);

    const pdf = await call('GET', `/call/scanForms/${form.id}/document`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect((await call('GET', `/call/scanForms/${form.id}/document`, undefined, other)).statusCode).toBe(404);

    const after = (await call('GET', '/call/endOfDay')).json().data as EndOfDay;
    expect(after.groups.find((g) => g.carrier === 'usps')).toMatchObject({
      withoutForm: 0,
      canMakeForm: false,
      formNote: 'Every label is on a SCAN form.',
    });
    expect(after.scanForms.map((f) => f.id)).toEqual([form.id]);
    const again = await call('POST', '/call/endOfDay/scanForms', { carrierAccountId: accounts.get('usps') });
    expect(again.json()).toMatchObject({ code: 409, reason: 'no_labels' });
  });

  it('answers USPS’s refusal as 422 in its words and records nothing', async () => {
    const label = await ship('usps', 'USPS_GROUND_ADVANTAGE');
    // Cancelled at USPS behind the product's back: USPS refuses it on a form.
    const number = label.trackingNumber;
    fakes.usps.labels.get(number)!.state = 'canceled';
    const refused = await call('POST', '/call/endOfDay/scanForms', { carrierAccountId: accounts.get('usps') });
    expect(refused.json()).toMatchObject({ code: 422, reason: 'carrier_refused' });
    expect(refused.json().message).toMatch(/has been canceled and cannot be included on a SCAN Form/);
    const day = (await call('GET', '/call/endOfDay')).json().data as EndOfDay;
    expect(day.groups.find((g) => g.carrier === 'usps')!.withoutForm).toBe(1);
  });

  it('refuses a SCAN form for a UPS account (400) and another tenant’s account (404)', async () => {
    const ups = await call('POST', '/call/endOfDay/scanForms', { carrierAccountId: accounts.get('ups') });
    expect(ups.json()).toMatchObject({
      code: 400,
      errors: { carrierAccountId: expect.stringMatching(/no SCAN form/) },
    });
    const theirs = await call('POST', '/call/endOfDay/scanForms', { carrierAccountId: accounts.get('usps') }, other);
    expect(theirs.statusCode).toBe(404);
  });

  it('closes FedEx Ground (not an Express-only day) as often as Ground labels come, the manifest printable', async () => {
    const fedex = accounts.get('fedex')!;
    const express = await ship('fedex', 'FEDEX_2_DAY');
    const only = (await call('GET', '/call/endOfDay')).json().data as EndOfDay;
    expect(only.groups.find((g) => g.carrier === 'fedex')).toMatchObject({
      form: 'close',
      withoutForm: 0,
      canMakeForm: false,
      formNote: expect.stringMatching(/Express needs no close/),
    });
    expect((await call('POST', '/call/endOfDay/scanForms', { carrierAccountId: fedex })).json()).toMatchObject({
      code: 409,
      reason: 'no_labels',
    });

    const home = await ship('fedex', 'GROUND_HOME_DELIVERY');
    const day = (await call('GET', '/call/endOfDay')).json().data as EndOfDay;
    const group = day.groups.find((g) => g.carrier === 'fedex')!;
    expect(group).toMatchObject({ withoutForm: 1, canMakeForm: true });
    expect(group.labels.map((l) => [l.trackingNumber, l.needsForm])).toEqual([
      [express.trackingNumber, false],
      [home.trackingNumber, true],
    ]);
    expect((await call('POST', '/call/endOfDay/scanForms', { carrierAccountId: fedex }, other)).statusCode).toBe(404);
    const made = await call('POST', '/call/endOfDay/scanForms', { carrierAccountId: fedex });
    expect(made.statusCode, made.body).toBe(200);
    const close = made.json().data as ScanForm;
    expect(close).toMatchObject({ kind: 'close', carrier: 'fedex', trackingNumbers: [home.trackingNumber] });
    expect(close.carrierRef).toBe(fakes.fedex.closes.at(-1)!.shippingCycle);
    const pdf = await call('GET', `/call/scanForms/${close.id}/document`);
    expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect((await call('GET', `/call/scanForms/${close.id}/document`, undefined, other)).statusCode).toBe(404);

    // Later the same day: the next close covers only the new Ground label.
    const later = await ship('fedex', 'GROUND_HOME_DELIVERY');
    const second = (await call('POST', '/call/endOfDay/scanForms', { carrierAccountId: fedex })).json().data;
    expect(second).toMatchObject({ kind: 'close', trackingNumbers: [later.trackingNumber] });

    // Cancelled at FedEx behind the product's back: nothing is left to close, in FedEx's words; nothing recorded.
    const gone = await ship('fedex', 'GROUND_HOME_DELIVERY');
    fakes.fedex.labels.get(gone.trackingNumber)!.status = 'cancelled';
    const refused = await call('POST', '/call/endOfDay/scanForms', { carrierAccountId: fedex });
    expect(refused.json()).toMatchObject({ code: 422, reason: 'carrier_refused' });
    expect(refused.json().message).toMatch(/No FedEx Ground shipments were found to close/);
    const left = (await call('GET', '/call/endOfDay')).json().data as EndOfDay;
    expect(left.groups.find((g) => g.carrier === 'fedex')!.withoutForm).toBe(1);
  });

  it('makes a Shippo manifest of the day’s USPS labels through Shippo, refused for a refunded one', async () => {
    const shippo = accounts.get('shippo')!;
    const usps = await ship('shippo', 'usps_priority');
    const ups = await ship('shippo', 'ups_ground');
    const refunded = await ship('shippo', 'usps_ground_advantage');
    const day = (await call('GET', '/call/endOfDay')).json().data as EndOfDay;
    expect(day.groups.find((g) => g.carrier === 'shippo')).toMatchObject({
      form: 'manifest',
      withoutForm: 2,
      canMakeForm: true,
    });

    // Refunded at Shippo behind the product's back: Shippo refuses the manifest; nothing is recorded.
    const transaction = [...fakes.shippo.transactions.values()].find(
      (tr) => tr.tracking_number === refunded.trackingNumber,
    )!;
    transaction.status = 'REFUNDED';
    const refused = await call('POST', '/call/endOfDay/scanForms', { carrierAccountId: shippo });
    expect(refused.json()).toMatchObject({ code: 422, reason: 'carrier_refused' });
    expect(refused.json().message).toMatch(/has been refunded and cannot be manifested/);
    transaction.status = 'SUCCESS';
    expect((await call('POST', '/call/endOfDay/scanForms', { carrierAccountId: shippo }, other)).statusCode).toBe(404);

    const made = await call('POST', '/call/endOfDay/scanForms', { carrierAccountId: shippo });
    expect(made.statusCode, made.body).toBe(200);
    const manifest = made.json().data as ScanForm;
    expect(manifest).toMatchObject({ kind: 'manifest', carrier: 'shippo' });
    expect(manifest.trackingNumbers).toEqual([usps.trackingNumber, refunded.trackingNumber]);
    expect(manifest.trackingNumbers).not.toContain(ups.trackingNumber);
    expect(fakes.shippo.manifests.get(manifest.carrierRef!)!.status).toBe('SUCCESS');
    const pdf = await call('GET', `/call/scanForms/${manifest.id}/document`);
    expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('makes no form for a past day (400 naming the day)', async () => {
    const refused = await call('POST', '/call/endOfDay/scanForms', {
      carrierAccountId: accounts.get('usps'),
      day: '2020-01-06',
    });
    expect(refused.json()).toMatchObject({ code: 400, errors: { day: expect.stringMatching(/not a past day/) } });
  });

  it.each(['usps', 'ups', 'fedex'] as const)('books and cancels a %s pickup', async (carrier) => {
    const pickupDate = nextMonday();
    const booked = await call('POST', '/call/pickups', {
      carrierAccountId: accounts.get(carrier),
      pickupDate,
      readyBy: '09:00',
      closeBy: '17:00',
      parcels: 3,
      weight: 2_700,
      location: 'Front door',
    });
    expect(booked.statusCode, booked.body).toBe(200);
    const pickup = booked.json().data as Pickup;
    expect(pickup).toMatchObject({ carrier, status: 'booked', pickupDate, parcels: 3 });
    const atFake = {
      usps: () => fakes.usps.pickups.get(pickup.confirmation!),
      ups: () => fakes.ups.pickups.get(pickup.confirmation!),
      fedex: () => fakes.fedex.pickups.get(pickup.confirmation!.split('/')[0]!),
    }[carrier];
    expect(atFake()?.canceled).toBe(false);
    const listed = (await call('GET', `/call/endOfDay?day=${pickupDate}`)).json().data as EndOfDay;
    expect(listed.pickups.map((p) => p.id)).toContain(pickup.id);

    expect((await call('POST', `/call/pickups/${pickup.id}/cancel`, {}, other)).statusCode).toBe(404);
    const canceled = await call('POST', `/call/pickups/${pickup.id}/cancel`, {});
    expect(canceled.json().data).toMatchObject({ status: 'canceled' });
    expect(atFake()?.canceled).toBe(true);
    expect((await call('POST', `/call/pickups/${pickup.id}/cancel`, {})).json()).toMatchObject({
      code: 409,
      reason: 'already_canceled',
    });
  });

  it('refuses a pickup day before today and a close time before the ready time, naming the fields', async () => {
    const refused = await call('POST', '/call/pickups', {
      carrierAccountId: accounts.get('ups'),
      pickupDate: '2020-01-06',
      readyBy: '17:00',
      closeBy: '09:00',
      parcels: 1,
      weight: 500,
    });
    expect(refused.json()).toMatchObject({
      code: 400,
      errors: { pickupDate: expect.any(String), closeBy: expect.any(String) },
    });
    expect(fakes.ups.pickups.size).toBe(1);
  });
});
