import { sql, type SQL } from 'drizzle-orm';
import type { Carrier, ParcelProblemKind, TrackingStatus } from '@shipdesk/contract';
import type { Executor } from '../../db/client.ts';

async function rowsOf<T>(tx: Executor, query: SQL): Promise<T[]> {
  return ((await tx.execute(query)) as unknown as { rows: T[] }).rows;
}

const asDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

/** One parcel with an open problem, as the list and the digest read it. */
export interface ProblemRow {
  labelId: number;
  deliveryId: number;
  orderId: number;
  orderNumber: string;
  destination: string | null;
  carrier: Carrier;
  trackingNumber: string;
  status: TrackingStatus;
  kind: ParcelProblemKind;
  since: Date;
  expectedDelivery: string | null;
  lastEvent: { at: Date; description: string; location: string | null } | null;
}

/** Where a page starts: after this problem (by when it started, then label id). */
export interface ProblemCursor {
  since: Date;
  labelId: number;
}

interface RawProblem {
  id: string | number;
  delivery_id: string | number;
  order_id: string | number;
  order_number: string;
  ship_to: string | null;
  carrier: string;
  tracking_number: string;
  parcel_status: string;
  parcel_expected: string | null;
  kind: ParcelProblemKind;
  since: Date | string;
  event_at: Date | string | null;
  event_description: string | null;
  event_location: string | null;
}

/**
 * The tenant's parcels with an open problem (docs/tracking.md, "Problems and the dashboard"): a standing label whose
 * carrier reports an exception or a return (since the status's time), or past the promised day in the tenant's zone
 * and not delivered, returned or voided (since the start of the day after it); left out when a person resolved it
 * after the problem started.
 */
function openProblems(tenantId: string, timeZone: string, today: string): SQL {
  const troubled = sql`l.parcel_status IN ('exception', 'returned')`;
  return sql`
    SELECT l.id, l.delivery_id, l.order_id, l.carrier, l.tracking_number, l.parcel_status, l.parcel_expected,
           l.parcel_resolved_at,
           CASE WHEN ${troubled} THEN 'exception' ELSE 'late' END AS kind,
           CASE WHEN ${troubled} THEN coalesce(l.parcel_status_at, l.created_at)
                ELSE ((l.parcel_expected::date + 1)::timestamp AT TIME ZONE ${timeZone}) END AS since
    FROM shipping_labels l
    WHERE l.tenant_id = ${tenantId} AND l.status = 'active'
      AND (${troubled}
           OR (l.parcel_status NOT IN ('delivered', 'voided') AND l.parcel_failures = 0
               AND l.parcel_expected ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' AND l.parcel_expected < ${today}))`;
}

const stillOpen = sql`(p.parcel_resolved_at IS NULL OR p.parcel_resolved_at < p.since)`;

