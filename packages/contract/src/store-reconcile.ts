import Type from 'typebox';
import { literalUnion, schema, Nullable } from './schema-kit.ts';
import { IdSchema } from './ids.ts';

/**
 * A store's missing-orders check on the wire (issue 30, point 3): a run pages the channel over the last `days` days
 * and records what Shipdesk lacks or holds wrongly; "Fetch and fix" takes the findings through the pull's own upsert.
 */

const DateTime = Type.String({ format: 'date-time' });

export const RECONCILE_DAYS = { min: 1, max: 60, default: 14 } as const;

export const RECONCILE_STATES = ['queued', 'running', 'succeeded', 'failed'] as const;
export const RECONCILE_FIX_STATES = ['none', 'queued', 'running', 'succeeded', 'failed'] as const;

/**
 * `missing`: the channel has it, Shipdesk does not. `canceled_on_channel`: open here, canceled there. `changed`: the
 * channel's copy is newer than ours (a change a pull or a push did not bring).
 */
export const RECONCILE_FINDING_KINDS = ['missing', 'canceled_on_channel', 'changed'] as const;
export type ReconcileFindingKind = (typeof RECONCILE_FINDING_KINDS)[number];

export const ReconcileStartSchema = schema(() =>
  Type.Object(
    {
      days: Type.Optional(
        Type.Integer({
          minimum: RECONCILE_DAYS.min,
          maximum: RECONCILE_DAYS.max,
          description: `how many days back to compare (default ${RECONCILE_DAYS.default})`,
        }),
      ),
    },
    { additionalProperties: false },
  ),
);

const ReconcileFindingSchema = Type.Object({
  externalId: Type.String(),
  orderNumber: Type.String(),
  kind: literalUnion(RECONCILE_FINDING_KINDS),
  /** When the channel says the order was placed, and last changed. */
  channelOrderDate: Nullable(DateTime),
  channelUpdatedAt: Nullable(DateTime),
  /** Our order, when we have one (canceled_on_channel, changed). */
  orderId: Nullable(IdSchema),
  /** Why the last fix could not take it in (the channel no longer has it, it fails our checks). */
  note: Nullable(Type.String()),
  resolvedAt: Nullable(DateTime),
});
export type ReconcileFinding = Type.Static<typeof ReconcileFindingSchema>;

const ReconcileRunSchema = Type.Object({
  id: IdSchema,
  storeId: IdSchema,
  days: Type.Integer(),
  state: literalUnion(RECONCILE_STATES),
  pages: Type.Integer(),
  ordersChecked: Type.Integer(),
  /** The channel's words when it refused. */
  error: Nullable(Type.String()),
  queuedAt: DateTime,
  finishedAt: Nullable(DateTime),
  fix: Type.Object({
    state: literalUnion(RECONCILE_FIX_STATES),
    /** Findings taken in (stored, or already current), left as they are (with a note), the fix's error. */
    fixed: Type.Integer(),
    failed: Type.Integer(),
    error: Nullable(Type.String()),
    finishedAt: Nullable(DateTime),
  }),
});
export type ReconcileRun = Type.Static<typeof ReconcileRunSchema>;

/** The store's latest check (null before the first) with its findings, open ones first. */
export const ReconcileViewSchema = Type.Object({
  run: Nullable(ReconcileRunSchema),
  findings: Type.Array(ReconcileFindingSchema),
  /** Findings beyond those listed (the list keeps to the first 500). */
  more: Type.Integer(),
});
export type ReconcileView = Type.Static<typeof ReconcileViewSchema>;

/** A store's check is running or its fix is: the dialog polls while it is. */
export function reconcileBusy(run: ReconcileRun | null): boolean {
  if (!run) return false;
  return run.state === 'queued' || run.state === 'running' || run.fix.state === 'queued' || run.fix.state === 'running';
}

/** Beyond twice its cadence and this, a scheduled store not heard from is stalled. */
const STALL_GRACE_MINUTES = 10;

/**
 * How long a scheduled store has gone unheard (ms) when that is longer than twice its cadence plus a grace, else
 * null. Heard: its last verified push or finished pull; never heard, it counts from when it was connected.
 */
export function storeStalledFor(
  store: {
    syncIntervalMinutes: number | null;
    lastHeardAt: string | null;
    createdAt: string;
    status: string;
    archivedAt?: string | null;
  },
  now: number,
): number | null {
  if (store.syncIntervalMinutes === null || store.status !== 'active' || store.archivedAt) return null;
  const heard = Date.parse(store.lastHeardAt ?? store.createdAt);
  if (Number.isNaN(heard)) return null;
  const quiet = now - heard;
  const limit = (2 * store.syncIntervalMinutes + STALL_GRACE_MINUTES) * 60_000;
  return quiet > limit ? quiet : null;
}
