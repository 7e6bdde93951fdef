import Type from 'typebox';
import { CarrierSchema } from './carriers.ts';
import { ID_PATTERN } from './ids.ts';
import { literalUnion, Nullable } from './schema-kit.ts';
import { TrackingStatusSchema } from './tracking.ts';

/**
 * Parcels with a problem (docs/tracking.md, "Problems and the dashboard"): the carrier reports an exception or a
 * return, or the parcel passed the day the carrier promised (in the tenant's zone) and is not delivered. A seller's
 * "resolved" hides a parcel until a new problem starts after it.
 */
const PARCEL_PROBLEM_KINDS = ['exception', 'late'] as const;
export type ParcelProblemKind = (typeof PARCEL_PROBLEM_KINDS)[number];

/** Parcels one list page holds at most, and labels one "mark resolved" takes. */
export const PARCEL_PROBLEMS_PAGE_MAX = 200;
const PARCEL_PROBLEMS_RESOLVE_MAX = 500;

export const ParcelProblemQuerySchema = Type.Object({
  cursor: Type.Optional(Type.String({ maxLength: 200, description: 'opaque cursor from the previous page' })),
  size: Type.Optional(Type.Integer({ minimum: 1, maximum: PARCEL_PROBLEMS_PAGE_MAX, default: 50 })),
});
export type ParcelProblemQuery = Type.Static<typeof ParcelProblemQuerySchema>;

/** The carrier's last words on the parcel: its newest event. */
const CarrierWordsSchema = Type.Object({
  at: Type.String({ format: 'date-time' }),
  description: Type.String(),
  location: Nullable(Type.String()),
});

const ParcelProblemSchema = Type.Object({
  labelId: Type.String(),
  deliveryId: Type.String(),
  orderId: Type.String(),
  orderNumber: Type.String(),
  /** Where it goes: the buyer's city, state and country, nothing more. */
  destination: Nullable(Type.String()),
  carrier: CarrierSchema,
  trackingNumber: Type.String(),
  status: TrackingStatusSchema,
  kind: literalUnion(PARCEL_PROBLEM_KINDS),
  /** When the problem started: the exception's time, or the start of the day after the promised one. */
  since: Type.String({ format: 'date-time' }),
  /** The day the carrier promised (YYYY-MM-DD), when it said. */
  expectedDelivery: Nullable(Type.String()),
  lastEvent: Nullable(CarrierWordsSchema),
});
export type ParcelProblem = Type.Static<typeof ParcelProblemSchema>;

/** `GET /call/parcelProblems`: oldest problem first. */
export const ParcelProblemListSchema = Type.Object({
  rows: Type.Array(ParcelProblemSchema),
  /** Every open problem of the tenant, on every page. */
  total: Type.Integer(),
  nextCursor: Nullable(Type.String()),
});
export type ParcelProblemList = Type.Static<typeof ParcelProblemListSchema>;

export const ResolveParcelProblemsSchema = Type.Object({
  labelIds: Type.Array(Type.String({ pattern: ID_PATTERN }), {
    minItems: 1,
    maxItems: PARCEL_PROBLEMS_RESOLVE_MAX,
    uniqueItems: true,
  }),
});

/** The labels marked resolved (the caller's, with a problem); others are left out. */
export const ResolvedParcelProblemsSchema = Type.Object({ resolved: Type.Array(Type.String()) });
export type ResolvedParcelProblems = Type.Static<typeof ResolvedParcelProblemsSchema>;

/** The daily e-mail of problems, at 07:00 in the tenant's zone, to Admins who ask for it. */
export const ParcelProblemDigestSchema = Type.Object({ subscribed: Type.Boolean() });
export type ParcelProblemDigest = Type.Static<typeof ParcelProblemDigestSchema>;
