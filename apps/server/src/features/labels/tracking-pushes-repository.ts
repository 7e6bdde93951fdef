import { and, desc, eq, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { labelColumns, shippingLabels, type LabelRow } from '../../db/schema/index.ts';

const ownLabel = (tenantId: string, id: number) =>
  and(eq(shippingLabels.tenantId, tenantId), eq(shippingLabels.id, id));

/**
 * Claims the label's push when it is due: leased for `leaseSeconds`, its attempt counted. False when it is not
 * (pushed, not due).
 */
async function claimPush(tx: Executor, tenantId: string, id: number, leaseSeconds: number): Promise<boolean> {
  const claimed = await tx
    .update(shippingLabels)
    .set({
      trackingPushNextAt: sql`clock_timestamp() + make_interval(secs => ${leaseSeconds})`,
      trackingPushAttempts: sql`${shippingLabels.trackingPushAttempts} + 1`,
    })
    .where(
      and(
        ownLabel(tenantId, id),
        eq(shippingLabels.trackingPushStatus, 'pending'),
        lte(shippingLabels.trackingPushNextAt, sql`clock_timestamp()`),
      ),
    )
    .returning({ id: shippingLabels.id });
  return claimed.length > 0;
}

/** The label, for its push. */
async function findPushLabel(tx: Executor, tenantId: string, id: number): Promise<LabelRow | undefined> {
  const [label] = await tx.select(labelColumns).from(shippingLabels).where(ownLabel(tenantId, id));
  return label;
}

/** The channel was told: the push is done. */
async function markPushed(tx: Executor, tenantId: string, id: number): Promise<void> {
  await tx
    .update(shippingLabels)
    .set({
      trackingPushStatus: 'pushed',
      trackingPushNextAt: null,
      trackingPushMessage: null,
      trackingPushedAt: new Date(),
    })
    .where(ownLabel(tenantId, id));
}

/**
 * The push failed, in the platform's `message`: pending again, due in `waitSeconds`, or failed for good when
 * `waitSeconds` is null (the attempts are spent).
 */
async function recordPushFailure(
  tx: Executor,
  tenantId: string,
  id: number,
  message: string,
  waitSeconds: number | null,
): Promise<void> {
  await tx
    .update(shippingLabels)
    .set({
      trackingPushStatus: waitSeconds === null ? 'failed' : 'pending',
      trackingPushMessage: message,
      trackingPushNextAt: waitSeconds === null ? null : sql`clock_timestamp() + make_interval(secs => ${waitSeconds})`,
    })
    .where(ownLabel(tenantId, id));
}

/** Pushes pending and due for over a minute, across tenants (the sweep, owner connection): their job is lost. */
async function overduePushes(db: Executor, limit: number): Promise<Array<{ tenantId: string; labelId: number }>> {
  return db
    .select({ tenantId: shippingLabels.tenantId, labelId: shippingLabels.id })
    .from(shippingLabels)
    .where(
      and(
        eq(shippingLabels.trackingPushStatus, 'pending'),
        lte(shippingLabels.trackingPushNextAt, sql`clock_timestamp() - interval '1 minute'`),
      ),
    )
    .orderBy(shippingLabels.trackingPushNextAt)
    .limit(limit);
}

/**
 * The delivery's standing label, else the newest voided one (whose void the channel may not have taken yet),
 * locked for its retry.
 */
async function lockDeliveryPushLabel(
  tx: Executor,
  tenantId: string,
  deliveryId: number,
): Promise<LabelRow | undefined> {
  const [label] = await tx
    .select(labelColumns)
    .from(shippingLabels)
    .where(and(eq(shippingLabels.tenantId, tenantId), eq(shippingLabels.deliveryId, deliveryId)))
    .orderBy(sql`${shippingLabels.status} = 'active' DESC`, desc(shippingLabels.id))
    .limit(1)
    .for('update');
  return label;
}

/** A person's retry: the push is pending and due now, its attempts counted from zero again. */
async function restartPush(tx: Executor, tenantId: string, id: number): Promise<LabelRow> {
  const [updated] = await tx
    .update(shippingLabels)
    .set({ trackingPushStatus: 'pending', trackingPushAttempts: 0, trackingPushNextAt: sql`clock_timestamp()` })
    .where(ownLabel(tenantId, id))
    .returning(labelColumns);
  return updated!;
}

/** All SQL of tracking pushes; every function takes the tenant and a `withTenant` transaction (the sweep's excepted). */
export function createTrackingPushesRepository() {
  return {
    claimPush,
    findPushLabel,
    markPushed,
    recordPushFailure,
    overduePushes,
    lockDeliveryPushLabel,
    restartPush,
  };
}
