import {
  SHIP_METHOD_FILTER_FIELDS,
  parseFilterValue,
  referencesReason,
  type CarrierMappingInput,
  type RemovalResult,
  type ShipMethod,
  type ShipMethodInput,
  type ShipMethodList,
  type ShipMethodListQuery,
  type StoreMappingData,
} from '@shipdesk/contract';
import type { Database } from '../../db/client.ts';
import { unstorableField } from '../../domain/storable-values.ts';
import { badRequest, notFound } from '../../lib/http-errors.ts';
import { parseId } from '../../lib/ids.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import {
  change,
  createCarrierMapping,
  createStoreMapping,
  deleteCarrierMapping,
  deleteStoreMapping,
  listCarrierMappings,
  listStoreMappings,
  updateCarrierMapping,
  updateStoreMapping,
  type ShipMethodsDeps,
} from './ship-method-mappings-service.ts';
import { createShipMethodsRepository, serviceKey, type ShipMethodFilter } from './ship-methods-repository.ts';
import type { ShippingResolution } from './shipping-resolution-service.ts';

/**
 * Shipping methods, carrier mappings and store mappings (spec 7.5). Every change that can move an order's resolution
 * asks for a pass over the open orders in its own transaction, and starts it once committed.
 */
const METHOD_NOT_FOUND = 'Shipping method not found';
const methods = createShipMethodsRepository();

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

