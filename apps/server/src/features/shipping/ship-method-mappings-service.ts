import {
  CARRIER_CATALOGUE,
  findCarrierService,
  findPackageType,
  type CarrierMapping,
  type CarrierMappingInput,
  type RemovalResult,
  type StoreMapping,
  type StoreMappingData,
} from '@shipdesk/contract';
import type { Database, Executor } from '../../db/client.ts';
import type { ShipMethodCarrierMappingRow, ShipMethodStoreMappingRow } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../lib/http-errors.ts';
import { parseId } from '../../lib/ids.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { createCarrierAccountsRepository } from './carrier-accounts-repository.ts';
import { createShipMethodsRepository, serviceKey } from './ship-methods-repository.ts';
import { createShippingMappingsRepository, isUniqueViolation } from './shipping-mappings-repository.ts';
import type { ShippingResolution } from './shipping-resolution-service.ts';

/**
 * A shipping method's carrier mappings (which carrier service ships it, per destination) and store mappings (which
 * requested services of a store mean it), spec 7.5: their lists and their changes.
 */
const MAPPING_NOT_FOUND = 'Mapping not found';
const methods = createShipMethodsRepository();
const mappings = createShippingMappingsRepository();
const accounts = createCarrierAccountsRepository();

/**
 * What the use cases of shipping methods and their mappings take: the database, and the pass over the open orders
 * that their changes ask for.
 */
export interface ShipMethodsDeps {
  database: Database;
  resolution: ShippingResolution;
}

/** Runs a change and its ask for a pass in one transaction; the pass starts once it committed. */
export async function change<T>(
  deps: ShipMethodsDeps,
  auth: AuthContext,
  fn: (tx: Executor) => Promise<T>,
): Promise<T> {
  const result = await deps.database.withTenant(auth.tenantId, async (tx) => {
    const value = await fn(tx);
    await deps.resolution.request(tx, auth.tenantId);
    return value;
  });
  void deps.resolution.start(auth.tenantId);
  return result;
}

async function methodOf(tx: Executor, tenantId: string, idText: string) {
  const id = parseId(idText);
  const method = id === null ? undefined : await methods.find(tx, tenantId, id);
  if (!method) throw badRequest({ shipMethodId: 'shipMethodId names no shipping method of yours' });
  if (method.archivedAt) throw badRequest({ shipMethodId: `${method.name} is archived: restore it first` });
  return method;
}

async function toCarrierMapping(tx: Executor, tenantId: string, row: ShipMethodCarrierMappingRow) {
  const names = await methods.names(tx, tenantId, [row.shipMethodId]);
  return carrierMappingView(row, names.get(row.shipMethodId) ?? '');
}

async function toStoreMappings(tx: Executor, tenantId: string, rows: ShipMethodStoreMappingRow[]) {
  const names = await methods.names(tx, tenantId, [...new Set(rows.map((r) => r.shipMethodId))]);
  const storeIds = rows.map((r) => r.storeId).filter((id): id is number => id !== null);
  const stores = await methods.storeNames(tx, tenantId, [...new Set(storeIds)]);
  return rows.map((row): StoreMapping => ({
    id: String(row.id),
    data: {
      shipMethodId: String(row.shipMethodId),
      storeId: row.storeId === null ? null : String(row.storeId),
      services: row.services,
    },
    shipMethodName: names.get(row.shipMethodId) ?? '',
    storeName: row.storeId === null ? null : (stores.get(row.storeId) ?? null),
  }));
}

/** Checks a carrier mapping's carrier, service, package type and account; answers the values to store. */
async function carrierValues(tx: Executor, tenantId: string, input: CarrierMappingInput, exceptId?: number) {
  const method = await methodOf(tx, tenantId, input.shipMethodId);
  const service = findCarrierService(input.carrier, input.carrierMethod);
  if (!service) {
    const known = CARRIER_CATALOGUE[input.carrier].services.map((s) => s.code).join(', ');
    throw badRequest({ carrierMethod: `carrierMethod is not a service of ${input.carrier}: use one of ${known}` });
  }
  const destination = input.destination ?? 'any';
  if (destination !== 'any' && service.scope !== destination) {
    throw badRequest({ carrierMethod: `carrierMethod ${service.name} is ${service.scope}, not ${destination}` });
  }
  const packageType = input.packageType ?? null;
  if (packageType !== null && !findPackageType(input.carrier, packageType)) {
    throw badRequest({ packageType: `packageType is not a package type of ${input.carrier}` });
  }
  const accountId = input.carrierAccountId ? parseId(input.carrierAccountId) : null;
  if (input.carrierAccountId) {
    const account = accountId === null ? undefined : await accounts.find(tx, tenantId, accountId);
    if (!account || account.archivedAt || account.carrier !== input.carrier) {
      throw badRequest({ carrierAccountId: `carrierAccountId names no ${input.carrier} account of yours` });
    }
  }
  if (await mappings.carrierFor(tx, tenantId, method.id, destination, exceptId)) {
    throw badRequest({ destination: `${method.name} is mapped for ${destination} destinations already` });
  }
  return {
    shipMethodId: method.id,
    carrier: input.carrier,
    carrierMethod: service.code,
    destination,
    packageType,
    carrierAccountId: accountId,
  };
}

