import { startFakeShippo, type FakeShippoOptions } from '@shipdesk/fakes';
import { describe, expect, it } from 'vitest';
import type { ReturnLabelRequest } from '../carrier-types.ts';
import { labelRequest, OWNER, shippoSetup, TOKEN } from './shippo-test-kit.ts';

/** The outbound shipment turned around: from the buyer back to the seller's returns address. */
function returnRequest(overrides: Partial<ReturnLabelRequest> = {}): ReturnLabelRequest {
  const { from: seller, to: buyer, customs: _customs, ...outbound } = labelRequest();
  return {
    ...outbound,
    from: buyer,
    to: seller,
    rma: 'RMA-1001-1',
    payOnUse: false,
    outboundTrackingNumber: null,
    ...overrides,
  };
}

describe('Shippo return labels against the fake', () => {
  const setup = shippoSetup((options?: Partial<FakeShippoOptions>) =>
    startFakeShippo({ tokens: [TOKEN], owner: OWNER, ...options }),
  );

  it('sends the outbound addresses as they were with is_return, and gets a pay-on-use label from the buyer', async () => {
    const { fake, adapter, calls } = await setup();
    const label = await adapter.buyReturnLabel!(returnRequest());

    // Scan-based at Shippo: charged when used, at the rate's price.
    const sold = fake.labels.get(label.trackingNumber)!;
    expect(label).toMatchObject({
      payOnUse: true,
      carrierShipmentId: sold.transaction.object_id,
      amountMinor: Math.round(Number(sold.rate.amount) * 100),
      format: 'pdf',
    });
    expect(label).not.toHaveProperty('forms');
    const [shipment] = calls('POST', '/shipments/');
    const sent = JSON.parse(shipment!.body) as {
      address_from: { city: string };
      address_to: { city: string };
      extra: { is_return?: boolean; reference_1?: string };
    };
    // What Shippo is sent: the seller as address_from, the buyer as address_to (Shippo swaps them).
    expect(sent.address_from.city).toBe('Seattle');
    expect(sent.address_to.city).toBe('Springfield');
    expect(sent.extra).toMatchObject({ is_return: true, reference_1: 'RMA-1001-1' });
    // What Shippo made of it: a return label from the buyer to the seller.
    expect(sold.isReturn).toBe(true);
    expect(sold.from.city).toBe('Springfield');
    expect(sold.to.city).toBe('Seattle');
  });

  it('refunds a return label like any label', async () => {
    const { fake, adapter } = await setup();
    const label = await adapter.buyReturnLabel!(returnRequest());
    await expect(
      adapter.voidLabel({
        trackingNumber: label.trackingNumber,
        carrierShipmentId: label.carrierShipmentId,
        shipDate: '2026-06-02',
      }),
    ).resolves.toEqual({ status: 'voided', message: null });
    expect(fake.charges).toEqual([expect.objectContaining({ refunded: true })]);
  });

  it('an outbound label is no return, and keeps its addresses', async () => {
    const { fake, adapter, calls } = await setup();
    const label = await adapter.buyLabel(labelRequest());
    const sold = fake.labels.get(label.trackingNumber)!;
    expect(sold.isReturn).toBe(false);
    expect(sold.from.city).toBe('Seattle');
    expect(JSON.parse(calls('POST', '/shipments/')[0]!.body)).not.toHaveProperty('extra.is_return');
  });
});
