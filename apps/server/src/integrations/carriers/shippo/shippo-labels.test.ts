import { startFakeShippo, type FakeShippoOptions } from '@shipdesk/fakes';
import { describe, expect, it } from 'vitest';
import { expectChannelError } from '../../../../test/adapter-test-kit.ts';
import { VoidRefusedError, type PurchasedLabel } from '../carrier-types.ts';
import { labelRequest, OWNER, shippoSetup, TOKEN } from './shippo-test-kit.ts';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const text = (document: Uint8Array) => Buffer.from(document).toString('latin1');
const reference = (label: PurchasedLabel) => ({
  trackingNumber: label.trackingNumber,
  carrierShipmentId: label.carrierShipmentId,
  shipDate: '2026-06-02',
});

describe('Shippo labels against the fake', () => {
  const setup = shippoSetup((options?: Partial<FakeShippoOptions>) =>
    startFakeShippo({ tokens: [TOKEN], owner: OWNER, ...options }),
  );

  it("buys the service's rate: the label file, its price, one charge, and the requests as Shippo documents them", async () => {
    const { fake, adapter, calls } = await setup();
    const request = labelRequest();
    const label = await adapter.buyLabel(request);

    const sold = fake.labels.get(label.trackingNumber)!;
    expect(label).toMatchObject({
      carrierShipmentId: sold.transaction.object_id,
      amountMinor: Math.round(Number(sold.rate.amount) * 100),
      currency: 'USD',
      format: 'pdf',
      contentType: 'application/pdf',
    });
    expect(label.trackingNumber).toMatch(/^92055\d{17}$/);
    expect(text(label.document).startsWith('%PDF-')).toBe(true);
    expect(fake.charges).toEqual([expect.objectContaining({ amount: sold.rate.amount, refunded: false })]);

    const [shipment] = calls('POST', '/shipments/');
    expect(JSON.parse(shipment!.body)).toMatchObject({ metadata: request.idempotencyKey, async: false });
    const [purchase] = calls('POST', '/transactions/');
    expect(purchase?.headers.authorization).toBe(`ShippoToken ${TOKEN}`);
    expect(JSON.parse(purchase!.body)).toEqual({
      rate: sold.rate.object_id,
      label_file_type: 'PDF_4x6',
      metadata: request.idempotencyKey,
      async: false,
    });
    expect(sold.rate.servicelevel.token).toBe('usps_priority');
    // The file comes from Shippo's store: the link is the credential, the token stays home.
    expect(fake.labelFiles.requests).toHaveLength(1);
    expect(fake.labelFiles.requests[0]?.headers.authorization).toBeUndefined();
  });

  it('buys ZPL and PNG labels, from UPS as from USPS', async () => {
    const { adapter, calls } = await setup();
    const zpl = await adapter.buyLabel(labelRequest({ format: 'zpl', serviceCode: 'ups_ground' }));
    expect(zpl.trackingNumber).toMatch(/^1Z/);
    expect(zpl.contentType).toBe('text/plain');
    expect(text(zpl.document).startsWith('^XA')).toBe(true);
    expect(text(zpl.document)).toContain(zpl.trackingNumber);

    const png = await adapter.buyLabel(labelRequest({ format: 'png' }));
    expect(png.contentType).toBe('image/png');
    expect([...png.document.subarray(0, 8)]).toEqual(PNG_SIGNATURE);

    const types = calls('POST', '/transactions/').map((c) => JSON.parse(c.body).label_file_type);
    expect(types).toEqual(['ZPLII', 'PNG']);
  });

  it('says so when Shippo offers no rate for the service, and buys nothing', async () => {
    const { fake, adapter, calls } = await setup();
    // The seller holds no FedEx account in Shippo.
    const error = await expectChannelError(adapter.buyLabel(labelRequest({ serviceCode: 'fedex_ground' })));
    expect(error).toMatchObject({
      kind: 'invalid',
      message: 'Shippo offered no rate for fedex_ground for this parcel',
    });
    expect(calls('POST', '/transactions/')).toEqual([]);
    expect(fake.charges).toEqual([]);
  });

  it("reports a failed purchase in Shippo's words, with nothing charged", async () => {
    const { fake, adapter } = await setup();
    fake.failNextPurchase('address');
    const address = await expectChannelError(adapter.buyLabel(labelRequest()));
    expect(address.kind).toBe('invalid');
    expect(address.platformMessage).toMatch(/^The address as submitted could not be found\..*\(address_invalid\)$/);

    fake.failNextPurchase('insufficient_funds');
    const funds = await expectChannelError(adapter.buyLabel(labelRequest()));
    expect(funds.kind).toBe('platform');
    expect(funds.platformMessage).toContain('Your account balance is insufficient');

    const invalid = await expectChannelError(
      adapter.buyLabel(labelRequest({ to: { ...labelRequest().to, city: '' } })),
    );
    expect(invalid).toMatchObject({
      kind: 'invalid',
      status: 400,
      platformMessage: 'address_to.city: This field is required.',
    });
    expect(fake.charges).toEqual([]);
  });

  it('does not send a purchase again after a 5xx or a timeout, and waits out a 429', async () => {
    const { fake, adapter, calls, waits } = await setup();
    fake.failWithServerError({ status: 502, path: /^\/transactions\// });
    expect((await expectChannelError(adapter.buyLabel(labelRequest()))).kind).toBe('unavailable');
    fake.fail({ kind: 'hang' }, { path: /^\/transactions\// });
    expect((await expectChannelError(adapter.buyLabel(labelRequest()))).kind).toBe('timeout');
    expect(calls('POST', '/transactions/')).toHaveLength(2);
    expect(fake.charges).toEqual([]);

    fake.throttleNext({ resetInSeconds: 3, path: /^\/transactions\// });
    await adapter.buyLabel(labelRequest());
    expect(waits).toHaveLength(1);
    expect(calls('POST', '/transactions/')).toHaveLength(4);
    expect(fake.charges).toHaveLength(1);
  });

  it('reads a purchase Shippo answers QUEUED again until it is done', async () => {
    const { fake, adapter, waits } = await setup();
    fake.failNextPurchase('queued');
    const label = await adapter.buyLabel(labelRequest());
    expect(fake.labels.get(label.trackingNumber)?.transaction.status).toBe('SUCCESS');
    expect(waits).toEqual([1_000]);
  });

  it('finds a purchase whose answer was lost by its metadata, file and price included, charged once', async () => {
    const { fake, adapter } = await setup();
    await adapter.buyLabel(labelRequest());
    const request = labelRequest({ format: 'zpl' });
    fake.failNextPurchase('drop_answer');
    expect((await expectChannelError(adapter.buyLabel(request))).kind).toBe('timeout');
    expect(fake.charges).toHaveLength(2);

    const found = await adapter.findLabel(request);
    const sold = [...fake.labels.values()].find((l) => l.transaction.metadata === request.idempotencyKey)!;
    expect(found).toMatchObject({
      trackingNumber: sold.transaction.tracking_number,
      carrierShipmentId: sold.transaction.object_id,
      amountMinor: Math.round(Number(sold.rate.amount) * 100),
      format: 'zpl',
    });
    expect(text(found!.document)).toContain(sold.transaction.tracking_number);
    expect(fake.charges).toHaveLength(2);
  });

  it('finds nothing when nothing was bought under the key, or the purchase failed', async () => {
    const { fake, adapter } = await setup();
    await adapter.buyLabel(labelRequest());
    await expect(adapter.findLabel(labelRequest())).resolves.toBeNull();

    const failed = labelRequest();
    fake.failNextPurchase('address');
    await expectChannelError(adapter.buyLabel(failed));
    await expect(adapter.findLabel(failed)).resolves.toBeNull();
  });

  it('looks past the first page of transactions, newest first', async () => {
    const { fake, adapter, calls } = await setup({ rateLimits: null });
    const first = labelRequest();
    await adapter.buyLabel(first);
    for (let i = 0; i < 100; i++) await adapter.buyLabel(labelRequest());
    const found = await adapter.findLabel(first);
    expect(found?.carrierShipmentId).toBe([...fake.transactions.keys()][0]);
    expect(calls('GET', '/transactions/').map((c) => c.query.get('page'))).toEqual(['1', '2']);
  });

  it('buys the label again when its file could not be fetched, finding it rather than paying twice', async () => {
    const { fake, adapter } = await setup();
    const request = labelRequest();
    // Every attempt of the purchase's download fails (the first and four retries); the lookup's succeeds.
    fake.labelFiles.fail(5);
    const error = await expectChannelError(adapter.buyLabel(request));
    expect(error.kind).toBe('unavailable');
    expect(error.message).toMatch(/^Shippo bought the label \(tracking \d{22}\) but its file could not be fetched/);

    const found = await adapter.findLabel(request);
    expect(text(found!.document).startsWith('%PDF-')).toBe(true);
    expect(fake.charges).toHaveLength(1);
  });

  it('voids with a refund: done, under way, or refused with the reason', async () => {
    const { fake, adapter } = await setup();
    const label = await adapter.buyLabel(labelRequest());
    await expect(adapter.voidLabel(reference(label))).resolves.toEqual({ status: 'voided', message: null });
    expect(fake.charges[0]?.refunded).toBe(true);
    // Asked again, the refund stands.
    await expect(adapter.voidLabel(reference(label))).resolves.toMatchObject({ status: 'refund_requested' });

    fake.setRefundOutcome('QUEUED');
    const queued = await adapter.buyLabel(labelRequest());
    await expect(adapter.voidLabel(reference(queued))).resolves.toEqual({
      status: 'refund_requested',
      message: "Shippo's refund is queued",
    });

    const used = await adapter.buyLabel(labelRequest());
    fake.scan(used.trackingNumber);
    const refusal = await adapter.voidLabel(reference(used)).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(VoidRefusedError);
    expect((refusal as VoidRefusedError).platformMessage).toBe(
      'transaction: This label has been scanned by the carrier and can no longer be refunded.',
    );

    fake.setRefundOutcome('ERROR');
    const rejected = await adapter.buyLabel(labelRequest());
    await expect(adapter.voidLabel(reference(rejected))).rejects.toThrow(/refund status ERROR/);
  });
});
