import {
  CARRIER_CATALOGUE,
  SHIP_METHOD_FILTER_FIELDS,
  findCarrierService,
  findPackageType,
  parseFilterValue,
  type CarrierMapping,
  type CarrierMappingInput,
  type ShipMethod,
  type ShipMethodInput,
  type ShipMethodList,
  type ShipMethodListQuery,
  type StoreMapping,
  type StoreMappingData,
} from '@shipdesk/contract';
import type { Database, Executor } from '../../db/client.ts';
import type { ShipMethodCarrierMappingRow, ShipMethodStoreMappingRow } from '../../db/schema/index.ts';
import { unstorableField } from '../../domain/storable-values.ts';
import { badRequest, notFound } from '../../lib/http-errors.ts';
import { parseId } from '../../lib/ids.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { createCarrierAccountsRepository } from './carrier-accounts-repository.ts';
import { createShipMethodsRepository, serviceKey, type ShipMethodFilter } from './ship-methods-repository.ts';
import { createShippingMappingsRepository, isUniqueViolation } from './shipping-mappings-repository.ts';
import type { ShippingResolution } from './shipping-resolution-service.ts';

/**
 * Shipping methods, carrier mappings and store mappings (spec 7.5). Every change that can move an order's resolution
 * asks for a pass over the open orders in its own transaction, and starts it once committed.
 */
const METHOD_NOT_FOUND = 'Shipping method not found';
const MAPPING_NOT_FOUND = 'Mapping not found';

function parseFilters(text: string | undefined): ShipMethodFilter[] {
  if (!text) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw badRequest({ filters: 'filters must be a JSON object' });
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw badRequest({ filters: 'filters must be a JSON object' });
  }
  const unstorable = unstorableField(parsed, 'filters');
  if (unstorable) throw badRequest(unstorable);
  const out: ShipMethodFilter[] = [];
  for (const [field, raw] of Object.entries(parsed as Record<string, unknown>)) {
    if (raw === null || raw === undefined || raw === '') continue;
    // Own keys only: `__proto__` or `constructor` name no filter (they used to reach Object's own members: a 500).
    const allowed = Object.hasOwn(SHIP_METHOD_FILTER_FIELDS, field)
      ? (SHIP_METHOD_FILTER_FIELDS as Record<string, readonly string[]>)[field]
      : undefined;
    if (!allowed) throw badRequest({ [`filters.${field}`]: `filters.${field} is not a filter; use name` });
    const { operator, value } = parseFilterValue(field, String(raw));
    if (!allowed.includes(operator)) {
      throw badRequest({ [`filters.${field}`]: `filters.${field}: use ${allowed.join(' or ')}` });
    }
    out.push({ field: 'name', op: operator as 'eq' | 'like', value });
  }
  return out;
}

