import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  requestedServiceKeys,
  shipMethodCarrierMappings,
  shipMethodStoreMappings,
  type ShipMethodCarrierMappingRow,
  type ShipMethodStoreMappingRow,
} from '../../db/schema/index.ts';

/** The SQL of both mappings (carrier and store); every function takes the tenant and a `withTenant` transaction. */

type Page = { size: number; offset: number };
type CarrierMappingValues = Omit<typeof shipMethodCarrierMappings.$inferInsert, 'tenantId' | 'id'>;
type StoreMappingValues = Omit<typeof shipMethodStoreMappings.$inferInsert, 'tenantId' | 'id' | 'createdAt'>;

/** Postgres's unique_violation: the database refused a second row for a key. */
export const isUniqueViolation = (error: unknown) => {
  const code =
    (error as { code?: unknown; cause?: { code?: unknown } }).code ??
    (error as { cause?: { code?: unknown } }).cause?.code;
  return code === '23505';
};

export function createShippingMappingsRepository() {
  const carrierWhere = (tenantId: string, shipMethodId: number | undefined): SQL =>
    and(
      eq(shipMethodCarrierMappings.tenantId, tenantId),
      shipMethodId === undefined ? undefined : eq(shipMethodCarrierMappings.shipMethodId, shipMethodId),
    )!;
  const storeWhere = (tenantId: string, shipMethodId: number | undefined): SQL =>
    and(
      eq(shipMethodStoreMappings.tenantId, tenantId),
      shipMethodId === undefined ? undefined : eq(shipMethodStoreMappings.shipMethodId, shipMethodId),
    )!;

  return {
    async listCarrier(
      tx: Executor,
      tenantId: string,
      shipMethodId: number | undefined,
      page: Page,
    ): Promise<{ rows: ShipMethodCarrierMappingRow[]; total: number }> {
      const where = carrierWhere(tenantId, shipMethodId);
      const rows = await tx
        .select()
        .from(shipMethodCarrierMappings)
        .where(where)
        .orderBy(asc(shipMethodCarrierMappings.shipMethodId), asc(shipMethodCarrierMappings.id))
        .limit(page.size)
        .offset(page.offset);
      const [total] = await tx.select({ n: count() }).from(shipMethodCarrierMappings).where(where);
      return { rows, total: Number(total?.n ?? 0) };
    },

    async findCarrier(tx: Executor, tenantId: string, id: number): Promise<ShipMethodCarrierMappingRow | undefined> {
      const [row] = await tx
        .select()
        .from(shipMethodCarrierMappings)
        .where(and(eq(shipMethodCarrierMappings.tenantId, tenantId), eq(shipMethodCarrierMappings.id, id)));
      return row;
    },

    async insertCarrier(tx: Executor, tenantId: string, values: CarrierMappingValues) {
      const [row] = await tx
        .insert(shipMethodCarrierMappings)
        .values({ tenantId, ...values })
        .returning();
      return row!;
    },

    async updateCarrier(tx: Executor, tenantId: string, id: number, values: CarrierMappingValues) {
      const [row] = await tx
        .update(shipMethodCarrierMappings)
        .set(values)
        .where(and(eq(shipMethodCarrierMappings.tenantId, tenantId), eq(shipMethodCarrierMappings.id, id)))
        .returning();
      return row!;
    },

    /** The mapping of a method for a destination, other than `exceptId`: one per method and destination. */
    async carrierFor(
      tx: Executor,
      tenantId: string,
      shipMethodId: number,
      destination: string,
      exceptId?: number,
    ): Promise<ShipMethodCarrierMappingRow | undefined> {
      const [row] = await tx
        .select()
        .from(shipMethodCarrierMappings)
        .where(
          and(
            carrierWhere(tenantId, shipMethodId),
            eq(shipMethodCarrierMappings.destination, destination),
            exceptId === undefined ? undefined : sql`${shipMethodCarrierMappings.id} <> ${exceptId}`,
          ),
        );
      return row;
    },

    async listStore(
      tx: Executor,
      tenantId: string,
      shipMethodId: number | undefined,
      page: Page,
    ): Promise<{ rows: ShipMethodStoreMappingRow[]; total: number }> {
      const where = storeWhere(tenantId, shipMethodId);
      const rows = await tx
        .select()
        .from(shipMethodStoreMappings)
        .where(where)
        .orderBy(asc(shipMethodStoreMappings.shipMethodId), asc(shipMethodStoreMappings.id))
        .limit(page.size)
        .offset(page.offset);
      const [total] = await tx.select({ n: count() }).from(shipMethodStoreMappings).where(where);
      return { rows, total: Number(total?.n ?? 0) };
    },

    async findStore(tx: Executor, tenantId: string, id: number): Promise<ShipMethodStoreMappingRow | undefined> {
      const [row] = await tx
        .select()
        .from(shipMethodStoreMappings)
        .where(and(eq(shipMethodStoreMappings.tenantId, tenantId), eq(shipMethodStoreMappings.id, id)));
      return row;
    },

    async insertStore(tx: Executor, tenantId: string, values: StoreMappingValues) {
      const [row] = await tx
        .insert(shipMethodStoreMappings)
        .values({ tenantId, ...values })
        .returning();
      return row!;
    },

    /** Nothing names a mapping (orders keep the carrier service they resolved to): it is always deleted. */
    async deleteCarrier(tx: Executor, tenantId: string, id: number): Promise<void> {
      await tx
        .delete(shipMethodCarrierMappings)
        .where(and(eq(shipMethodCarrierMappings.tenantId, tenantId), eq(shipMethodCarrierMappings.id, id)));
    },

    /** A store mapping and the lookup keys it wrote. */
    async deleteStore(tx: Executor, tenantId: string, id: number): Promise<void> {
      await tx
        .delete(requestedServiceKeys)
        .where(and(eq(requestedServiceKeys.tenantId, tenantId), eq(requestedServiceKeys.storeMappingId, id)));
      await tx
        .delete(shipMethodStoreMappings)
        .where(and(eq(shipMethodStoreMappings.tenantId, tenantId), eq(shipMethodStoreMappings.id, id)));
    },

    async updateStore(tx: Executor, tenantId: string, id: number, values: StoreMappingValues) {
      const [row] = await tx
        .update(shipMethodStoreMappings)
        .set(values)
        .where(and(eq(shipMethodStoreMappings.tenantId, tenantId), eq(shipMethodStoreMappings.id, id)))
        .returning();
      return row!;
    },
  };
}
