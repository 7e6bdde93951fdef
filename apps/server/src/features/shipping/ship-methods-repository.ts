import { and, asc, count, eq, ilike, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  requestedServiceKeys,
  shipMethodCarrierMappings,
  shipMethods,
  shipMethodStoreMappings,
  stores,
  type ShipMethodRow,
} from '../../db/schema/index.ts';

export type ShipMethodFilter = { field: 'name'; op: 'eq' | 'like'; value: string };

/** A requested service as the lookup keeps it: lower case, outer spaces trimmed (as orders' requested_service_key). */
export const serviceKey = (service: string) => service.trim().toLowerCase();

async function rowsOf<T>(tx: Executor, query: SQL): Promise<T[]> {
  return ((await tx.execute(query)) as unknown as { rows: T[] }).rows;
}

const OPEN = sql.raw(`('Draft Order', 'Sales Order')`);

interface ShipMethodListRow {
  id: number;
  name: string;
  createdAt: Date;
  archivedAt: Date | null;
  openOrders: number;
  mapped: boolean;
}

interface UnmappedRow {
  service: string;
  openOrders: number;
  storeIds: Array<number | null>;
}

function whereOf(tenantId: string, filters: readonly ShipMethodFilter[], archived: boolean): SQL {
  const parts: SQL[] = [eq(shipMethods.tenantId, tenantId)];
  if (!archived) parts.push(isNull(shipMethods.archivedAt));
  for (const f of filters) {
    parts.push(
      f.op === 'eq'
        ? sql`${shipMethods.nameKey} = ${f.value.trim().toLowerCase()}`
        : ilike(shipMethods.name, `%${f.value.replace(/[\\%_]/g, '\\$&')}%`),
    );
  }
  return and(...parts)!;
}

async function listShipMethods(
  tx: Executor,
  tenantId: string,
  filters: readonly ShipMethodFilter[],
  page: { size: number; offset: number },
  archived = false,
): Promise<{ rows: ShipMethodListRow[]; total: number }> {
  const where = whereOf(tenantId, filters, archived);
  const rows = await tx
    .select({
      id: shipMethods.id,
      name: shipMethods.name,
      createdAt: shipMethods.createdAt,
      archivedAt: shipMethods.archivedAt,
      // Qualified by hand: Drizzle writes a one-table query's columns unqualified, which inside these
      // subqueries would name the subquery's own table.
      openOrders: sql<string>`(SELECT count(*) FROM orders o WHERE o.tenant_id = ship_methods.tenant_id
        AND o.ship_method_id = ship_methods.id AND o.order_status IN ${OPEN})`,
      mapped: sql<boolean>`EXISTS (SELECT 1 FROM ${shipMethodCarrierMappings} c
        WHERE c.tenant_id = ship_methods.tenant_id AND c.ship_method_id = ship_methods.id)`,
    })
    .from(shipMethods)
    .where(where)
    .orderBy(asc(shipMethods.nameKey), asc(shipMethods.id))
    .limit(page.size)
    .offset(page.offset);
  const [total] = await tx.select({ n: count() }).from(shipMethods).where(where);
  return {
    rows: rows.map((r) => ({ ...r, openOrders: Number(r.openOrders) })),
    total: Number(total?.n ?? 0),
  };
}

/**
 * Requested services that open orders ask for and no method covers, most asked for first. Read through the
 * partial index of unmapped open orders: only those rows are counted.
 */
async function unmappedServices(tx: Executor, tenantId: string, limit = 100): Promise<UnmappedRow[]> {
  const rows = await rowsOf<{ service: string; n: string | number; stores: Array<string | number | null> }>(
    tx,
    sql`SELECT min(o.requested_shipping_method) AS service, count(*) AS n,
          array_agg(DISTINCT o.store_id) AS stores
        FROM orders o
        WHERE o.tenant_id = ${tenantId} AND o.ship_method_id IS NULL AND o.order_status IN ${OPEN}
          AND o.requested_service_key <> '' AND NOT o.shipping_by_user AND NOT o.shipping_by_rule
        GROUP BY o.requested_service_key
        ORDER BY count(*) DESC, min(o.requested_shipping_method)
        LIMIT ${limit}`,
  );
  return rows.map((r) => ({
    service: r.service.trim(),
    openOrders: Number(r.n),
    storeIds: (r.stores ?? []).map((id) => (id === null ? null : Number(id))),
  }));
}

