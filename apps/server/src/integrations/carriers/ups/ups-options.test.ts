import { randomUUID } from 'node:crypto';
import { startFakeUps, type FakeUps } from '@shipdesk/fakes';
import { describe, expect, it } from 'vitest';
import { closeAfterEach, expectChannelError, quickHttp } from '../../../../test/adapter-test-kit.ts';
import type { CarrierAdapter, LabelRequest, ShipmentAddress } from '../carrier-types.ts';
import { createUpsAdapter } from './ups-adapter.ts';

const CLIENT_ID = 'ups-client-id-5be1';
const CLIENT_SECRET = 'ups-client-secret';
const SHIPPER = '1A2B3C';

const FROM: ShipmentAddress = {
  name: 'Ada Shipper',
  company: 'Shipdesk Demo',
  street1: '12380 Morris Rd',
  street2: null,
  city: 'Alpharetta',
  state: 'GA',
  postalCode: '30005',
  country: 'US',
  phone: '(678) 555-0100',
  email: null,
  residential: false,
};
const TO: ShipmentAddress = {
  name: 'Joe Doe',
  company: null,
  street1: '793 Foothill Blvd',
  street2: null,
  city: 'Timonium',
  state: 'MD',
  postalCode: '21093',
  country: 'US',
  phone: null,
  email: 'joe@example.com',
  residential: true,
};
const CANADA: ShipmentAddress = { ...TO, city: 'Toronto', state: 'ON', postalCode: 'M5V 2T6', country: 'CA' };
const TODAY = new Date().toISOString().slice(0, 10);
const insurance = (amountMinor: number) => ({ amountMinor, currency: 'USD', provider: 'carrier' as const });

const keep = closeAfterEach();

async function setup(signatureLevel?: string) {
  const fake: FakeUps = keep(await startFakeUps({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET }));
  const adapter: CarrierAdapter = createUpsAdapter(
    {
      key: randomUUID(),
      settings: {
        clientId: CLIENT_ID,
        accountNumber: SHIPPER,
        apiBaseUrl: fake.url,
        ...(signatureLevel ? { signatureLevel } : {}),
      },
      credentials: { clientSecret: CLIENT_SECRET },
    },
    { http: quickHttp([]) },
  );
  return { fake, adapter };
}

function labelRequest(overrides: Partial<LabelRequest> = {}): LabelRequest {
  return {
    from: FROM,
    to: TO,
    parcel: { weightGrams: 680, lengthIn: 9, widthIn: 6, heightIn: 2.25, packageType: '02' },
    shipDate: TODAY,
    reference: '#1001',
    serviceCode: '03',
    format: 'zpl',
    idempotencyKey: randomUUID(),
    ...overrides,
  };
}

type UpsSent = {
  ShipmentServiceOptions?: { DeliveryConfirmation?: { DCISType: string } };
  Package: UpsPackageSent | UpsPackageSent[];
};
type UpsPackageSent = {
  PackageServiceOptions?: {
    DeclaredValue?: { Type: { Code: string }; CurrencyCode: string; MonetaryValue: string };
    DeliveryConfirmation?: { DCISType: string };
  };
};
/** The Shipment of the last request to `path` (ship or rate), and its one package. */
function sent(fake: FakeUps, path: RegExp) {
  const request = fake.requests.filter((r) => path.test(r.path)).at(-1)!;
  const body = JSON.parse(request.body) as {
    ShipmentRequest?: { Shipment: UpsSent };
    RateRequest?: { Shipment: UpsSent };
  };
  const shipment = (body.ShipmentRequest ?? body.RateRequest)!.Shipment;
  const pkg = Array.isArray(shipment.Package) ? shipment.Package[0]! : shipment.Package;
  return { shipment, pkg };
}
const SHIP = /\/api\/shipments\/[^/]+\/ship$/;
const RATE = /\/api\/rating\//;

describe('UPS options against the fake', () => {
  it('sends the insured value as DeclaredValue (EVS) and an adult signature at the package within the US, and is charged for them', async () => {
    const { fake, adapter } = await setup();
    const plain = await adapter.buyLabel(labelRequest());
    expect(sent(fake, SHIP).pkg.PackageServiceOptions).toBeUndefined();

    const label = await adapter.buyLabel(labelRequest({ insurance: insurance(25_000), signature: 'adult' }));
    const { shipment, pkg } = sent(fake, SHIP);
    expect(pkg.PackageServiceOptions).toEqual({
      DeclaredValue: { Type: { Code: '01' }, CurrencyCode: 'USD', MonetaryValue: '250.00' },
      DeliveryConfirmation: { DCISType: '3' },
    });
    expect(shipment.ShipmentServiceOptions).toBeUndefined();
    // $7.50 adult confirmation + $1.05 per $100 past the first $100 (the fake's charges).
    expect(label.amountMinor).toBeGreaterThanOrEqual(plain.amountMinor + 750 + 210);
  });

  it('asks a signature at the shipment abroad (DCISType 1), and the quote includes it', async () => {
    const { fake, adapter } = await setup();
    const request = { ...labelRequest({ to: CANADA, serviceCode: '11' }), serviceCodes: ['11'] };
    const [plain] = await adapter.rates({ ...request, signature: null });
    const [signed] = await adapter.rates({ ...request, signature: 'standard' });
    const { shipment, pkg } = sent(fake, RATE);
    expect(shipment.ShipmentServiceOptions).toEqual({ DeliveryConfirmation: { DCISType: '1' } });
    expect(pkg.PackageServiceOptions?.DeliveryConfirmation).toBeUndefined();
    expect(signed!.amountMinor).toBeGreaterThanOrEqual(plain!.amountMinor + 620);
  });

  it("follows the account's signature level where it is set", async () => {
    const { fake, adapter } = await setup('shipment');
    await adapter.buyLabel(labelRequest({ signature: 'adult' }));
    expect(sent(fake, SHIP).shipment.ShipmentServiceOptions).toEqual({ DeliveryConfirmation: { DCISType: '2' } });
  });

  it('is refused in UPS words above its declared value limit', async () => {
    const { adapter } = await setup();
    const refused = await expectChannelError(adapter.buyLabel(labelRequest({ insurance: insurance(6_000_000) })));
    expect(refused.platformMessage ?? refused.message).toMatch(/declared value exceeds the maximum allowed of 50000/);
  });
});
