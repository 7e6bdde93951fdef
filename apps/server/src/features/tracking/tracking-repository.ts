import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { shippingLabels } from '../labels/labels-tables.ts';
import type { TrackedEvent } from '../../integrations/carriers/carrier-types.ts';
import { eventKey } from './tracking-cadence.ts';
import { trackingEvents, type TrackingEventRow } from './tracking-tables.ts';

/** A standing label as tracking reads it. */
const parcelColumns = {
  id: shippingLabels.id,
  orderId: shippingLabels.orderId,
  deliveryId: shippingLabels.deliveryId,
  carrier: shippingLabels.carrier,
  carrierAccountId: shippingLabels.carrierAccountId,
  trackingNumber: shippingLabels.trackingNumber,
  status: shippingLabels.status,
  parcelStatus: shippingLabels.parcelStatus,
  parcelStatusAt: shippingLabels.parcelStatusAt,
  parcelExpected: shippingLabels.parcelExpected,
  parcelCheckedAt: shippingLabels.parcelCheckedAt,
  parcelNextAt: shippingLabels.parcelNextAt,
  parcelFailures: shippingLabels.parcelFailures,
  parcelProblem: shippingLabels.parcelProblem,
  createdAt: shippingLabels.createdAt,
};
export type ParcelRow = Pick<typeof shippingLabels.$inferSelect, keyof typeof parcelColumns>;

interface DueParcel {
  tenantId: string;
  carrier: string;
  carrierAccountId: number | null;
  id: number;
}

/** The queries of tracking; every one scoped to the tenant, but the sweep's (run as the owner, across tenants). */
export function createTrackingRepository() {
  return {
    /** Parcels whose next check is due, oldest due first, across tenants (the sweep's). */
    async due(db: Executor, limit: number): Promise<DueParcel[]> {
      const result = (await db.execute(sql`
        SELECT tenant_id, carrier, carrier_account_id, id FROM shipping_labels
        WHERE status = 'active' AND parcel_next_at <= now() AND carrier <> 'local'
        ORDER BY parcel_next_at LIMIT ${limit}`)) as unknown as {
        rows: Array<{ tenant_id: string; carrier: string; carrier_account_id: string | null; id: string }>;
      };
      return result.rows.map((r) => ({
        tenantId: r.tenant_id,
        carrier: r.carrier,
        carrierAccountId: r.carrier_account_id === null ? null : Number(r.carrier_account_id),
        id: Number(r.id),
      }));
    },

    /** Holds the parcels for a check in flight: the next sweep leaves them until the lease ends. */
    async lease(tx: Executor, tenantId: string, ids: readonly number[], seconds: number): Promise<void> {
      if (ids.length === 0) return;
      await tx
        .update(shippingLabels)
        .set({ parcelNextAt: sql`now() + make_interval(secs => ${seconds})` })
        .where(and(eq(shippingLabels.tenantId, tenantId), inArray(shippingLabels.id, [...ids])));
    },

    async parcels(tx: Executor, tenantId: string, ids: readonly number[], lock = false): Promise<ParcelRow[]> {
      if (ids.length === 0) return [];
      const query = tx
        .select(parcelColumns)
        .from(shippingLabels)
        .where(
          and(
            eq(shippingLabels.tenantId, tenantId),
            inArray(shippingLabels.id, [...ids]),
            eq(shippingLabels.status, 'active'),
          ),
        );
      return (lock ? await query.for('update') : await query) as ParcelRow[];
    },

    /** The delivery's label as tracking reads it: the standing one, else the latest (voided). */
    async latest(tx: Executor, tenantId: string, deliveryId: number): Promise<ParcelRow | undefined> {
      const [row] = await tx
        .select(parcelColumns)
        .from(shippingLabels)
        .where(and(eq(shippingLabels.tenantId, tenantId), eq(shippingLabels.deliveryId, deliveryId)))
        .orderBy(sql`${shippingLabels.status} = 'active' DESC`, desc(shippingLabels.id))
        .limit(1);
      return row as ParcelRow | undefined;
    },

    /** Stores the events not stored yet (by their key); answers how many were new. */
    async addEvents(
      tx: Executor,
      tenantId: string,
      labelId: number,
      events: readonly TrackedEvent[],
      source: 'poll' | 'push' | 'seller',
    ): Promise<number> {
      if (events.length === 0) return 0;
      const rows = await tx
        .insert(trackingEvents)
        .values(
          events.map((e) => ({
            tenantId,
            labelId,
            key: eventKey(e),
            at: new Date(e.at),
            status: e.status,
            code: e.code,
            description: e.description.slice(0, 1000),
            location: e.location?.slice(0, 200) ?? null,
            source,
          })),
        )
        .onConflictDoNothing()
        .returning({ key: trackingEvents.key });
      return rows.length;
    },

    /** The parcel's events, newest first (by the carrier's time). */
    async events(tx: Executor, tenantId: string, labelId: number, limit = 200): Promise<TrackingEventRow[]> {
      return tx
        .select()
        .from(trackingEvents)
        .where(and(eq(trackingEvents.tenantId, tenantId), eq(trackingEvents.labelId, labelId)))
        .orderBy(desc(trackingEvents.at), desc(trackingEvents.receivedAt))
        .limit(limit);
    },

    async setParcel(
      tx: Executor,
      tenantId: string,
      labelId: number,
      values: Partial<
        Pick<
          typeof shippingLabels.$inferInsert,
          | 'parcelStatus'
          | 'parcelStatusAt'
          | 'parcelExpected'
          | 'parcelCheckedAt'
          | 'parcelNextAt'
          | 'parcelFailures'
          | 'parcelProblem'
        >
      >,
    ): Promise<void> {
      await tx
        .update(shippingLabels)
        .set(values)
        .where(and(eq(shippingLabels.tenantId, tenantId), eq(shippingLabels.id, labelId)));
    },
  };
}
