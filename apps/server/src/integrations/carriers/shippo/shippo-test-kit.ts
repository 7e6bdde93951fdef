import { randomUUID } from 'node:crypto';
import { closeAfterEach, quickHttp } from '../../../../test/adapter-test-kit.ts';
import type { HttpOptions } from '../../http/channel-http.ts';
import type { CarrierAdapter, LabelRequest, RateRequest, ShipmentAddress } from '../carrier-types.ts';
import { createShippoAdapter } from './shippo-adapter.ts';

/**
 * What the Shippo label, rate and tracking tests share: an adapter on the fake, and a shipment. Test support; the
 * tests start the fake themselves (product code never imports the fakes).
 */

export const TOKEN = 'shippo_live_3f9c0d2a7b41e6';
export const OWNER = 'orders@acme-outdoor.example';

const SENDER: ShipmentAddress = {
  name: 'Dana Whitfield',
  company: 'Acme Outdoor LLC',
  street1: '120 Harbor Way',
  street2: 'Suite 4',
  city: 'Seattle',
  state: 'WA',
  postalCode: '98104',
  country: 'US',
  phone: '+1 206 555 0134',
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
  residential: null,
};

const SHIPMENT = {
  from: SENDER,
  to: RECIPIENT,
  parcel: { weightGrams: 1_200, lengthIn: 12, widthIn: 9.5, heightIn: 4.25, packageType: 'parcel' },
  shipDate: '2026-06-02',
  reference: '#1001',
};

export function rateRequest(serviceCodes: string[], to: Partial<ShipmentAddress> = {}): RateRequest {
  return { ...SHIPMENT, to: { ...RECIPIENT, ...to }, serviceCodes };
}

export function labelRequest(overrides: Partial<LabelRequest> = {}): LabelRequest {
  return { ...SHIPMENT, serviceCode: 'usps_priority', format: 'pdf', idempotencyKey: randomUUID(), ...overrides };
}

/** What the setup needs of the fake: its address, its request log, and closing. */
interface FakeServer {
  url: string;
  requests: Array<{ method: string; path: string }>;
  close(): Promise<void>;
}

interface ShippoSetup<F extends FakeServer> {
  fake: F;
  adapter: CarrierAdapter;
  waits: number[];
  /** The requests with this method and path, oldest first. */
  calls(method: string, path: string): F['requests'];
}

/** `start` starts the fake knowing TOKEN. Call inside a describe: fakes are closed after each test. */
export function shippoSetup<F extends FakeServer, O>(
  start: (options?: O) => Promise<F>,
): (options?: O, http?: HttpOptions) => Promise<ShippoSetup<F>> {
  const keep = closeAfterEach();
  return async (options, http = {}) => {
    const fake = keep(await start(options));
    const waits: number[] = [];
    const adapter = createShippoAdapter(
      { key: randomUUID(), settings: { apiBaseUrl: fake.url }, credentials: { apiToken: TOKEN } },
      { http: quickHttp(waits, http) },
    );
    return {
      fake,
      adapter,
      waits,
      calls: (method, path) => fake.requests.filter((r) => r.method === method && r.path === path),
    };
  };
}
