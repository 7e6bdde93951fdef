import type { TrackingStatus } from '@shipdesk/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import type { TrackedParcel } from '../../integrations/carriers/carrier-types.ts';
import { queueBuyerNotice } from '../buyer-notices/index.ts';
import { shippingLabels } from '../labels/labels-tables.ts';
import { recordOrderEvents, refreshOrderParcels, type OrdersNotifier } from '../orders/index.ts';
import { eventKey, nextCheckAt } from './tracking-cadence.ts';
import { pushedParcels } from './tracking-push-payloads.ts';
import { createTrackingPushRepository } from './tracking-push-repository.ts';
import { createTrackingRepository, type ParcelRow } from './tracking-repository.ts';
import { trackingEvents } from './tracking-tables.ts';
import { parcelStatusRow } from './tracking-timeline.ts';

/**
 * Many verified pushes recorded at once (docs/tracking.md "Pushes"): the listener's group commit stores them as one
 * `tracking-push-event` job, worked here. Per tenant one transaction: its labels found by number once, locked in id
 * order (two batches never wait on each other in a circle), every event of the batch inserted in one statement (each
 * kept once by its key), each label's newest event (by the carrier's time) read in one statement and every label set
 * in one; the orders' rollups refreshed once, a timeline row and the buyer's delivered e-mail for each parcel whose
 * status changed, and one realtime message with the changed orders after the commit. The outcome of each pushed parcel
 * is what recording it alone would answer (tracking-service.ts `recordParcel`, source `push`).
 */

export interface PushEventJob {
  tenantId: string;
  carrierAccountId: number;
  carrier: string;
  body: string;
}

type PushOutcome = 'recorded' | 'duplicate' | 'unknown_number' | 'unreadable';

interface Deps {
  database: Database;
  notify: OrdersNotifier;
}

const repo = createTrackingRepository();
const pushRepo = createTrackingPushRepository();
const INSERT_CHUNK = 1_000;

interface Entry {
  /** Which push of the batch it came from. */
  push: number;
  carrier: string;
  carrierAccountId: number;
  parcel: TrackedParcel;
}

interface Newest {
  labelId: number;
  at: Date;
  status: string;
  description: string;
  location: string | null;
}

async function newestEvents(tx: Executor, tenantId: string, labelIds: readonly number[]): Promise<Map<number, Newest>> {
  const result = (await tx.execute(sql`
    SELECT DISTINCT ON (label_id) label_id, at, status, description, location FROM tracking_events
    WHERE tenant_id = ${tenantId} AND label_id IN (${sql.join(
      labelIds.map((id) => sql`${id}`),
      sql`, `,
    )})
    ORDER BY label_id, at DESC, received_at DESC`)) as unknown as {
    rows: Array<{
      label_id: string | number;
      at: string | Date;
      status: string;
      description: string;
      location: string | null;
    }>;
  };
  return new Map(
    result.rows.map((r) => [
      Number(r.label_id),
      {
        labelId: Number(r.label_id),
        at: new Date(r.at),
        status: r.status,
        description: r.description,
        location: r.location,
      },
    ]),
  );
}

/** Inserts the events not kept yet; answers `labelId|key` of those that were new. */
async function insertEvents(
  tx: Executor,
  tenantId: string,
  rows: Array<{ labelId: number; key: string; event: TrackedParcel['events'][number] }>,
): Promise<Set<string>> {
  const added = new Set<string>();
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    const chunk = rows.slice(i, i + INSERT_CHUNK);
    const inserted = await tx
      .insert(trackingEvents)
      .values(
        chunk.map(({ labelId, key, event: e }) => ({
          tenantId,
          labelId,
          key,
          at: new Date(e.at),
          status: e.status,
          code: e.code,
          description: e.description.slice(0, 1000),
          location: e.location?.slice(0, 200) ?? null,
          source: 'push',
        })),
      )
      .onConflictDoNothing()
      .returning({ labelId: trackingEvents.labelId, key: trackingEvents.key });
    for (const r of inserted) added.add(`${r.labelId}|${r.key}`);
  }
  return added;
}