/** The SQL of parcel problems and of the daily digest's subscribers. */
export function createParcelProblemsRepository() {
  return {
    /** A page of open problems, oldest first, after `cursor`. */
    async page(
      tx: Executor,
      tenantId: string,
      zone: { timeZone: string; today: string },
      size: number,
      cursor: ProblemCursor | null,
      labelIds?: readonly number[],
    ): Promise<ProblemRow[]> {
      const after = cursor
        ? sql`AND (p.since, p.id) > (${cursor.since.toISOString()}::timestamptz, ${cursor.labelId})`
        : sql``;
      const only = labelIds ? sql`AND p.id = ANY(${`{${labelIds.join(',')}}`}::bigint[])` : sql``;
      const rows = await rowsOf<RawProblem>(
        tx,
        sql`WITH p AS (${openProblems(tenantId, zone.timeZone, zone.today)})
            SELECT p.*, o.order_number, o.ship_to,
                   ev.at AS event_at, ev.description AS event_description, ev.location AS event_location
            FROM p
            JOIN orders o ON o.tenant_id = ${tenantId} AND o.id = p.order_id
            LEFT JOIN LATERAL (
              SELECT e.at, e.description, e.location FROM tracking_events e
              WHERE e.tenant_id = ${tenantId} AND e.label_id = p.id
              ORDER BY e.at DESC, e.received_at DESC LIMIT 1
            ) ev ON true
            WHERE ${stillOpen} ${after} ${only}
            ORDER BY p.since, p.id
            LIMIT ${size}`,
      );
      return rows.map((r) => ({
        labelId: Number(r.id),
        deliveryId: Number(r.delivery_id),
        orderId: Number(r.order_id),
        orderNumber: r.order_number,
        destination: r.ship_to,
        carrier: r.carrier as Carrier,
        trackingNumber: r.tracking_number,
        status: r.parcel_status as TrackingStatus,
        kind: r.kind,
        since: asDate(r.since),
        expectedDelivery: r.parcel_expected,
        lastEvent:
          r.event_at === null
            ? null
            : { at: asDate(r.event_at), description: r.event_description ?? '', location: r.event_location },
      }));
    },

    /** How many open problems the tenant has. */
    async count(tx: Executor, tenantId: string, zone: { timeZone: string; today: string }): Promise<number> {
      const [row] = await rowsOf<{ n: string | number }>(
        tx,
        sql`WITH p AS (${openProblems(tenantId, zone.timeZone, zone.today)})
            SELECT count(*) AS n FROM p WHERE ${stillOpen}`,
      );
      return Number(row?.n ?? 0);
    },

    /** How many of these ids are the tenant's labels. */
    async known(tx: Executor, tenantId: string, labelIds: readonly number[]): Promise<number> {
      const [row] = await rowsOf<{ n: string | number }>(
        tx,
        sql`SELECT count(*) AS n FROM shipping_labels
            WHERE tenant_id = ${tenantId} AND id = ANY(${`{${labelIds.join(',')}}`}::bigint[])`,
      );
      return Number(row?.n ?? 0);
    },

    async markResolved(tx: Executor, tenantId: string, labelIds: readonly number[], by: string): Promise<void> {
      if (labelIds.length === 0) return;
      await tx.execute(sql`
        UPDATE shipping_labels SET parcel_resolved_at = now(), parcel_resolved_by = ${by}
        WHERE tenant_id = ${tenantId} AND id = ANY(${`{${labelIds.join(',')}}`}::bigint[])`);
    },

    async subscribed(tx: Executor, tenantId: string, userId: string): Promise<boolean> {
      const rows = await rowsOf<{ user_id: string }>(
        tx,
        sql`SELECT user_id FROM tracking_digest_subscribers WHERE tenant_id = ${tenantId} AND user_id = ${userId}`,
      );
      return rows.length > 0;
    },

    async subscribe(tx: Executor, tenantId: string, userId: string, email: string): Promise<void> {
      await tx.execute(sql`
        INSERT INTO tracking_digest_subscribers (tenant_id, user_id, email) VALUES (${tenantId}, ${userId}, ${email})
        ON CONFLICT (tenant_id, user_id) DO UPDATE SET email = EXCLUDED.email`);
    },

    async unsubscribe(tx: Executor, tenantId: string, userId: string): Promise<void> {
      await tx.execute(sql`
        DELETE FROM tracking_digest_subscribers WHERE tenant_id = ${tenantId} AND user_id = ${userId}`);
    },

    /** Every subscriber with the tenant's zone, across tenants (the digest's schedule, run as the owner). */
    async subscribers(db: Executor): Promise<Array<{ tenantId: string; userId: string; timeZone: string | null }>> {
      const rows = await rowsOf<{ tenant_id: string; user_id: string; time_zone: string | null }>(
        db,
        sql`SELECT s.tenant_id, s.user_id, t.time_zone
            FROM tracking_digest_subscribers s JOIN tenants t ON t.id = s.tenant_id`,
      );
      return rows.map((r) => ({ tenantId: r.tenant_id, userId: r.user_id, timeZone: r.time_zone }));
    },

    /**
     * Claims today's digest of one subscriber: answers their address when it was not sent today (and marks it sent,
     * in the caller's transaction, so a second instance waits on the row and then finds it sent).
     */
    async claim(tx: Executor, tenantId: string, userId: string, today: string): Promise<string | null> {
      const [row] = await rowsOf<{ email: string }>(
        tx,
        sql`UPDATE tracking_digest_subscribers SET last_sent_on = ${today}
            WHERE tenant_id = ${tenantId} AND user_id = ${userId} AND last_sent_on IS DISTINCT FROM ${today}
            RETURNING email`,
      );
      return row?.email ?? null;
    },
  };
}
