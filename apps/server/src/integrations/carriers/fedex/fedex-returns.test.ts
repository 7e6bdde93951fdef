import { startFakeFedex, type FakeFedexOptions } from '@shipdesk/fakes';
import { describe, expect, it } from 'vitest';
import type { ReturnLabelRequest } from '../carrier-types.ts';
import { fedexReturnService } from './fedex-returns.ts';
import { ACCOUNT_NUMBER, API_KEY, fedexSetup, labelRequest, SECRET_KEY } from './fedex-test-kit.ts';
import { isValidFedexTrackingNumber } from './fedex-tracking.ts';

const SHIP = '/ship/v1/shipments';

/** The outbound shipment turned around: from the buyer (a home) to the seller's returns address (a business). */
function returnRequest(overrides: Partial<ReturnLabelRequest> = {}): ReturnLabelRequest {
  const { from: seller, to: buyer, customs: _customs, ...outbound } = labelRequest();
  return {
    ...outbound,
    from: buyer,
    to: seller,
    rma: 'RMA-1001-1',
    payOnUse: true,
    outboundTrackingNumber: '794644790138',
    ...overrides,
  };
}

describe('FedEx return labels against the fake', () => {
  const setup = fedexSetup((options?: Partial<FakeFedexOptions>) =>
    startFakeFedex({ clientId: API_KEY, clientSecret: SECRET_KEY, accountNumber: ACCOUNT_NUMBER, ...options }),
  );

  it('buys a printed return label, with the RMA and linked to the outbound shipment', async () => {
    const { fake, adapter, calls } = await setup();
    const label = await adapter.buyReturnLabel!(returnRequest());
    expect(isValidFedexTrackingNumber(label.trackingNumber)).toBe(true);
    // Not pay-on-use at FedEx (unconfirmed): the charge FedEx answers is taken as paid.
    expect(label).toMatchObject({ payOnUse: false, format: 'pdf', currency: 'USD' });
    expect(label.amountMinor).toBeGreaterThan(0);

    const bought = fake.labels.get(label.trackingNumber)!;
    expect(bought.returned).toEqual({
      returnType: 'PRINT_RETURN_LABEL',
      rma: 'RMA-1001-1',
      outboundTrackingNumber: '794644790138',
    });
    expect(bought.shipper.address?.city).toBe('Springfield');
    expect(bought.recipient.address?.city).toBe('Seattle');
    // The outbound went to a home; the return goes to a business, on FedEx Ground.
    expect(bought.serviceType).toBe('FEDEX_GROUND');
    expect(bought.references).toContainEqual({ customerReferenceType: 'CUSTOMER_REFERENCE', value: 'RMA-1001-1' });
    const [sent] = calls(SHIP);
    const body = JSON.parse((sent as unknown as { body: string }).body) as {
      requestedShipment: { shipmentSpecialServices: { specialServiceTypes: string[] } };
    };
    expect(body.requestedShipment.shipmentSpecialServices.specialServiceTypes).toEqual(['RETURN_SHIPMENT']);
  });

  it('leaves the outbound unlinked when its tracking number is not known', async () => {
    const { fake, adapter } = await setup();
    const label = await adapter.buyReturnLabel!(returnRequest({ outboundTrackingNumber: null }));
    expect(fake.labels.get(label.trackingNumber)!.returned).toMatchObject({ outboundTrackingNumber: null });
  });

  it('cancels a return label like any label', async () => {
    const { fake, adapter } = await setup();
    const label = await adapter.buyReturnLabel!(returnRequest());
    await expect(
      adapter.voidLabel({
        trackingNumber: label.trackingNumber,
        carrierShipmentId: label.carrierShipmentId,
        shipDate: '2026-06-02',
      }),
    ).resolves.toMatchObject({ status: 'voided' });
    expect(fake.labels.get(label.trackingNumber)!.status).toBe('cancelled');
  });

  it('an outbound label is no return', async () => {
    const { fake, adapter } = await setup();
    const label = await adapter.buyLabel(labelRequest());
    expect(fake.labels.get(label.trackingNumber)!.returned).toBeNull();
  });
});

describe('FedEx return service', () => {
  it('takes the ground service of the returns address, and keeps an express one', () => {
    const business = { ...returnRequest().to, residential: false };
    expect(fedexReturnService(returnRequest({ serviceCode: 'GROUND_HOME_DELIVERY', to: business }))).toBe(
      'FEDEX_GROUND',
    );
    const home = { ...business, residential: null };
    expect(fedexReturnService(returnRequest({ serviceCode: 'FEDEX_GROUND', to: home }))).toBe('GROUND_HOME_DELIVERY');
    expect(fedexReturnService(returnRequest({ serviceCode: 'FEDEX_2_DAY' }))).toBe('FEDEX_2_DAY');
  });
});
