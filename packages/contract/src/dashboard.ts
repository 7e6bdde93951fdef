import Type from 'typebox';
import { literalUnion } from './schema-kit.ts';
import { DASHBOARD_PERIODS } from './constants.ts';

/**
 * The dashboard on the wire (spec 2.4, 3 "Dashboard response", 7.6): `GET /call/dashboard/{period}` answers
 * everything the screen draws, `GET /call/quickDashboard/{period}` the tiles alone. What each figure counts is in
 * docs/dashboard.md. Money is in integer minor units of `currency` (the tenant's currency), like every amount of the
 * API; the web formats it.
 */

/** The tiles, in screen order; `xLabels` of each `salesCount` entry is its title. */
export const DASHBOARD_TILES = ['Received Orders', 'Open Orders', 'Shipped Orders', 'Cancelled Orders'] as const;
export type DashboardTile = (typeof DASHBOARD_TILES)[number];

export const DashboardPeriodSchema = literalUnion(DASHBOARD_PERIODS);

const Instant = Type.String({ format: 'date-time' });

/** The two periods compared, as instants: `[from, to)` and `[previousFrom, previousTo)`, previousTo = from. */
export const DashboardRangeSchema = Type.Object({
  from: Instant,
  to: Instant,
  previousFrom: Instant,
  previousTo: Instant,
});
export type DashboardRange = Type.Static<typeof DashboardRangeSchema>;

export const SalesCountSchema = Type.Object({
  xLabels: literalUnion(DASHBOARD_TILES),
  Current: Type.Integer(),
  Previous: Type.Integer(),
  /** (Current - Previous) / Previous in percent, one decimal; 0 when both are 0; null when only Previous is 0. */
  Percentage: Type.Union([Type.Number(), Type.Null()]),
});
export type SalesCount = Type.Static<typeof SalesCountSchema>;

/** Revenue per category (hours of the day, days of the week or of the month), Previous and Current aligned. */
export const SalesByDateSchema = Type.Object({
  Categories: Type.Array(Type.String()),
  Previous: Type.Array(Type.Integer({ description: 'minor units of currency' })),
  Current: Type.Array(Type.Integer({ description: 'minor units of currency' })),
});
export type SalesByDate = Type.Static<typeof SalesByDateSchema>;

/** One pie slice: a store (or the manual orders) and its revenue in the current period. */
export const SalesByChannelPointSchema = Type.Object({
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
  salesCount: Type.Array(SalesCountSchema),
};

export const QuickDashboardSchema = Type.Object(header);
export type QuickDashboard = Type.Static<typeof QuickDashboardSchema>;

export const DashboardSchema = Type.Object({
  ...header,
  salesByDate: SalesByDateSchema,
  salesByChannel: Type.Array(SalesByChannelPointSchema),
});
export type Dashboard = Type.Static<typeof DashboardSchema>;