async function findShipMethod(tx: Executor, tenantId: string, id: number): Promise<ShipMethodRow | undefined> {
  const [row] = await tx
    .select()
    .from(shipMethods)
    .where(and(eq(shipMethods.tenantId, tenantId), eq(shipMethods.id, id)));
  return row;
}

/** Undefined when the name (without regard to case) is taken. */
async function insertShipMethod(tx: Executor, tenantId: string, name: string): Promise<ShipMethodRow | undefined> {
  const [row] = await tx
    .insert(shipMethods)
    .values({ tenantId, name })
    .onConflictDoNothing({ target: [shipMethods.tenantId, shipMethods.nameKey], where: sql`archived_at IS NULL` })
    .returning();
  return row;
}

/** Undefined when another method has the name. */
async function renameShipMethod(
  tx: Executor,
  tenantId: string,
  id: number,
  name: string,
): Promise<ShipMethodRow | undefined> {
  const [clash] = await tx
    .select({ id: shipMethods.id })
    .from(shipMethods)
    .where(
      and(
        eq(shipMethods.tenantId, tenantId),
        sql`${shipMethods.nameKey} = ${serviceKey(name)}`,
        sql`${shipMethods.id} <> ${id}`,
        isNull(shipMethods.archivedAt),
      ),
    );
  if (clash) return undefined;
  const [row] = await tx
    .update(shipMethods)
    .set({ name })
    .where(and(eq(shipMethods.tenantId, tenantId), eq(shipMethods.id, id)))
    .returning();
  return row;
}

/** Names of methods by id (for answers that show them). */
async function shipMethodNames(tx: Executor, tenantId: string, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ id: shipMethods.id, name: shipMethods.name })
    .from(shipMethods)
    .where(and(eq(shipMethods.tenantId, tenantId), inArray(shipMethods.id, ids)));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/**
 * Replaces the lookup rows of one source (a method's own name: `storeMappingId` null; or a store mapping) with
 * `keys`. Answers the keys another method holds already for the same store (nothing is written then).
 */
async function setServiceKeys(
  tx: Executor,
  tenantId: string,
  source: { shipMethodId: number; storeMappingId: number | null; storeKey: number },
  keys: readonly string[],
): Promise<Array<{ key: string; shipMethodId: number }>> {
  const ownedBySource =
    source.storeMappingId === null
      ? and(
          eq(requestedServiceKeys.shipMethodId, source.shipMethodId),
          sql`${requestedServiceKeys.storeMappingId} IS NULL`,
        )
      : eq(requestedServiceKeys.storeMappingId, source.storeMappingId);
  if (keys.length > 0) {
    const clashes = await tx
      .select({ key: requestedServiceKeys.serviceKey, shipMethodId: requestedServiceKeys.shipMethodId })
      .from(requestedServiceKeys)
      .where(
        and(
          eq(requestedServiceKeys.tenantId, tenantId),
          eq(requestedServiceKeys.storeKey, source.storeKey),
          inArray(requestedServiceKeys.serviceKey, [...keys]),
          sql`NOT coalesce(${ownedBySource}, false)`,
        ),
      );
    if (clashes.length > 0) return clashes;
  }
  await tx.delete(requestedServiceKeys).where(and(eq(requestedServiceKeys.tenantId, tenantId), ownedBySource));
  if (keys.length > 0) {
    await tx.insert(requestedServiceKeys).values(
      keys.map((key) => ({
        tenantId,
        storeKey: source.storeKey,
        serviceKey: key,
        shipMethodId: source.shipMethodId,
        storeMappingId: source.storeMappingId,
      })),
    );
  }
  return [];
}