/** One tenant's pushed parcels, in the caller's transaction; answers each entry's outcome and the changed orders. */
async function recordTenant(
  tx: Executor,
  tenantId: string,
  entries: readonly Entry[],
  now: Date,
): Promise<{ outcomes: PushOutcome[]; changedOrders: number[] }> {
  // The labels by number, once per carrier account of the batch.
  const labelOf = new Map<string, number>();
  const byAccount = new Map<number, Set<string>>();
  for (const e of entries) {
    const numbers = byAccount.get(e.carrierAccountId) ?? new Set<string>();
    numbers.add(e.parcel.trackingNumber);
    byAccount.set(e.carrierAccountId, numbers);
  }
  for (const [accountId, numbers] of byAccount) {
    for (const l of await pushRepo.labelsByNumber(tx, tenantId, accountId, [...numbers])) {
      labelOf.set(`${accountId}|${l.trackingNumber}`, l.id);
    }
  }
  const wanted = [...new Set(labelOf.values())].sort((a, b) => a - b);
  if (wanted.length > 0) {
    await tx
      .select({ id: shippingLabels.id })
      .from(shippingLabels)
      .where(
        and(
          eq(shippingLabels.tenantId, tenantId),
          inArray(shippingLabels.id, wanted),
          eq(shippingLabels.status, 'active'),
        ),
      )
      .orderBy(shippingLabels.id)
      .for('update');
  }
  const labels = new Map<number, ParcelRow>((await repo.parcels(tx, tenantId, wanted)).map((l) => [l.id, l]));
  const labelIdOf = (e: Entry) => {
    const id = labelOf.get(`${e.carrierAccountId}|${e.parcel.trackingNumber}`);
    return id !== undefined && labels.has(id) ? id : undefined;
  };

  // Every event once, in one statement; then each entry's outcome in arrival order (the first to bring an event
  // recorded it, a later one bringing it again is a duplicate, as one after the other would be).
  const rows = new Map<string, { labelId: number; key: string; event: TrackedParcel['events'][number] }>();
  for (const e of entries) {
    const labelId = labelIdOf(e);
    if (labelId === undefined) continue;
    for (const event of e.parcel.events) {
      const key = eventKey(event);
      if (!rows.has(`${labelId}|${key}`)) rows.set(`${labelId}|${key}`, { labelId, key, event });
    }
  }
  const added = await insertEvents(tx, tenantId, [...rows.values()]);
  const outcomes = entries.map((e): PushOutcome => {
    const labelId = labelIdOf(e);
    if (labelId === undefined) return 'unknown_number';
    let fresh = 0;
    for (const event of e.parcel.events) {
      const id = `${labelId}|${eventKey(event)}`;
      if (added.delete(id)) fresh++;
    }
    return fresh > 0 ? 'recorded' : 'duplicate';
  });

  const touched = [...labels.keys()];
  if (touched.length === 0) return { outcomes, changedOrders: [] };
  const newest = await newestEvents(tx, tenantId, touched);
  // The promised day: the carrier's latest word (of the entry with the newest event) that names one.
  const expectedOf = new Map<number, { at: number; day: string }>();
  for (const e of entries) {
    const labelId = labelIdOf(e);
    if (labelId === undefined || !e.parcel.expectedDelivery) continue;
    const at = Math.max(-Infinity, ...e.parcel.events.map((ev) => Date.parse(ev.at)));
    const known = expectedOf.get(labelId);
    if (!known || at >= known.at) expectedOf.set(labelId, { at, day: e.parcel.expectedDelivery });
  }
  const changed: Array<{ label: ParcelRow; status: TrackingStatus; newest: Newest }> = [];
  const updates = touched.map((id) => {
    const label = labels.get(id)!;
    const top = newest.get(id);
    // Only an event moves a parcel: one pushed out of order (older than the newest kept) moves nothing.
    const status = (top?.status ?? label.parcelStatus) as TrackingStatus;
    if (status !== label.parcelStatus && top) changed.push({ label, status, newest: top });
    return {
      id,
      status,
      status_at: status !== label.parcelStatus && top ? top.at.toISOString() : null,
      expected: expectedOf.get(id)?.day ?? label.parcelExpected,
      next_at: nextCheckAt(status, label.createdAt, now, true)?.toISOString() ?? null,
    };
  });
  await tx.execute(sql`
    UPDATE shipping_labels l SET parcel_status = v.status,
      parcel_status_at = COALESCE(v.status_at, l.parcel_status_at), parcel_expected = v.expected,
      parcel_checked_at = ${now.toISOString()}::timestamptz, parcel_failures = 0, parcel_problem = NULL,
      parcel_next_at = v.next_at
    FROM jsonb_to_recordset(${JSON.stringify(updates)}::jsonb)
      AS v(id bigint, status text, status_at timestamptz, expected text, next_at timestamptz)
    WHERE l.tenant_id = ${tenantId} AND l.id = v.id`);
  const orderIds = [...new Set(touched.map((id) => labels.get(id)!.orderId))].sort((a, b) => a - b);
  await refreshOrderParcels(tx, tenantId, orderIds);
  for (const c of changed) {
    // The buyer's delivered e-mail, when the store sends one (docs/buyer-notices.md).
    if (c.status === 'delivered') await queueBuyerNotice(tx, tenantId, c.label.id, 'delivered');
  }
  await recordOrderEvents(
    tx,
    tenantId,
    changed.map(({ label, status, newest }) => parcelStatusRow(label, status, newest)),
  );
  return { outcomes, changedOrders: [...new Set(changed.map((c) => c.label.orderId))] };
}

