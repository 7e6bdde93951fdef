import { and, asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { shippingLabels } from '../labels/labels-tables.ts';
import { pickups, scanForms } from './end-of-day-tables.ts';

export type ScanFormRow = Omit<typeof scanForms.$inferSelect, 'document'>;
export type PickupRow = typeof pickups.$inferSelect;
type NewScanForm = typeof scanForms.$inferInsert;
type NewPickup = typeof pickups.$inferInsert;

const { document: _document, ...scanFormColumns } = getTableColumns(scanForms);

/** A standing (not voided) label of the day, as the end of the day lists it. */
const dayLabelColumns = {
  id: shippingLabels.id,
  orderId: shippingLabels.orderId,
  carrier: shippingLabels.carrier,
  carrierAccountId: shippingLabels.carrierAccountId,
  trackingNumber: shippingLabels.trackingNumber,
  carrierShipmentId: shippingLabels.carrierShipmentId,
  serviceCode: shippingLabels.serviceCode,
  serviceName: shippingLabels.serviceName,
  weight: shippingLabels.weight,
  shipDate: shippingLabels.shipDate,
};
export interface DayLabelRow {
  id: number;
  orderId: number;
  carrier: string;
  carrierAccountId: number | null;
  trackingNumber: string;
  carrierShipmentId: string;
  serviceCode: string;
  serviceName: string;
  weight: number;
  shipDate: string;
}

/** The queries of SCAN forms and pickups; every one scoped to the tenant (and row-level security beneath). */
export function createEndOfDayRepository() {
  return {
    /** The day's standing labels (neither voided nor waiting for a refund), oldest first. */
    dayLabels(tx: Executor, tenantId: string, day: string): Promise<DayLabelRow[]> {
      return tx
        .select(dayLabelColumns)
        .from(shippingLabels)
        .where(
          and(
            eq(shippingLabels.tenantId, tenantId),
            eq(shippingLabels.shipDate, day),
            eq(shippingLabels.status, 'active'),
          ),
        )
        .orderBy(asc(shippingLabels.id));
    },

    dayScanForms(tx: Executor, tenantId: string, day: string): Promise<ScanFormRow[]> {
      return tx
        .select(scanFormColumns)
        .from(scanForms)
        .where(and(eq(scanForms.tenantId, tenantId), eq(scanForms.shipDate, day)))
        .orderBy(asc(scanForms.id));
    },

    dayPickups(tx: Executor, tenantId: string, day: string): Promise<PickupRow[]> {
      return tx
        .select()
        .from(pickups)
        .where(and(eq(pickups.tenantId, tenantId), eq(pickups.pickupDate, day)))
        .orderBy(asc(pickups.id));
    },

    /** The tracking numbers of labels (by id), for the forms that list them. */
    async trackingNumbers(tx: Executor, tenantId: string, ids: number[]): Promise<Map<number, string>> {
      if (ids.length === 0) return new Map();
      const rows = await tx
        .select({ id: shippingLabels.id, trackingNumber: shippingLabels.trackingNumber })
        .from(shippingLabels)
        .where(and(eq(shippingLabels.tenantId, tenantId), inArray(shippingLabels.id, ids)));
      return new Map(rows.map((row) => [row.id, row.trackingNumber]));
    },

    /** Serialises the forms of one account and day, so two clicks never put a label on two forms. */
    async lockDay(tx: Executor, tenantId: string, carrierAccountId: number, day: string): Promise<void> {
      await tx.execute(
        sql`SELECT pg_advisory_xact_lock(hashtext(${`scan-form:${tenantId}:${carrierAccountId}:${day}`}))`,
      );
    },

    async insertScanForm(tx: Executor, row: NewScanForm): Promise<ScanFormRow> {
      const [inserted] = await tx.insert(scanForms).values(row).returning(scanFormColumns);
      return inserted!;
    },

    async scanFormDocument(tx: Executor, tenantId: string, id: number) {
      const [row] = await tx
        .select({
          id: scanForms.id,
          carrierRef: scanForms.carrierRef,
          contentType: scanForms.contentType,
          document: scanForms.document,
        })
        .from(scanForms)
        .where(and(eq(scanForms.tenantId, tenantId), eq(scanForms.id, id)));
      return row;
    },

    async insertPickup(tx: Executor, row: NewPickup): Promise<PickupRow> {
      const [inserted] = await tx.insert(pickups).values(row).returning();
      return inserted!;
    },

    /** The pickup, locked for its cancel. */
    async pickupForUpdate(tx: Executor, tenantId: string, id: number): Promise<PickupRow | undefined> {
      const [row] = await tx
        .select()
        .from(pickups)
        .where(and(eq(pickups.tenantId, tenantId), eq(pickups.id, id)))
        .for('update');
      return row;
    },

    async markCanceled(tx: Executor, tenantId: string, id: number): Promise<PickupRow> {
      const [row] = await tx
        .update(pickups)
        .set({ status: 'canceled', canceledAt: sql`now()` })
        .where(and(eq(pickups.tenantId, tenantId), eq(pickups.id, id)))
        .returning();
      return row!;
    },
  };
}