async function listShipMethods(
  deps: ShipMethodsDeps,
  auth: AuthContext,
  query: ShipMethodListQuery,
): Promise<ShipMethodList> {
  const size = query.size ?? 10;
  const page = query.page ?? 1;
  const filters = parseFilters(query.filters);
  return deps.database.withTenant(
    auth.tenantId,
    async (tx) => {
      const [listed, unmapped] = await Promise.all([
        methods.list(tx, auth.tenantId, filters, { size, offset: (page - 1) * size }, query.archived === true),
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
}

function createShipMethod(deps: ShipMethodsDeps, auth: AuthContext, input: ShipMethodInput): Promise<ShipMethod> {
  const name = input.name.trim();
  if (!name) throw badRequest({ name: 'name must not be blank' });
  return change(deps, auth, async (tx) => {
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
}

/**
 * Deleted (with its mappings) when no order or rule names it; archived otherwise: no requested service means it any
 * more, so open orders resolved to it are resolved again, and orders already shipped keep its name.
 */
function removeShipMethod(deps: ShipMethodsDeps, auth: AuthContext, idText: string): Promise<RemovalResult> {
  return change(deps, auth, async (tx) => {
    const id = parseId(idText);
    const row = id === null ? undefined : await methods.find(tx, auth.tenantId, id);
    if (!row) throw notFound(METHOD_NOT_FOUND);
    const refs = await methods.references(tx, auth.tenantId, row.id);
    const reason = referencesReason([
      [refs.orders, 'order', 'orders'],
      [refs.ruleSets, 'shipping rule set', 'shipping rule sets'],
    ]);
    if (!reason) {
      await methods.remove(tx, auth.tenantId, row.id);
      return { deleted: true, archived: false, reason: null };
    }
    if (!row.archivedAt) await methods.archive(tx, auth.tenantId, row.id);
    return { deleted: false, archived: true, reason };
  });
}

/** Back among the choices, its own name meaning it again; its store mappings were removed and are added anew. */
function restoreShipMethod(deps: ShipMethodsDeps, auth: AuthContext, idText: string): Promise<ShipMethod> {
  return change(deps, auth, async (tx) => {
    const id = parseId(idText);
    const row = id === null ? undefined : await methods.find(tx, auth.tenantId, id);
    if (!row) throw notFound(METHOD_NOT_FOUND);
    if (!row.archivedAt) return shipMethodView({ ...row, openOrders: 0, mapped: false });
    const restored = await methods.restore(tx, auth.tenantId, row);
    const taken = { name: `A shipping method named "${row.name}" exists already: rename one of them first` };
    if (!restored) throw badRequest(taken);
    const clashes = await methods.setKeys(
      tx,
      auth.tenantId,
      { shipMethodId: row.id, storeMappingId: null, storeKey: 0 },
      [serviceKey(row.name)],
    );
    if (clashes.length > 0) throw badRequest({ name: `"${row.name}" is mapped to another shipping method already` });
    return shipMethodView({ ...restored, openOrders: 0, mapped: false });
  });
}

function renameShipMethod(
  deps: ShipMethodsDeps,
  auth: AuthContext,
  idText: string,
  input: ShipMethodInput,
): Promise<ShipMethod> {
  const name = input.name.trim();
  if (!name) throw badRequest({ name: 'name must not be blank' });
  return change(deps, auth, async (tx) => {
    const id = parseId(idText);
    const found = id === null ? undefined : await methods.find(tx, auth.tenantId, id);
    if (!found) throw notFound(METHOD_NOT_FOUND);
    // Its name would mean it again for every store: an archived method is restored first.
    if (found.archivedAt) throw badRequest({ name: `${found.name} is archived: restore it first` });
    const row = await methods.rename(tx, auth.tenantId, found.id, name);
    if (!row) throw badRequest({ name: `A shipping method named "${name}" exists already` });
    const clashes = await methods.setKeys(
      tx,
      auth.tenantId,
      { shipMethodId: found.id, storeMappingId: null, storeKey: 0 },
      [serviceKey(name)],
    );
    if (clashes.length > 0) throw badRequest({ name: `"${name}" is mapped to another shipping method already` });
    const [listed] = (
      await methods.list(tx, auth.tenantId, [{ field: 'name', op: 'eq', value: name }], { size: 1, offset: 0 })
    ).rows;
    return shipMethodView(listed ?? { ...row, openOrders: 0, mapped: false });
  });
}

export function createShipMethodsService(database: Database, resolution: ShippingResolution) {
  const deps: ShipMethodsDeps = { database, resolution };
  return {
    list: (auth: AuthContext, query: ShipMethodListQuery) => listShipMethods(deps, auth, query),
    create: (auth: AuthContext, input: ShipMethodInput) => createShipMethod(deps, auth, input),
    rename: (auth: AuthContext, idText: string, input: ShipMethodInput) => renameShipMethod(deps, auth, idText, input),
    remove: (auth: AuthContext, idText: string) => removeShipMethod(deps, auth, idText),
    restore: (auth: AuthContext, idText: string) => restoreShipMethod(deps, auth, idText),
    listCarrierMappings: (auth: AuthContext, query: { ship_method?: string; size?: number; page?: number }) =>
      listCarrierMappings(deps, auth, query),
    createCarrierMapping: (auth: AuthContext, input: CarrierMappingInput) => createCarrierMapping(deps, auth, input),
    updateCarrierMapping: (auth: AuthContext, idText: string, input: CarrierMappingInput) =>
      updateCarrierMapping(deps, auth, idText, input),
    listStoreMappings: (auth: AuthContext, query: { ship_method?: string; size?: number; page?: number }) =>
      listStoreMappings(deps, auth, query),
    createStoreMapping: (auth: AuthContext, data: StoreMappingData) => createStoreMapping(deps, auth, data),
    updateStoreMapping: (auth: AuthContext, idText: string, data: StoreMappingData) =>
      updateStoreMapping(deps, auth, idText, data),
    deleteCarrierMapping: (auth: AuthContext, idText: string) => deleteCarrierMapping(deps, auth, idText),
    deleteStoreMapping: (auth: AuthContext, idText: string) => deleteStoreMapping(deps, auth, idText),
  };
}
export type ShipMethodsService = ReturnType<typeof createShipMethodsService>;

function shipMethodView(row: {
  id: number;
  name: string;
  createdAt: Date;
  archivedAt?: Date | null;
  openOrders: number;
  mapped: boolean;
}): ShipMethod {
  return {
    id: String(row.id),
    name: row.name,
    openOrders: row.openOrders,
    mapped: row.mapped,
    createdAt: row.createdAt.toISOString(),
    archivedAt: row.archivedAt?.toISOString() ?? null,
  };
}