/**
 * A store mapping's lookup keys, refused when another method means one of them already for that store. A change may
 * empty the mapping (`allowEmpty`): it then means nothing until services are given again.
 */
async function storeKeys(
  tx: Executor,
  tenantId: string,
  data: StoreMappingData,
  mappingId: number,
  allowEmpty = false,
) {
  const method = await methodOf(tx, tenantId, data.shipMethodId);
  const storeId = data.storeId === null ? null : parseId(data.storeId);
  if (data.storeId !== null) {
    const names = storeId === null ? new Map() : await methods.storeNames(tx, tenantId, [storeId]);
    if (!names.has(storeId)) throw badRequest({ 'data.storeId': 'data.storeId names no store of yours' });
  }
  const services = [...new Set(data.services.map((s) => s.trim()).filter(Boolean))];
  if (services.length === 0 && !allowEmpty) {
    throw badRequest({ 'data.services': 'data.services needs a service name' });
  }
  const keys = [...new Set(services.map(serviceKey))];
  const clashes = await methods.setKeys(
    tx,
    tenantId,
    { shipMethodId: method.id, storeMappingId: mappingId, storeKey: storeId ?? 0 },
    keys,
  );
  if (clashes.length > 0) {
    const names = await methods.names(tx, tenantId, [...new Set(clashes.map((c) => c.shipMethodId))]);
    const first = clashes[0]!;
    throw badRequest({
      'data.services': `"${first.key}" means ${names.get(first.shipMethodId) ?? 'another method'} already${storeId ? ' for this store' : ''}`,
    });
  }
  return { shipMethodId: method.id, storeId, services };
}

type MappingListQuery = { ship_method?: string; size?: number; page?: number };

/** One page of a tenant's mappings (of one method, when the query names it), read-only, as `view` makes its rows. */
function mappingPage<Row, View>(
  deps: ShipMethodsDeps,
  auth: AuthContext,
  query: MappingListQuery,
  list: (
    tx: Executor,
    methodId: number | undefined,
    paging: { size: number; offset: number },
  ) => Promise<{ rows: Row[]; total: number }>,
  view: (tx: Executor, rows: Row[]) => Promise<View[]>,
) {
  const size = query.size ?? 10;
  const page = query.page ?? 1;
  return deps.database.withTenant(
    auth.tenantId,
    async (tx) => {
      const methodId = query.ship_method === undefined ? undefined : (parseId(query.ship_method) ?? -1);
      const listed = await list(tx, methodId, { size, offset: (page - 1) * size });
      return { rows: await view(tx, listed.rows), page, size, total: listed.total };
    },
    { readOnly: true },
  );
}

export function listCarrierMappings(deps: ShipMethodsDeps, auth: AuthContext, query: MappingListQuery) {
  return mappingPage(
    deps,
    auth,
    query,
    (tx, methodId, paging) => mappings.listCarrier(tx, auth.tenantId, methodId, paging),
    async (tx, rows) => {
      const names = await methods.names(tx, auth.tenantId, [...new Set(rows.map((r) => r.shipMethodId))]);
      return rows.map((row) => carrierMappingView(row, names.get(row.shipMethodId) ?? ''));
    },
  );
}

export function createCarrierMapping(
  deps: ShipMethodsDeps,
  auth: AuthContext,
  input: CarrierMappingInput,
): Promise<CarrierMapping> {
  return change(deps, auth, async (tx) => {
    const values = await carrierValues(tx, auth.tenantId, input);
    const row = await mappings.insertCarrier(tx, auth.tenantId, values).catch((error: unknown) => {
      if (isUniqueViolation(error)) throw badRequest({ destination: 'That destination is mapped already' });
      throw error;
    });
    return toCarrierMapping(tx, auth.tenantId, row);
  });
}

