import Type from 'typebox';
import { literalUnion, schema } from './schema-kit.ts';
import { DASHBOARD_PERIODS } from './constants.ts';
import type { OrderStatus, ShipmentStatus } from './enums.ts';

/**
 * The dashboard on the wire (spec 2.4, 3 "Dashboard response", 7.6): `GET /call/dashboard/{period}` answers
 * everything the screen draws, `GET /call/quickDashboard/{period}` the tiles alone. What each figure counts is in
 * docs/dashboard.md. Money is in integer minor units of `currency` (the tenant's currency), like every amount of the
 * API; the web formats it.
 */

/** The tiles, in screen order; `xLabels` of each `salesCount` entry is its title. */
const DASHBOARD_TILES = ['Received Orders', 'Open Orders', 'Shipped Orders', 'Cancelled Orders'] as const;
export type DashboardTile = (typeof DASHBOARD_TILES)[number];

/**
 * What "Open Orders" counts: orders placed in the period (by order date) whose status is now one of `orderStatuses`
 * with a shipment status in `shipmentStatuses`, i.e. Sales Orders not fully shipped. Draft Orders (not approved yet),
 * Completed, Canceled, Completed - Canceled Partial and Deleted ones are not open. The Sales Order tab of the order
 * list counts every Sales Order whatever its order date, so it usually holds more. The server's summary (SQL
 * `dashboard_order_state` = 'open') is tested against this definition.
 */
export const OPEN_ORDERS: {
  readonly orderStatuses: readonly OrderStatus[];
  readonly shipmentStatuses: readonly ShipmentStatus[];
} = { orderStatuses: ['Sales Order'], shipmentStatuses: ['Unshipped', 'Shipped Partial'] };

const DashboardPeriodSchema = literalUnion(DASHBOARD_PERIODS);

const Instant = Type.String({ format: 'date-time' });

/**
 * The current period and the whole previous one (yesterday, last week, last calendar month), as instants: `[from,
 * to)` and `[previousFrom, previousTo)`, previousTo = from.
 */
const DashboardRangeSchema = Type.Object({
  from: Instant,
  to: Instant,
  previousFrom: Instant,
  previousTo: Instant,
});

/**
 * What the tiles' Previous counts: `[from, to)`, the previous period up to the point the current one has reached
 * (the same day of it at the same wall-clock time, rounded up to the quarter-hour), so a period so far is compared
 * with the same part of the one before. `label` names it in the tenant's time zone, ready for "vs ...":
 * "yesterday 00:00–14:00", "Mon–Wed 14:00 last week", "Feb 1–26 14:15"; the whole period reads "yesterday",
 * "last week" or "Feb 1–28". The chart's Previous series covers the whole previous period (`range`).
 */
const DashboardComparisonSchema = Type.Object({
  from: Instant,
  to: Instant,
  label: Type.String(),
});

const SalesCountSchema = Type.Object({
  xLabels: literalUnion(DASHBOARD_TILES),
  Current: Type.Integer(),
  Previous: Type.Integer(),
  /** (Current - Previous) / Previous in percent, one decimal; 0 when both are 0; null when only Previous is 0. */
  Percentage: Type.Union([Type.Number(), Type.Null()]),
});
export type SalesCount = Type.Static<typeof SalesCountSchema>;

/**
 * The parcel tiles (docs/tracking.md, "Problems and the dashboard"): parcels delivered in the period on or before the
 * day their carrier promised (or with no promise), delivered after it (the delivery's day in the tenant's zone), and
 * parcels that entered an exception in the period. Compared like the order tiles (`comparedWith`).
 */
const DELIVERY_TILES = ['Delivered On Time', 'Delivered Late', 'Exceptions'] as const;
export type DeliveryTile = (typeof DELIVERY_TILES)[number];

const DeliveryCountSchema = Type.Object({
  xLabels: literalUnion(DELIVERY_TILES),
  Current: Type.Integer(),
  Previous: Type.Integer(),
  Percentage: Type.Union([Type.Number(), Type.Null()]),
});
export type DeliveryCount = Type.Static<typeof DeliveryCountSchema>;

/** Revenue per category (hours of the day, days of the week or of the month), Previous and Current aligned. */
const SalesByDateSchema = Type.Object({
  Categories: Type.Array(Type.String()),
  Previous: Type.Array(Type.Integer({ description: 'minor units of currency' })),
  Current: Type.Array(Type.Integer({ description: 'minor units of currency' })),
});

/** One pie slice: a store (or the manual orders) and its revenue in the current period. */
const SalesByChannelPointSchema = Type.Object({
  /** The store id, or `manual` for orders entered by hand. */
  id: Type.String(),
  label: Type.String(),
  sourceType: Type.String(),
  value: Type.Integer({ description: 'minor units of currency' }),
});
export type SalesByChannelPoint = Type.Static<typeof SalesByChannelPointSchema>;

const header = {
  period: DashboardPeriodSchema,
  /** The IANA zone the periods are cut in (the tenant's). */
  timeZone: Type.String(),
  /** ISO 4217 code of every amount in the answer (the tenant's currency). */
  currency: Type.String(),
  range: DashboardRangeSchema,
  comparedWith: DashboardComparisonSchema,
  salesCount: Type.Array(SalesCountSchema),
  deliveryCounts: Type.Array(DeliveryCountSchema),
};

export const QuickDashboardSchema = Type.Object(header);
export type QuickDashboard = Type.Static<typeof QuickDashboardSchema>;

export const DashboardSchema = schema(() =>
  Type.Object({
    ...header,
    salesByDate: SalesByDateSchema,
    salesByChannel: Type.Array(SalesByChannelPointSchema),
  }),
);
export type Dashboard = Type.Static<typeof DashboardSchema>;
