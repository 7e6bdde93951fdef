import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { shippingLabels } from '../labels/labels-tables.ts';
import { trackingPushSubscriptions } from './tracking-tables.ts';

export type PushSubscriptionRow = typeof trackingPushSubscriptions.$inferSelect;

/** The queries of tracking pushes: the hook's owner is found as the database owner (the key names the tenant). */
export function createTrackingPushRepository() {
  return {
    /** The subscription a hook key names, across tenants (the owner connection: only this lookup). */
    async byHookKey(db: Executor, hookKey: string): Promise<PushSubscriptionRow | undefined> {
      const [row] = await db
        .select()
        .from(trackingPushSubscriptions)
        .where(eq(trackingPushSubscriptions.hookKey, hookKey))
        .limit(1);
      return row;
    },

    async get(tx: Executor, tenantId: string, accountId: number): Promise<PushSubscriptionRow | undefined> {
      const [row] = await tx
        .select()
        .from(trackingPushSubscriptions)
        .where(
          and(
            eq(trackingPushSubscriptions.tenantId, tenantId),
            eq(trackingPushSubscriptions.carrierAccountId, accountId),
          ),
        );
      return row;
    },

    async save(
      tx: Executor,
      row: Pick<PushSubscriptionRow, 'tenantId' | 'carrierAccountId' | 'carrier' | 'hookKey'> &
        Partial<Pick<PushSubscriptionRow, 'externalId' | 'secret' | 'status' | 'message'>>,
    ): Promise<PushSubscriptionRow> {
      const { tenantId: _t, carrierAccountId: _a, hookKey: _h, ...changes } = row;
      const [saved] = await tx
        .insert(trackingPushSubscriptions)
        .values(row)
        .onConflictDoUpdate({
          target: [trackingPushSubscriptions.tenantId, trackingPushSubscriptions.carrierAccountId],
          set: { ...changes, updatedAt: new Date() },
        })
        .returning();
      return saved!;
    },

    /** A pending push heard from for the first time: active (the owner connection, as the hook's lookup). */
    async activate(db: Executor, hookKey: string): Promise<void> {
      await db
        .update(trackingPushSubscriptions)
        .set({ status: 'active', message: null, updatedAt: new Date() })
        .where(and(eq(trackingPushSubscriptions.hookKey, hookKey), eq(trackingPushSubscriptions.status, 'pending')));
    },

    /** Whether the account's parcels are pushed now (then polling is only a daily safety net). */
    async active(tx: Executor, tenantId: string, accountId: number | null): Promise<boolean> {
      if (accountId === null) return false;
      const row = await this.get(tx, tenantId, accountId);
      return row?.status === 'active';
    },

    /** The account's standing labels with these numbers. */
    async labelsByNumber(
      tx: Executor,
      tenantId: string,
      accountId: number,
      numbers: readonly string[],
    ): Promise<Array<{ id: number; trackingNumber: string }>> {
      if (numbers.length === 0) return [];
      return tx
        .select({ id: shippingLabels.id, trackingNumber: shippingLabels.trackingNumber })
        .from(shippingLabels)
        .where(
          and(
            eq(shippingLabels.tenantId, tenantId),
            eq(shippingLabels.carrierAccountId, accountId),
            eq(shippingLabels.status, 'active'),
            inArray(shippingLabels.trackingNumber, [...numbers]),
          ),
        );
    },
  };
}
