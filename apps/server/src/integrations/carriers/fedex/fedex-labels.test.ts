import { startFakeFedex, type FakeFedexOptions } from '@shipdesk/fakes';
import { describe, expect, it } from 'vitest';
import { expectChannelError } from '../../../../test/adapter-test-kit.ts';
import { VoidRefusedError } from '../carrier-types.ts';
import { purchasedLabel } from './fedex-labels.ts';
import { purchaseReference } from './fedex-shipment.ts';
import { ACCOUNT_NUMBER, API_KEY, fedexSetup, labelRequest, SECRET_KEY } from './fedex-test-kit.ts';
import { isValidFedexTrackingNumber } from './fedex-tracking.ts';

const SHIP = '/ship/v1/shipments';
const CANCEL = '/ship/v1/shipments/cancel';
const BY_REFERENCE = '/track/v1/referencenumbers';
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const text = (document: Uint8Array) => Buffer.from(document).toString('latin1');

describe('FedEx labels against the fake', () => {
  const setup = fedexSetup((options?: Partial<FakeFedexOptions>) =>
    startFakeFedex({ clientId: API_KEY, clientSecret: SECRET_KEY, accountNumber: ACCOUNT_NUMBER, ...options }),
  );

  it('buys a PDF label: a checked tracking number, the document, the charge, and the request as FedEx documents it', async () => {
    const { fake, adapter, calls } = await setup();
    const request = labelRequest();
    const label = await adapter.buyLabel(request);

    expect(isValidFedexTrackingNumber(label.trackingNumber)).toBe(true);
    expect(label).toMatchObject({
      carrierShipmentId: label.trackingNumber,
      currency: 'USD',
      format: 'pdf',
      contentType: 'application/pdf',
    });
    expect(text(label.document).startsWith('%PDF-')).toBe(true);
    expect(text(label.document)).toContain(label.trackingNumber);
    const sold = fake.labels.get(label.trackingNumber)!;
    expect(label.amountMinor).toBe(Math.round(sold.netCharge * 100));
    expect(fake.charges).toHaveLength(1);

    const [call] = calls(SHIP);
    expect(call?.headers['x-customer-transaction-id']).toBe(request.idempotencyKey);
    expect(call?.headers['x-locale']).toBe('en_US');
    const body = JSON.parse(call!.body);
    expect(body).toMatchObject({
      labelResponseOptions: 'LABEL',
      accountNumber: { value: ACCOUNT_NUMBER },
      requestedShipment: {
        shipDatestamp: '2026-06-02',
        serviceType: 'GROUND_HOME_DELIVERY',
        packagingType: 'YOUR_PACKAGING',
        pickupType: 'DROPOFF_AT_FEDEX_LOCATION',
        shippingChargesPayment: { paymentType: 'SENDER' },
        labelSpecification: { imageType: 'PDF', labelStockType: 'PAPER_4X6', labelFormatType: 'COMMON2D' },
        shipper: {
          contact: { personName: 'Dana Whitfield', companyName: 'Acme Outdoor LLC', phoneNumber: '12065550134' },
          address: { streetLines: ['120 Harbor Way', 'Suite 4'], stateOrProvinceCode: 'WA', countryCode: 'US' },
        },
        // The recipient has no phone of its own: FedEx gets the shipper's.
        recipients: [
          {
            contact: { personName: 'Priya Raman', phoneNumber: '12065550134' },
            address: { streetLines: ['44 Elm Street'], postalCode: '62701', residential: true },
          },
        ],
      },
    });
    expect(body.requestedShipment.requestedPackageLineItems).toEqual([
      {
        weight: { units: 'LB', value: 2.7 },
        dimensions: { length: 12, width: 10, height: 5, units: 'IN' },
        customerReferences: [
          { customerReferenceType: 'CUSTOMER_REFERENCE', value: '#1001' },
          { customerReferenceType: 'P_O_NUMBER', value: purchaseReference(request.idempotencyKey) },
        ],
      },
    ]);
  });

  it('buys ZPL on thermal stock and PNG on paper', async () => {
    const { adapter, calls } = await setup();
    const zpl = await adapter.buyLabel(labelRequest({ format: 'zpl' }));
    expect(zpl.contentType).toBe('text/plain');
    expect(text(zpl.document).startsWith('^XA')).toBe(true);
    expect(text(zpl.document)).toContain(zpl.trackingNumber);
    expect(text(zpl.document).trimEnd().endsWith('^XZ')).toBe(true);

    const png = await adapter.buyLabel(labelRequest({ format: 'png' }));
    expect(png.contentType).toBe('image/png');
    expect([...png.document.subarray(0, 8)]).toEqual(PNG_SIGNATURE);

    const specs = calls(SHIP).map((c) => JSON.parse(c.body).requestedShipment.labelSpecification);
    expect(specs).toEqual([
      { imageType: 'ZPLII', labelStockType: 'STOCK_4X6', labelFormatType: 'COMMON2D' },
      { imageType: 'PNG', labelStockType: 'PAPER_4X6', labelFormatType: 'COMMON2D' },
    ]);
  });

  it("reports FedEx's refusals in its own words, with nothing charged", async () => {
    const { fake, adapter } = await setup();
    fake.failNextShipment('address');
    const address = await expectChannelError(adapter.buyLabel(labelRequest()));
    expect(address).toMatchObject({ kind: 'invalid', status: 400 });
    expect(address.platformMessage).toBe(
      'Recipient postal code and state or province code do not match. Please update and try again. ' +
        '(RECIPIENTS.ADDRESS.POSTALCODE.MISMATCH)',
    );

    fake.failNextShipment('account');
    const account = await expectChannelError(adapter.buyLabel(labelRequest()));
    expect(account).toMatchObject({ kind: 'forbidden', status: 403 });
    expect(account.platformMessage).toContain('not authorized to ship');

    // FEDEX_GROUND delivers to businesses; a residence is Home Delivery's.
    const service = await expectChannelError(adapter.buyLabel(labelRequest({ serviceCode: 'FEDEX_GROUND' })));
    expect(service.platformMessage).toContain('SERVICE.UNAVAILABLE.ERROR');
    expect(fake.charges).toEqual([]);
  });

  it('does not send a purchase again after a 5xx or a timeout', async () => {
    const { fake, adapter, calls } = await setup();
    fake.failWithServerError({ status: 503, path: /^\/ship\// });
    const failing = await expectChannelError(adapter.buyLabel(labelRequest()));
    expect(failing).toMatchObject({ kind: 'unavailable', status: 503 });
    expect(calls(SHIP)).toHaveLength(1);

    fake.fail({ kind: 'hang' }, { path: /^\/ship\// });
    const silent = await expectChannelError(adapter.buyLabel(labelRequest()));
    expect(silent.kind).toBe('timeout');
    expect(calls(SHIP)).toHaveLength(2);
    expect(fake.charges).toEqual([]);
  });

  it('waits out a 429, which FedEx answered without buying, and buys once', async () => {
    const { fake, adapter, waits, calls } = await setup();
    fake.throttleNext({ retryAfterSeconds: 1, path: /^\/ship\// });
    await adapter.buyLabel(labelRequest());
    expect(waits).toEqual([1_000]);
    expect(calls(SHIP)).toHaveLength(2);
    expect(fake.charges).toHaveLength(1);
  });

  it('finds a purchase whose answer was lost by its key, and asks for it to be voided: FedEx cannot send it again', async () => {
    const { fake, adapter, calls } = await setup();
    const request = labelRequest();
    fake.failNextShipment('drop_answer');
    expect((await expectChannelError(adapter.buyLabel(request))).kind).toBe('timeout');
    expect(fake.charges).toHaveLength(1);
    const [bought] = [...fake.labels.keys()];

    const found = await expectChannelError(adapter.findLabel(request));
    expect(found.kind).toBe('platform');
    expect(found.message).toBe(
      `FedEx holds a label for this delivery (tracking ${bought}) that it cannot send again; void it in FedEx Ship ` +
        'Manager or here, then buy again',
    );
    expect(JSON.parse(calls(BY_REFERENCE)[0]!.body)).toEqual({
      referencesInformation: {
        type: 'PURCHASE_ORDER',
        value: purchaseReference(request.idempotencyKey),
        accountNumber: ACCOUNT_NUMBER,
      },
      includeDetailedScans: false,
    });

    // Voided as asked, the key finds nothing and buying again is safe.
    await adapter.voidLabel({ trackingNumber: bought!, carrierShipmentId: bought!, shipDate: request.shipDate });
    await expect(adapter.findLabel(request)).resolves.toBeNull();
    expect(fake.charges).toEqual([expect.objectContaining({ trackingNumber: bought, refunded: true })]);
  });

  it('finds nothing when nothing was bought under the key', async () => {
    const { fake, adapter } = await setup();
    await adapter.buyLabel(labelRequest());
    await expect(adapter.findLabel(labelRequest())).resolves.toBeNull();
    expect(fake.charges).toHaveLength(1);
  });

  it('voids a label FedEx has not picked up, also when asked twice', async () => {
    const { fake, adapter, calls } = await setup();
    const label = await adapter.buyLabel(labelRequest());
    const reference = {
      trackingNumber: label.trackingNumber,
      carrierShipmentId: label.carrierShipmentId,
      shipDate: '',
    };
    await expect(adapter.voidLabel(reference)).resolves.toEqual({
      status: 'voided',
      message: 'Shipment is successfully cancelled',
    });
    expect(fake.labels.get(label.trackingNumber)?.status).toBe('cancelled');
    expect(JSON.parse(calls(CANCEL)[0]!.body)).toEqual({
      accountNumber: { value: ACCOUNT_NUMBER },
      trackingNumber: label.trackingNumber,
      deletionControl: 'DELETE_ALL_PACKAGES',
    });
    await expect(adapter.voidLabel(reference)).resolves.toMatchObject({ status: 'voided' });
  });

  it("refuses to void a label FedEx has picked up, with FedEx's reason", async () => {
    const { fake, adapter } = await setup();
    const label = await adapter.buyLabel(labelRequest());
    fake.scan(label.trackingNumber);
    const refusal = await adapter
      .voidLabel({ trackingNumber: label.trackingNumber, carrierShipmentId: label.trackingNumber, shipDate: '' })
      .catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(VoidRefusedError);
    expect((refusal as VoidRefusedError).platformMessage).toBe(
      'Shipment cannot be cancelled because it has already been tendered to FedEx. (SHIPMENT.CANCEL.NOTALLOWED)',
    );
    expect(fake.charges[0]?.refunded).toBe(false);
  });
});

describe('reading a FedEx purchase', () => {
  const answer = (trackingNumber: string) => ({
    output: {
      transactionShipments: [
        {
          pieceResponses: [
            {
              trackingNumber,
              packageDocuments: [{ contentType: 'LABEL', encodedLabel: Buffer.from('%PDF-1.4').toString('base64') }],
            },
          ],
          completedShipmentDetail: {
            shipmentRating: {
              actualRateType: 'PAYOR_ACCOUNT_PACKAGE',
              shipmentRateDetails: [
                { rateType: 'PAYOR_LIST_PACKAGE', totalNetCharge: 20.5, currency: 'USD' },
                { rateType: 'PAYOR_ACCOUNT_PACKAGE', totalNetCharge: 17.25, currency: 'USD' },
              ],
            },
          },
        },
      ],
    },
  });

  it("takes the actual rate type's charge when the package has none", () => {
    expect(purchasedLabel(answer('123456789012'), 'pdf')).toMatchObject({ amountMinor: 1725, currency: 'USD' });
  });

  it("refuses a 12-digit tracking number whose check digit is wrong, or a document that is not the format's", () => {
    expect(() => purchasedLabel(answer('123456789013'), 'pdf')).toThrow(/fails its check digit: 123456789013/);
    expect(() => purchasedLabel(answer('123456789012'), 'png')).toThrow(/sent no PNG label/);
  });
});
