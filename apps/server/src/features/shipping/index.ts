import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { CarrierAdapterFactory, CarrierAdapterOptions } from '../../integrations/carriers/carrier-types.ts';
import type { Executor } from '../../db/client.ts';
import { createCarrierAccountsRepository } from './carrier-accounts-repository.ts';
import { carrierAccountsRoutes } from './carrier-accounts-routes.ts';
import { createCarrierAccountsService } from './carrier-accounts-service.ts';
import { shipMethodsRoutes } from './ship-methods-routes.ts';
import { createShipMethodsRepository } from './ship-methods-repository.ts';
import { createShipMethodsService } from './ship-methods-service.ts';
import { createShippingResolutionRepository } from './shipping-resolution-repository.ts';

interface ShippingFeatureOptions {
  carrierAdapters: CarrierAdapterFactory;
  carrierAdapterOptions?: CarrierAdapterOptions;
}

/** Shipping setup: carrier accounts and the catalogue, shipping methods and their mappings, the reference lists. */
export const shippingFeature: FastifyPluginAsyncTypebox<ShippingFeatureOptions> = async (app, options) => {
  const accounts = createCarrierAccountsService({
    database: app.db,
    secrets: app.secrets,
    adapters: options.carrierAdapters,
    adapterOptions: options.carrierAdapterOptions,
    allowedHost: (url) => app.egress.allows(url),
  });
  await app.register(carrierAccountsRoutes, { accounts });
  await app.register(shipMethodsRoutes, { methods: createShipMethodsService(app.db, app.shippingResolution) });
};

export { shippingPlugin } from './shipping-plugin.ts';
export { createCarrierAccountsService } from './carrier-accounts-service.ts';
export { createShipMethodsService } from './ship-methods-service.ts';
export { homeCountrySql, resolutionJoin } from './shipping-resolution-sql.ts';

/** Whether the tenant has this carrier account, not archived (a setting that names one is refused otherwise). */
export async function carrierAccountExists(tx: Executor, tenantId: string, id: number): Promise<boolean> {
  if (!Number.isSafeInteger(id)) return false;
  const row = await createCarrierAccountsRepository().find(tx, tenantId, id);
  return row !== undefined && row.archivedAt === null;
}

/** Whether the tenant has this shipping method, not archived (what a person may choose for an order). */
export async function shipMethodExists(tx: Executor, tenantId: string, id: number): Promise<boolean> {
  const row = await createShipMethodsRepository().find(tx, tenantId, id);
  return row !== undefined && row.archivedAt === null;
}

/** Resolves how the given orders ship, in the caller's transaction (orders added by hand, channels' new copies). */
export const resolveShipping = createShippingResolutionRepository().resolveOrders;

/**
 * The tenant's carrier accounts (rows with sealed credentials), for the label work: live ones only, unless
 * `archived` (an account named by a label already bought or in flight, which must still void or be found).
 */
export function listCarrierAccounts(tx: Executor, tenantId: string, options: { archived?: boolean } = {}) {
  return createCarrierAccountsRepository().list(tx, tenantId, options.archived === true);
}

/** The carriers the tenant has a verified account with (the built-in carrier is not among them). */
export function connectedCarriers(tx: Executor, tenantId: string) {
  return createCarrierAccountsRepository().connectedCarriers(tx, tenantId);
}
