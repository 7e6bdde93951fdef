import { expect } from 'vitest';
import type { Carrier } from '@shipdesk/contract';
import {
  startFakeFedex,
  startFakeShippo,
  startFakeUps,
  startFakeUsps,
  type FakeFedex,
  type FakeShippo,
  type FakeUps,
  type FakeUsps,
} from '@shipdesk/fakes';
import type { TestContext } from './app-helper.ts';

/**
 * The four carriers' fake servers started for a route-level test, and a tenant's account connected to one of them
 * through the API (created, then proven by `testConnection`, so it is verified and quoted like a real one).
 */

const USPS_ACCOUNT = { crid: '56982563', mid: '900066622', accountType: 'EPS' as const, accountNumber: '1000405525' };
const USPS = { clientId: 'usps-client', clientSecret: 'usps-secret-value-123' };
const UPS = { clientId: 'ups-client-id-5be1', clientSecret: 'ups-client-secret', accountNumber: '1A2B3C' };
const FEDEX = { clientId: 'l7fedex0api0key0c4b2', clientSecret: 'fedex-secret-key', accountNumber: '740561073' };
const SHIPPO_TOKEN = 'shippo_live_returns0tests01';

export interface CarrierFakes {
  usps: FakeUsps;
  ups: FakeUps;
  fedex: FakeFedex;
  shippo: FakeShippo;
  close(): Promise<void>;
}

/** Every account carrier's fake, without quotas or throttling (a test asks for its faults itself). */
export async function startCarrierFakes(): Promise<CarrierFakes> {
  const [usps, ups, fedex, shippo] = await Promise.all([
    startFakeUsps({ ...USPS, accounts: [USPS_ACCOUNT], quota: null }),
    startFakeUps({ clientId: UPS.clientId, clientSecret: UPS.clientSecret }),
    startFakeFedex({ ...FEDEX, throttle: null }),
    startFakeShippo({ tokens: [SHIPPO_TOKEN], rateLimits: null }),
  ]);
  return {
    usps,
    ups,
    fedex,
    shippo,
    close: async () => {
      await Promise.all([usps.close(), ups.close(), fedex.close(), shippo.close()]);
    },
  };
}

type AccountCarrier = Exclude<Carrier, 'local'>;

/** What `POST /api/v1/carrierAccounts` is sent for `carrier` on its fake. */
function accountBody(carrier: AccountCarrier, fakes: CarrierFakes) {
  switch (carrier) {
    case 'usps':
      return {
        settings: { ...USPS_ACCOUNT, clientId: USPS.clientId, apiBaseUrl: fakes.usps.url },
        credentials: { clientSecret: USPS.clientSecret },
      };
    case 'ups':
      return {
        settings: { clientId: UPS.clientId, accountNumber: UPS.accountNumber, apiBaseUrl: fakes.ups.url },
        credentials: { clientSecret: UPS.clientSecret },
      };
    case 'fedex':
      return {
        settings: { clientId: FEDEX.clientId, accountNumber: FEDEX.accountNumber, apiBaseUrl: fakes.fedex.url },
        credentials: { clientSecret: FEDEX.clientSecret },
      };
    case 'shippo':
      return { settings: { apiBaseUrl: fakes.shippo.url }, credentials: { apiToken: SHIPPO_TOKEN } };
  }
}

/** Connects `tenant`'s account of `carrier` to its fake and proves it; answers the account's id. */
export async function connectCarrier(
  t: TestContext,
  tenant: string,
  carrier: AccountCarrier,
  fakes: CarrierFakes,
): Promise<string> {
  const headers = await t.auth(tenant);
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/v1/carrierAccounts',
    headers,
    payload: { carrier, name: `Main ${carrier}`, ...accountBody(carrier, fakes) },
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().data.id as string;
  const tested = await t.app.inject({
    method: 'POST',
    url: '/call/carriers/testConnection',
    headers,
    payload: { accountId: id },
  });
  expect(tested.json().data.ok, tested.body).toBe(true);
  return id;
}
