import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { FINAL_TRACKING_STATUSES } from '@shipdesk/contract';
import type { Executor } from '../../db/client.ts';
import { shippingLabels } from '../labels/labels-tables.ts';

/**
 * The queries of per-number push subscriptions (tracking-push-subscriptions.ts). The sweep's reads across tenants
 * on the owner connection; everything else in the tenant's row-level security.
 */

interface DueSubscription {
  tenantId: string;
  carrier: string;
  carrierAccountId: number;
  id: number;
}

export interface SubscribingLabel {
  id: number;
  carrier: string;
  carrierAccountId: number | null;
  trackingNumber: string;
  pushSubscribeFailures: number;
}

type SubscriptionValues = Partial<
  Pick<
    typeof shippingLabels.$inferInsert,
    'pushSubscribedUntil' | 'pushSubscribeAt' | 'pushSubscribeFailures' | 'pushSubscribeProblem'
  >
>;

export function createPushSubscriptionRepository() {
  return {
    /**
     * The standing UPS parcels of accounts whose push is active, still moving and under `days` old, never
     * subscribed or lapsing within `renewHours`, and not held (a call in flight, a backoff): never subscribed first.
     * The carrier and the statuses are literals so that the partial index serves the query.
     */
    async due(db: Executor, limit: number, renewHours: number, days: number): Promise<DueSubscription[]> {
      const result = (await db.execute(sql`
        SELECT l.tenant_id, l.carrier, l.carrier_account_id, l.id FROM shipping_labels l
        JOIN tracking_push_subscriptions s
          ON s.tenant_id = l.tenant_id AND s.carrier_account_id = l.carrier_account_id
        WHERE l.status = 'active' AND l.carrier = 'ups'
          AND l.parcel_status NOT IN ('delivered', 'returned', 'voided')
          AND (l.push_subscribed_until IS NULL OR l.push_subscribed_until < now() + make_interval(hours => ${renewHours}))
          AND (l.push_subscribe_at IS NULL OR l.push_subscribe_at <= now())
          AND l.created_at > now() - make_interval(days => ${days})
          AND s.status IN ('active', 'pending') AND s.carrier = l.carrier
        ORDER BY l.push_subscribed_until NULLS FIRST, l.id
        LIMIT ${limit}`)) as unknown as {
        rows: Array<{ tenant_id: string; carrier: string; carrier_account_id: string; id: string }>;
      };
      return result.rows.map((r) => ({
        tenantId: r.tenant_id,
        carrier: r.carrier,
        carrierAccountId: Number(r.carrier_account_id),
        id: Number(r.id),
      }));
    },

    /** Holds the labels no other sweep holds now for `seconds`; answers those it took. */
    async lease(tx: Executor, tenantId: string, ids: readonly number[], seconds: number): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const rows = await tx
        .update(shippingLabels)
        .set({ pushSubscribeAt: sql`now() + make_interval(secs => ${seconds})` })
        .where(
          and(
            eq(shippingLabels.tenantId, tenantId),
            inArray(shippingLabels.id, [...ids]),
            sql`(${shippingLabels.pushSubscribeAt} IS NULL OR ${shippingLabels.pushSubscribeAt} <= now())`,
          ),
        )
        .returning({ id: shippingLabels.id });
      return new Set(rows.map((r) => r.id));
    },

    /** Holds the labels until `until` (the account's next budget window, or a day when it cannot subscribe). */
    async holdUntil(tx: Executor, tenantId: string, ids: readonly number[], until: Date): Promise<void> {
      if (ids.length === 0) return;
      await tx
        .update(shippingLabels)
        .set({ pushSubscribeAt: until })
        .where(and(eq(shippingLabels.tenantId, tenantId), inArray(shippingLabels.id, [...ids])));
    },

    /** The standing labels of a subscription job whose parcel still moves. */
    async labels(tx: Executor, tenantId: string, ids: readonly number[]): Promise<SubscribingLabel[]> {
      if (ids.length === 0) return [];
      return tx
        .select({
          id: shippingLabels.id,
          carrier: shippingLabels.carrier,
          carrierAccountId: shippingLabels.carrierAccountId,
          trackingNumber: shippingLabels.trackingNumber,
          pushSubscribeFailures: shippingLabels.pushSubscribeFailures,
        })
        .from(shippingLabels)
        .where(
          and(
            eq(shippingLabels.tenantId, tenantId),
            inArray(shippingLabels.id, [...ids]),
            eq(shippingLabels.status, 'active'),
            notInArray(shippingLabels.parcelStatus, [...FINAL_TRACKING_STATUSES]),
          ),
        );
    },

    async set(tx: Executor, tenantId: string, ids: readonly number[], values: SubscriptionValues): Promise<void> {
      if (ids.length === 0) return;
      await tx
        .update(shippingLabels)
        .set(values)
        .where(and(eq(shippingLabels.tenantId, tenantId), inArray(shippingLabels.id, [...ids])));
    },
  };
}