export function createShipMethodsService(database: Database, resolution: ShippingResolution) {
  const methods = createShipMethodsRepository();
  const mappings = createShippingMappingsRepository();
  const accounts = createCarrierAccountsRepository();

  /** Runs a change and its ask for a pass in one transaction; the pass starts once it committed. */
  async function change<T>(auth: AuthContext, fn: (tx: Executor) => Promise<T>): Promise<T> {
    const result = await database.withTenant(auth.tenantId, async (tx) => {
      const value = await fn(tx);
      await resolution.request(tx, auth.tenantId);
      return value;
    });
    void resolution.start(auth.tenantId);
    return result;
  }

  async function methodOf(tx: Executor, tenantId: string, idText: string) {
    const id = parseId(idText);
    const method = id === null ? undefined : await methods.find(tx, tenantId, id);
    if (!method) throw badRequest({ shipMethodId: 'shipMethodId names no shipping method of yours' });
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
      if (!account || account.carrier !== input.carrier) {
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

  /** A store mapping's lookup keys, refused when another method means one of them already for that store. */
  async function storeKeys(tx: Executor, tenantId: string, data: StoreMappingData, mappingId: number) {
    const method = await methodOf(tx, tenantId, data.shipMethodId);
    const storeId = data.storeId === null ? null : parseId(data.storeId);
    if (data.storeId !== null) {
      const names = storeId === null ? new Map() : await methods.storeNames(tx, tenantId, [storeId]);
      if (!names.has(storeId)) throw badRequest({ 'data.storeId': 'data.storeId names no store of yours' });
    }
    const services = [...new Set(data.services.map((s) => s.trim()).filter(Boolean))];
    if (services.length === 0) throw badRequest({ 'data.services': 'data.services needs a service name' });
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

  return {
    async list(auth: AuthContext, query: ShipMethodListQuery): Promise<ShipMethodList> {
      const size = query.size ?? 10;
      const page = query.page ?? 1;
      const filters = parseFilters(query.filters);
      return database.withTenant(
        auth.tenantId,
        async (tx) => {
          const [listed, unmapped] = await Promise.all([
            methods.list(tx, auth.tenantId, filters, { size, offset: (page - 1) * size }),
            methods.unmapped(tx, auth.tenantId),
          ]);
          const storeIds = [...new Set(unmapped.flatMap((u) => u.storeIds).filter((id): id is number => id !== null))];
          const stores = await methods.storeNames(tx, auth.tenantId, storeIds);
          return {
            rows: listed.rows.map(shipMethodView),
            page,
            size,
            total: listed.total,
            unmapped: unmapped.map((u) => ({
              requestedService: u.service,
              openOrders: u.openOrders,
              stores: u.storeIds.map((id) => ({
                id: id === null ? null : String(id),
                name: id === null ? 'Entered by hand' : (stores.get(id) ?? `Store ${id}`),
              })),
            })),
          };
        },
        { readOnly: true },
      );
    },

    create(auth: AuthContext, input: ShipMethodInput): Promise<ShipMethod> {
      const name = input.name.trim();
      if (!name) throw badRequest({ name: 'name must not be blank' });
      return change(auth, async (tx) => {
        const row = await methods.insert(tx, auth.tenantId, name);
        if (!row) throw badRequest({ name: `A shipping method named "${name}" exists already` });
        const clashes = await methods.setKeys(
          tx,
          auth.tenantId,
          { shipMethodId: row.id, storeMappingId: null, storeKey: 0 },
          [serviceKey(name)],
        );
        if (clashes.length > 0) throw badRequest({ name: `"${name}" is mapped to another shipping method already` });
        return shipMethodView({ ...row, openOrders: 0, mapped: false });
      });
    },

    rename(auth: AuthContext, idText: string, input: ShipMethodInput): Promise<ShipMethod> {
      const name = input.name.trim();
      if (!name) throw badRequest({ name: 'name must not be blank' });
      return change(auth, async (tx) => {
        const id = parseId(idText);
        if (id === null || !(await methods.find(tx, auth.tenantId, id))) throw notFound(METHOD_NOT_FOUND);
        const row = await methods.rename(tx, auth.tenantId, id, name);
        if (!row) throw badRequest({ name: `A shipping method named "${name}" exists already` });
        const clashes = await methods.setKeys(
          tx,
          auth.tenantId,
          { shipMethodId: id, storeMappingId: null, storeKey: 0 },
          [serviceKey(name)],
        );
        if (clashes.length > 0) throw badRequest({ name: `"${name}" is mapped to another shipping method already` });
        const [listed] = (
          await methods.list(tx, auth.tenantId, [{ field: 'name', op: 'eq', value: name }], { size: 1, offset: 0 })
        ).rows;
        return shipMethodView(listed ?? { ...row, openOrders: 0, mapped: false });
      });
    },

    async listCarrierMappings(auth: AuthContext, query: { ship_method?: string; size?: number; page?: number }) {
      const size = query.size ?? 10;
      const page = query.page ?? 1;
      return database.withTenant(
        auth.tenantId,
        async (tx) => {
          const methodId = query.ship_method === undefined ? undefined : (parseId(query.ship_method) ?? -1);
          const listed = await mappings.listCarrier(tx, auth.tenantId, methodId, { size, offset: (page - 1) * size });
          const names = await methods.names(tx, auth.tenantId, [...new Set(listed.rows.map((r) => r.shipMethodId))]);
          return {
            rows: listed.rows.map((row) => carrierMappingView(row, names.get(row.shipMethodId) ?? '')),
            page,
            size,
            total: listed.total,
          };
        },
        { readOnly: true },
      );
    },

    createCarrierMapping(auth: AuthContext, input: CarrierMappingInput): Promise<CarrierMapping> {
      return change(auth, async (tx) => {
        const values = await carrierValues(tx, auth.tenantId, input);
        const row = await mappings.insertCarrier(tx, auth.tenantId, values).catch((error: unknown) => {
          if (isUniqueViolation(error)) throw badRequest({ destination: 'That destination is mapped already' });
          throw error;
        });
        return toCarrierMapping(tx, auth.tenantId, row);
      });
    },

    updateCarrierMapping(auth: AuthContext, idText: string, input: CarrierMappingInput): Promise<CarrierMapping> {
      return change(auth, async (tx) => {
        const id = parseId(idText);
        if (id === null || !(await mappings.findCarrier(tx, auth.tenantId, id))) throw notFound(MAPPING_NOT_FOUND);
        const values = await carrierValues(tx, auth.tenantId, input, id);
        return toCarrierMapping(tx, auth.tenantId, await mappings.updateCarrier(tx, auth.tenantId, id, values));
      });
    },

    async listStoreMappings(auth: AuthContext, query: { ship_method?: string; size?: number; page?: number }) {
      const size = query.size ?? 10;
      const page = query.page ?? 1;
      return database.withTenant(
        auth.tenantId,
        async (tx) => {
          const methodId = query.ship_method === undefined ? undefined : (parseId(query.ship_method) ?? -1);
          const listed = await mappings.listStore(tx, auth.tenantId, methodId, { size, offset: (page - 1) * size });
          return { rows: await toStoreMappings(tx, auth.tenantId, listed.rows), page, size, total: listed.total };
        },
        { readOnly: true },
      );
    },

    createStoreMapping(auth: AuthContext, data: StoreMappingData): Promise<StoreMapping> {
      return change(auth, async (tx) => {
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
    },

    updateStoreMapping(auth: AuthContext, idText: string, data: StoreMappingData): Promise<StoreMapping> {
      return change(auth, async (tx) => {
        const id = parseId(idText);
        if (id === null || !(await mappings.findStore(tx, auth.tenantId, id))) throw notFound(MAPPING_NOT_FOUND);
        const values = await storeKeys(tx, auth.tenantId, data, id);
        const saved = await mappings.updateStore(tx, auth.tenantId, id, values);
        return (await toStoreMappings(tx, auth.tenantId, [saved]))[0]!;
      });
    },
  };
}
export type ShipMethodsService = ReturnType<typeof createShipMethodsService>;

function shipMethodView(row: {
  id: number;
  name: string;
  createdAt: Date;
  openOrders: number;
  mapped: boolean;
}): ShipMethod {
  return {
    id: String(row.id),
    name: row.name,
    openOrders: row.openOrders,
    mapped: row.mapped,
    createdAt: row.createdAt.toISOString(),
  };
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
