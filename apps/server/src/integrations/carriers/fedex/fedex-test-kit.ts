import { randomUUID } from 'node:crypto';
import { closeAfterEach, quickHttp } from '../../../../test/adapter-test-kit.ts';
import type { HttpOptions } from '../../http/channel-http.ts';
import type { CarrierAdapter, LabelRequest, RateRequest, ShipmentAddress } from '../carrier-types.ts';
import { createFedexAdapter } from './fedex-adapter.ts';

/**
 * What the FedEx label, rate and tracking tests share: an adapter on the fake, and a shipment. Test support; the tests
 * start the fake themselves (product code never imports the fakes).
 */

export const API_KEY = 'l7fedex0api0key0c4b2';
export const SECRET_KEY = 'fedex-secret-key';
export const ACCOUNT_NUMBER = '740561073';

const SHIPPER: ShipmentAddress = {
  name: 'Dana Whitfield',
  company: 'Acme Outdoor LLC',
  street1: '120 Harbor Way',
  street2: 'Suite 4',
  city: 'Seattle',
  state: 'WA',
  postalCode: '98104',
  country: 'US',
  phone: '+1 (206) 555-0134',
  email: 'ship@acme-outdoor.example',
  residential: false,
};

const RECIPIENT: ShipmentAddress = {
  name: 'Priya Raman',
  company: null,
  street1: '44 Elm Street',
  street2: null,
  city: 'Springfield',
  state: 'IL',
  postalCode: '62701',
  country: 'US',
  phone: null,
  email: null,
  residential: true,
};

const SHIPMENT = {
  from: SHIPPER,
  to: RECIPIENT,
  parcel: { weightGrams: 1_200, lengthIn: 12, widthIn: 9.5, heightIn: 4.2, packageType: 'YOUR_PACKAGING' },
  shipDate: '2026-06-02',
  reference: '#1001',
};

export function rateRequest(serviceCodes: string[], to: Partial<ShipmentAddress> = {}): RateRequest {
  return { ...SHIPMENT, to: { ...RECIPIENT, ...to }, serviceCodes };
}

export function labelRequest(overrides: Partial<LabelRequest> = {}): LabelRequest {
  return {
    ...SHIPMENT,
    serviceCode: 'GROUND_HOME_DELIVERY',
    format: 'pdf',
    idempotencyKey: randomUUID(),
    ...overrides,
  };
}

/** What the setup needs of the fake: its address, its request log, and closing. */
interface FakeServer {
  url: string;
  requests: Array<{ method: string; path: string }>;
  close(): Promise<void>;
}

interface FedexSetup<F extends FakeServer> {
  fake: F;
  adapter: CarrierAdapter;
  waits: number[];
  /** The requests to one API path, oldest first. */
  calls(path: string): F['requests'];
}

/**
 * `start` starts the fake on the test account (API key, secret key and account number above); `settings` adds account
 * settings (Electronic Trade Documents). Call inside a describe: fakes are closed after each test.
 */
export function fedexSetup<F extends FakeServer, O>(
  start: (options?: O) => Promise<F>,
): (options?: O, http?: HttpOptions, settings?: Record<string, string>) => Promise<FedexSetup<F>> {
  const keep = closeAfterEach();
  return async (options, http = {}, settings = {}) => {
    const fake = keep(await start(options));
    const waits: number[] = [];
    const adapter = createFedexAdapter(
      {
        key: randomUUID(),
        settings: { clientId: API_KEY, accountNumber: ACCOUNT_NUMBER, apiBaseUrl: fake.url, ...settings },
        credentials: { clientSecret: SECRET_KEY },
      },
      { http: quickHttp(waits, http) },
    );
    return { fake, adapter, waits, calls: (path) => fake.requests.filter((r) => r.path === path) };
  };
}