export function updateCarrierMapping(
  deps: ShipMethodsDeps,
  auth: AuthContext,
  idText: string,
  input: CarrierMappingInput,
): Promise<CarrierMapping> {
  return change(deps, auth, async (tx) => {
    const id = parseId(idText);
    if (id === null || !(await mappings.findCarrier(tx, auth.tenantId, id))) throw notFound(MAPPING_NOT_FOUND);
    const values = await carrierValues(tx, auth.tenantId, input, id);
    return toCarrierMapping(tx, auth.tenantId, await mappings.updateCarrier(tx, auth.tenantId, id, values));
  });
}

export function listStoreMappings(deps: ShipMethodsDeps, auth: AuthContext, query: MappingListQuery) {
  return mappingPage(
    deps,
    auth,
    query,
    (tx, methodId, paging) => mappings.listStore(tx, auth.tenantId, methodId, paging),
    (tx, rows) => toStoreMappings(tx, auth.tenantId, rows),
  );
}

export function createStoreMapping(
  deps: ShipMethodsDeps,
  auth: AuthContext,
  data: StoreMappingData,
): Promise<StoreMapping> {
  return change(deps, auth, async (tx) => {
    // The row first (its id owns the lookup keys); a refused key rolls the whole transaction back.
    const method = await methodOf(tx, auth.tenantId, data.shipMethodId);
    const draft = await mappings.insertStore(tx, auth.tenantId, {
      shipMethodId: method.id,
      storeId: null,
      services: [],
    });
    const values = await storeKeys(tx, auth.tenantId, data, draft.id);
    const saved = await mappings.updateStore(tx, auth.tenantId, draft.id, values);
    return (await toStoreMappings(tx, auth.tenantId, [saved]))[0]!;
  });
}

export function updateStoreMapping(
  deps: ShipMethodsDeps,
  auth: AuthContext,
  idText: string,
  data: StoreMappingData,
): Promise<StoreMapping> {
  return change(deps, auth, async (tx) => {
    const id = parseId(idText);
    if (id === null || !(await mappings.findStore(tx, auth.tenantId, id))) throw notFound(MAPPING_NOT_FOUND);
    const values = await storeKeys(tx, auth.tenantId, data, id, true);
    const saved = await mappings.updateStore(tx, auth.tenantId, id, values);
    return (await toStoreMappings(tx, auth.tenantId, [saved]))[0]!;
  });
}

/** Deletes a carrier mapping (nothing names one: orders keep the service they resolved to); open orders re-resolve. */
export function deleteCarrierMapping(deps: ShipMethodsDeps, auth: AuthContext, idText: string): Promise<RemovalResult> {
  return change(deps, auth, async (tx) => {
    const id = parseId(idText);
    if (id === null || !(await mappings.findCarrier(tx, auth.tenantId, id))) throw notFound(MAPPING_NOT_FOUND);
    await mappings.deleteCarrier(tx, auth.tenantId, id);
    return { deleted: true, archived: false, reason: null };
  });
}

/** Deletes a store mapping and what its services meant; open orders re-resolve. */
export function deleteStoreMapping(deps: ShipMethodsDeps, auth: AuthContext, idText: string): Promise<RemovalResult> {
  return change(deps, auth, async (tx) => {
    const id = parseId(idText);
    if (id === null || !(await mappings.findStore(tx, auth.tenantId, id))) throw notFound(MAPPING_NOT_FOUND);
    await mappings.deleteStore(tx, auth.tenantId, id);
    return { deleted: true, archived: false, reason: null };
  });
}

function carrierMappingView(row: ShipMethodCarrierMappingRow, shipMethodName: string): CarrierMapping {
  const carrier = row.carrier as CarrierMapping['carrier'];
  return {
    id: String(row.id),
    shipMethodId: String(row.shipMethodId),
    shipMethodName,
    destination: row.destination as CarrierMapping['destination'],
    carrier,
    carrierMethod: row.carrierMethod,
    carrierMethodName: findCarrierService(carrier, row.carrierMethod)?.name ?? row.carrierMethod,
    packageType: row.packageType,
    carrierAccountId: row.carrierAccountId === null ? null : String(row.carrierAccountId),
  };
}
