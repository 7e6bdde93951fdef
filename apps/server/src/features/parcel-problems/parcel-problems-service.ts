import {
  isKnownTimeZone,
  PARCEL_PROBLEMS_PAGE_MAX,
  type ParcelProblem,
  type ParcelProblemDigest,
  type ParcelProblemList,
  type ParcelProblemQuery,
  type ResolvedParcelProblems,
} from '@shipdesk/contract';
import type { Database, Executor } from '../../db/client.ts';
import { badRequest, notFound } from '../../lib/http-errors.ts';
import { parseId } from '../../lib/ids.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { shipDateIn } from '../labels/index.ts';
import { recordOrderEvents, tenantTimeZone, type OrdersNotifier } from '../orders/index.ts';
import { createParcelProblemsRepository, type ProblemCursor, type ProblemRow } from './parcel-problems-repository.ts';

const repo = createParcelProblemsRepository();
const DEFAULT_PAGE = 50;

/** The zone "late" is judged in (the tenant's, UTC when unset, as the order list's late filter) and today there. */
async function problemZone(tx: Executor, tenantId: string, now = new Date()) {
  const zone = await tenantTimeZone(tx, tenantId);
  const timeZone = zone && isKnownTimeZone(zone) ? zone : 'UTC';
  return { timeZone, today: shipDateIn(timeZone, now) };
}

function encodeCursor(row: ProblemRow): string {
  return Buffer.from(`${row.since.toISOString()}|${row.labelId}`).toString('base64url');
}

function decodeCursor(text: string | undefined): ProblemCursor | null {
  if (!text) return null;
  const [at, id] = Buffer.from(text, 'base64url').toString('utf8').split('|');
  const since = new Date(at ?? '');
  const labelId = parseId(id ?? '');
  if (Number.isNaN(since.getTime()) || labelId === null) {
    throw badRequest({ cursor: 'cursor is not one this list gave' }, 'Unknown cursor');
  }
  return { since, labelId };
}

function toProblem(row: ProblemRow): ParcelProblem {
  return {
    labelId: String(row.labelId),
    deliveryId: String(row.deliveryId),
    orderId: String(row.orderId),
    orderNumber: row.orderNumber,
    destination: row.destination,
    carrier: row.carrier,
    trackingNumber: row.trackingNumber,
    status: row.status,
    kind: row.kind,
    since: row.since.toISOString(),
    expectedDelivery: row.expectedDelivery,
    lastEvent: row.lastEvent && { ...row.lastEvent, at: row.lastEvent.at.toISOString() },
  };
}

/** A page of open problems and how many there are in all (the list and the digest). */
export async function readProblems(
  tx: Executor,
  tenantId: string,
  size: number,
  cursor: ProblemCursor | null,
  now = new Date(),
): Promise<{ rows: ProblemRow[]; total: number; more: boolean }> {
  const zone = await problemZone(tx, tenantId, now);
  const [rows, total] = await Promise.all([
    repo.page(tx, tenantId, zone, size + 1, cursor),
    repo.count(tx, tenantId, zone),
  ]);
  return { rows: rows.slice(0, size), total, more: rows.length > size };
}

/** The problems list, marking problems resolved, and the caller's daily e-mail switch. */
export function createParcelProblems(deps: { database: Database; notify: OrdersNotifier }) {
  const { database } = deps;

  return {
    /** `GET /call/parcelProblems`. */
    list(auth: AuthContext, query: ParcelProblemQuery): Promise<ParcelProblemList> {
      const size = Math.min(query.size ?? DEFAULT_PAGE, PARCEL_PROBLEMS_PAGE_MAX);
      const cursor = decodeCursor(query.cursor);
      return database.withTenant(
        auth.tenantId,
        async (tx) => {
          const { rows, total, more } = await readProblems(tx, auth.tenantId, size, cursor);
          const last = rows.at(-1);
          return { rows: rows.map(toProblem), total, nextCursor: more && last ? encodeCursor(last) : null };
        },
        { readOnly: true },
      );
    },

    /**
     * `POST /call/parcelProblems/resolve`: the labels with an open problem are marked resolved, each with a timeline
     * row; labels without one are left as they are; 404 when an id is not the tenant's label.
     */
    async resolve(auth: AuthContext, labelIdTexts: readonly string[]): Promise<ResolvedParcelProblems> {
      const ids = labelIdTexts.map(parseId);
      if (ids.some((id) => id === null)) throw notFound('Label not found');
      const labelIds = ids as number[];
      const { tenantId } = auth;
      const resolved = await database.withTenant(tenantId, async (tx) => {
        if ((await repo.known(tx, tenantId, labelIds)) !== labelIds.length) throw notFound('Label not found');
        const zone = await problemZone(tx, tenantId);
        const open = await repo.page(tx, tenantId, zone, labelIds.length, null, labelIds);
        await repo.markResolved(
          tx,
          tenantId,
          open.map((p) => p.labelId),
          auth.email,
        );
        await recordOrderEvents(
          tx,
          tenantId,
          open.map((p) => ({
            orderId: p.orderId,
            event: 'parcelResolved',
            actor: { id: auth.userId, email: auth.email },
            before: null,
            after: null,
            payload: {
              deliveryId: String(p.deliveryId),
              labelId: String(p.labelId),
              carrier: p.carrier,
              trackingNumber: p.trackingNumber,
              kind: p.kind,
              status: p.status,
              since: p.since.toISOString(),
            },
          })),
        );
        return open;
      });
      const orderIds = [...new Set(resolved.map((p) => String(p.orderId)))];
      if (orderIds.length > 0) deps.notify(tenantId, { orderIds, event: 'parcelResolved' });
      return { resolved: resolved.map((p) => String(p.labelId)) };
    },

    /** `GET /call/parcelProblems/digest`: whether the caller gets the daily e-mail. */
    digest(auth: AuthContext): Promise<ParcelProblemDigest> {
      return database.withTenant(auth.tenantId, async (tx) => ({
        subscribed: await repo.subscribed(tx, auth.tenantId, auth.userId),
      }));
    },

    /** `PUT /call/parcelProblems/digest` (Admins): the caller's daily e-mail on or off. */
    setDigest(auth: AuthContext, subscribed: boolean): Promise<ParcelProblemDigest> {
      return database.withTenant(auth.tenantId, async (tx) => {
        if (subscribed) await repo.subscribe(tx, auth.tenantId, auth.userId, auth.email);
        else await repo.unsubscribe(tx, auth.tenantId, auth.userId);
        return { subscribed };
      });
    },
  };
}
export type ParcelProblems = ReturnType<typeof createParcelProblems>;
