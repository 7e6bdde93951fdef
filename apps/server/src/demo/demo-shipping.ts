import type { FastifyInstance } from 'fastify';
import { Role, type CarrierAccount, type ShipMethod } from '@shipdesk/contract';
import { FakeClock, startFakeUsps, type FakeUsps } from '@shipdesk/fakes';
import { createCarrierAdapter } from '../integrations/carriers/carrier-registry.ts';
import type { AuthContext } from '../plugins/auth.ts';
import { createConfigsRepository } from '../features/settings/index.ts';
import { createCarrierAccountsService, createShipMethodsService } from '../features/shipping/index.ts';

/**
 * The demo organisation's shipping: a USPS account on a fake USPS in this process (talked to over real HTTP like the
 * fake Shopify), connected and tested, and shipping methods that map the demo shop's requested services to USPS and
 * the built-in carrier, so a newcomer sees resolved carrier services at once. Two requested services ("Free
 * Shipping", "UPS Ground") are left for the seller to map: the Shipping Methods page shows what that looks like.
 */
const DEMO_USPS = {
  clientId: 'demo-usps-client',
  clientSecret: 'demo-usps-secret-0000000000',
  account: { crid: '56982563', mid: '900066622', accountType: 'EPS' as const, accountNumber: '1000405525' },
};

const METHODS = [
  {
    name: 'Standard',
    services: ['Standard Shipping', 'USPS Ground Advantage'],
    mappings: [
      { destination: 'domestic', carrier: 'usps', carrierMethod: 'USPS_GROUND_ADVANTAGE', packageType: 'PACKAGE' },
      { destination: 'international', carrier: 'usps', carrierMethod: 'PRIORITY_MAIL_INTERNATIONAL' },
    ],
  },
  {
    name: 'Express',
    services: ['Express Shipping', 'USPS Priority Mail', 'FedEx 2Day'],
    mappings: [{ destination: 'any', carrier: 'usps', carrierMethod: 'PRIORITY_MAIL' }],
  },
  {
    name: 'International',
    services: ['International Standard', 'Canada Post Expedited Parcel', 'UPS Standard', 'DHL Express Worldwide'],
    mappings: [{ destination: 'any', carrier: 'usps', carrierMethod: 'PRIORITY_MAIL_INTERNATIONAL' }],
  },
  {
    name: 'Local delivery',
    services: ['Local delivery'],
    mappings: [{ destination: 'any', carrier: 'local', carrierMethod: 'LOCAL_NEXT_DAY' }],
  },
] as const;

/** The demo's ship-from address, printed on its labels. */
const DEMO_WAREHOUSE = {
  name: 'Northloop Supply (demo)',
  company: 'Northloop Supply',
  phone: '614-555-0134',
  address1: '400 Industrial Way',
  city: 'Columbus',
  state: 'OH',
  postalCode: '43215',
  country: 'US',
};

/**
 * SHIPDESK_DEMO_USPS_PORT: the port the demo's fake USPS listens on (loopback), so an end-to-end test can move its
 * clock at `/_fake/clock` on the fake itself (packages/fakes, fake-clock-control.ts); unset, any free port.
 */
function demoUspsPort(raw = process.env.SHIPDESK_DEMO_USPS_PORT): number | undefined {
  if (!raw) return undefined;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65_535) {
    throw new Error(`SHIPDESK_DEMO_USPS_PORT must be a port number, got "${raw}"`);
  }
  return port;
}

/** Starts the fake USPS and wires the demo's shipping (the methods only while the organisation has none). */
export async function startDemoShipping(app: FastifyInstance, tenantId: string, storeId: number): Promise<FakeUsps> {
  const usps = await startFakeUsps({
    clientId: DEMO_USPS.clientId,
    clientSecret: DEMO_USPS.clientSecret,
    accounts: [DEMO_USPS.account],
    quota: null,
    // Demo parcels travel 120 times as fast: a label bought now is delivered within a quarter of an hour
    // (docs/tracking.md); "Check now" shows each step as it comes.
    clock: new FakeClock({ speed: 120 }),
    port: demoUspsPort(),
  });
  // Reached by a name only the demo organisation's carrier account carries (as the demo's shop: demo-shop.ts).
  const uspsUrl = app.egress.privateName(usps.url);
  const auth: AuthContext = {
    tenantId,
    userId: 'system:demo',
    email: 'demo@shipdesk.local',
    roleId: Role.Admin,
    issuer: 'shipdesk-demo',
  };
  const accounts = createCarrierAccountsService({
    database: app.db,
    secrets: app.secrets,
    adapters: createCarrierAdapter,
    adapterOptions: { http: { fetch: app.egress.fetch } },
    allowedHost: (url) => app.egress.allows(url),
  });
  // The demo's USPS app has no quota (the fake's is off): its address checks go at a pace a newcomer sees within a
  // minute of the first pull, not the 30 an hour a new USPS app gets (docs/address-checks.md).
  const settings = {
    ...DEMO_USPS.account,
    clientId: DEMO_USPS.clientId,
    apiBaseUrl: uspsUrl,
    addressChecksPerHour: '36000',
    trackingCallsPerHour: '36000',
  };
  const existing = (await accounts.list(auth)).find((a: CarrierAccount) => a.name === 'USPS (demo)');
  const account = existing
    ? // The fake listens on a new port each start.
      await accounts.update(auth, existing.id, { settings })
    : await accounts.create(auth, {
        carrier: 'usps',
        name: 'USPS (demo)',
        settings,
        credentials: { clientSecret: DEMO_USPS.clientSecret },
        isDefault: true,
      });
  await accounts.testConnection(auth, { accountId: account.id });

  // Labels print a ship-from address: the demo has one unless the seller set their own.
  await app.db.withTenant(tenantId, async (tx) => {
    const configs = createConfigsRepository(tx);
    if (!(await configs.find(tenantId, 'warehouse_info', tx))) {
      await configs.upsert(
        tenantId,
        { key: 'warehouse_info', value: null, options: DEMO_WAREHOUSE, updatedBy: auth.email },
        tx,
      );
    }
  });

  const methods = createShipMethodsService(app.db, app.shippingResolution);
  // A demo organisation without methods gets them (a data folder made before there were any, too).
  if ((await methods.list(auth, { size: 1 })).total === 0) {
    for (const spec of METHODS) {
      const method: ShipMethod = await methods.create(auth, { name: spec.name });
      await methods.createStoreMapping(auth, {
        shipMethodId: method.id,
        storeId: String(storeId),
        services: [...spec.services],
      });
      for (const mapping of spec.mappings) {
        await methods.createCarrierMapping(auth, { shipMethodId: method.id, ...mapping });
      }
    }
  }
  return usps;
}