/**
 * Records a batch of pushes, one transaction per tenant; each pushed parcel's outcome is counted (`count`) once its
 * tenant's transaction committed. When a tenant's transaction fails, its pushes are recorded one by one (each in its
 * own transaction), so that a push the database refuses fails alone; such a failure is thrown after the rest is done:
 * the job is retried, and what was committed is then a replay (kept once, counted as duplicate).
 */
export async function recordPushBatch(
  deps: Deps,
  pushes: readonly PushEventJob[],
  count: (carrier: string, outcome: PushOutcome) => void,
): Promise<void> {
  const byTenant = new Map<string, Entry[]>();
  pushes.forEach((push, index) => {
    const parcels = pushedParcels(push.carrier, push.body);
    if (parcels.length === 0) count(push.carrier, 'unreadable');
    const entries = byTenant.get(push.tenantId) ?? [];
    for (const parcel of parcels) {
      entries.push({ push: index, carrier: push.carrier, carrierAccountId: push.carrierAccountId, parcel });
    }
    byTenant.set(push.tenantId, entries);
  });
  const record = async (tenantId: string, entries: Entry[]) => {
    const now = new Date();
    const result = await deps.database.withTenant(tenantId, (tx) => recordTenant(tx, tenantId, entries, now));
    result.outcomes.forEach((outcome, i) => count(entries[i]!.carrier, outcome));
    if (result.changedOrders.length > 0) {
      deps.notify(tenantId, { orderIds: result.changedOrders.map(String), event: 'parcelStatus' });
    }
  };
  let failure: unknown = null;
  for (const [tenantId, entries] of byTenant) {
    if (entries.length === 0) continue;
    try {
      await record(tenantId, entries);
    } catch (error) {
      // One push the database refuses must not hold the others back: each push alone, in its own transaction.
      const onePush = new Set(entries.map((e) => e.push)).size === 1;
      if (onePush) {
        failure ??= error;
        continue;
      }
      for (const index of new Set(entries.map((e) => e.push))) {
        await record(
          tenantId,
          entries.filter((e) => e.push === index),
        ).catch((alone: unknown) => void (failure ??= alone));
      }
    }
  }
  if (failure) throw failure;
}