async function storeNames(tx: Executor, tenantId: string, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ id: stores.id, name: stores.name })
    .from(stores)
    .where(and(eq(stores.tenantId, tenantId), inArray(stores.id, ids)));
  return new Map(rows.map((r) => [r.id, r.name]));
}

async function storeMappingCount(tx: Executor, tenantId: string, shipMethodId: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(shipMethodStoreMappings)
    .where(and(eq(shipMethodStoreMappings.tenantId, tenantId), eq(shipMethodStoreMappings.shipMethodId, shipMethodId)));
  return Number(row?.n ?? 0);
}

/** What still names a method: orders (any status) and the tenant's current shipping rules. */
async function shipMethodReferences(tx: Executor, tenantId: string, id: number) {
  const [row] = await rowsOf<Record<'orders' | 'rules', string | number>>(
    tx,
    sql`SELECT
      (SELECT count(*) FROM orders WHERE tenant_id = ${tenantId} AND ship_method_id = ${id}) AS orders,
      (SELECT count(*) FROM shipping_rule_sets WHERE tenant_id = ${tenantId}
        AND jsonb_path_exists(rules, '$.**.shipMethodId ? (@ == $id)', jsonb_build_object('id', ${String(id)}::text))
      ) AS rules`,
  );
  return { orders: Number(row!.orders), ruleSets: Number(row!.rules) };
}

/**
 * Archives a method: no requested service means it any more (its lookup keys and store mappings go), so resolution
 * never chooses it again; its carrier mappings stay, for the orders and rules that still name it.
 */
async function archiveShipMethod(tx: Executor, tenantId: string, id: number): Promise<void> {
  await tx
    .delete(requestedServiceKeys)
    .where(and(eq(requestedServiceKeys.tenantId, tenantId), eq(requestedServiceKeys.shipMethodId, id)));
  await tx
    .delete(shipMethodStoreMappings)
    .where(and(eq(shipMethodStoreMappings.tenantId, tenantId), eq(shipMethodStoreMappings.shipMethodId, id)));
  await tx
    .update(shipMethods)
    .set({ archivedAt: sql`now()` })
    .where(and(eq(shipMethods.tenantId, tenantId), eq(shipMethods.id, id)));
}

/** Deletes a method; its mappings and lookup keys go with it (foreign keys on delete cascade). */
async function deleteShipMethod(tx: Executor, tenantId: string, id: number): Promise<void> {
  await tx.delete(shipMethods).where(and(eq(shipMethods.tenantId, tenantId), eq(shipMethods.id, id)));
}

/** Undefined when a live method has its name now. */
async function restoreShipMethod(
  tx: Executor,
  tenantId: string,
  row: ShipMethodRow,
): Promise<ShipMethodRow | undefined> {
  const [clash] = await tx
    .select({ id: shipMethods.id })
    .from(shipMethods)
    .where(
      and(
        eq(shipMethods.tenantId, tenantId),
        sql`${shipMethods.nameKey} = ${serviceKey(row.name)}`,
        isNull(shipMethods.archivedAt),
      ),
    );
  if (clash) return undefined;
  const [restored] = await tx
    .update(shipMethods)
    .set({ archivedAt: null })
    .where(and(eq(shipMethods.tenantId, tenantId), eq(shipMethods.id, row.id)))
    .returning();
  return restored;
}

/** All SQL of shipping methods and their mappings; every function takes the tenant and a `withTenant` transaction. */
export function createShipMethodsRepository() {
  return {
    list: listShipMethods,
    unmapped: unmappedServices,
    find: findShipMethod,
    insert: insertShipMethod,
    rename: renameShipMethod,
    names: shipMethodNames,
    setKeys: setServiceKeys,
    storeNames,
    storeMappingCount,
    references: shipMethodReferences,
    archive: archiveShipMethod,
    remove: deleteShipMethod,
    restore: restoreShipMethod,
  };
}
