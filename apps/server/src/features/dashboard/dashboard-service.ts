import {
  DASHBOARD_PERIODS,
  DEFAULT_CURRENCY,
  DEFAULT_TIME_ZONE,
  isKnownTimeZone,
  type Dashboard,
  type DashboardPeriod,
  type DashboardTile,
  type DeliveryCount,
  type DeliveryTile,
  type QuickDashboard,
  type SalesByChannelPoint,
  type SalesCount,
} from '@shipdesk/contract';
import type { Database, Executor } from '../../db/client.ts';

import { badRequest } from '../../lib/http-errors.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { comparisonLabel } from './comparison-label.ts';
import { dashboardWindows, percentChange, type DashboardWindows } from './dashboard-periods.ts';
import {
  createDashboardRepository,
  type EventCounts,
  type ParcelCounts,
  type PeriodCounts,
  type SlotTotals,
} from './dashboard-repository.ts';

export interface DashboardServiceOptions {
  /** The clock; tests fix it. */
  now?: () => Date;
}

const MANUAL_CHANNEL = { id: 'manual', label: 'Orders added by hand', sourceType: 'Wholesale' } as const;

function parsePeriod(text: string): DashboardPeriod {
  if ((DASHBOARD_PERIODS as readonly string[]).includes(text)) return text as DashboardPeriod;
  throw badRequest({ period: `period must be one of: ${DASHBOARD_PERIODS.join(', ')}` }, `Unknown period "${text}"`);
}

interface TileFigures extends PeriodCounts, EventCounts {}

/** The four tiles, in screen order. */
export function salesCount(current: TileFigures, previous: TileFigures): SalesCount[] {
  const tile = (xLabels: DashboardTile, key: keyof TileFigures): SalesCount => ({
    xLabels,
    Current: current[key],
    Previous: previous[key],
    Percentage: percentChange(current[key], previous[key]),
  });
  return [
    tile('Received Orders', 'received'),
    tile('Open Orders', 'open'),
    tile('Shipped Orders', 'shipped'),
    tile('Cancelled Orders', 'canceled'),
  ];
}

/** The three parcel tiles, in screen order. */
function deliveryCounts(current: ParcelCounts, previous: ParcelCounts): DeliveryCount[] {
  const tile = (xLabels: DeliveryTile, key: keyof ParcelCounts): DeliveryCount => ({
    xLabels,
    Current: current[key],
    Previous: previous[key],
    Percentage: percentChange(current[key], previous[key]),
  });
  return [tile('Delivered On Time', 'onTime'), tile('Delivered Late', 'late'), tile('Exceptions', 'exceptions')];
}

/**
 * Slot totals into the tiles' receipt counts (the previous side only over `windows.compared`), the revenue per
 * category (the whole previous period) and the revenue per channel.
 */
export function assemble(windows: DashboardWindows, rows: readonly SlotTotals[]) {
  const counts = { current: { received: 0, open: 0 }, previous: { received: 0, open: 0 } };
  const revenue = { current: windows.categories.map(() => 0), previous: windows.categories.map(() => 0) };
  const channels = new Map<number, SalesByChannelPoint>();
  const comparedTo = windows.compared.to.getTime();
  for (const row of rows) {
    const slot = windows.slots[row.slot];
    if (!slot) continue;
    const side = slot.current ? 'current' : 'previous';
    if (slot.current || slot.start.getTime() < comparedTo) {
      counts[side].received += row.received;
      counts[side].open += row.open;
    }
    if (slot.category !== null) revenue[side][slot.category]! += row.revenue;
    if (!slot.current || row.revenue === 0) continue;
    const channel = channels.get(row.storeKey) ?? {
      ...(row.storeKey === 0
        ? MANUAL_CHANNEL
        : {
            id: String(row.storeKey),
            label: row.storeName ?? `Store ${row.storeKey}`,
            sourceType: row.sourceType ?? 'Unknown',
          }),
      value: 0,
    };
    channel.value += row.revenue;
    channels.set(row.storeKey, channel);
  }
  const salesByChannel = [...channels.values()]
    .filter((c) => c.value !== 0)
    .sort((a, b) => b.value - a.value || a.label.localeCompare(b.label));
  return {
    counts,
    salesByDate: { Categories: windows.categories, Previous: revenue.previous, Current: revenue.current },
    salesByChannel,
  };
}

/** The dashboard figures of spec 2.4, read from the summaries (docs/dashboard.md). */
export function createDashboardService(database: Database, options: DashboardServiceOptions = {}) {
  const repo = createDashboardRepository();
  const now = options.now ?? (() => new Date());

  /** Reads the tenant's zone and currency, then `read` with the periods cut in that zone, in one transaction. */
  function inTenantPeriods<T>(
    auth: AuthContext,
    periodText: string,
    read: (tx: Executor, windows: DashboardWindows, currency: string) => Promise<T>,
  ): Promise<T> {
    const period = parsePeriod(periodText);
    return database.withTenant(auth.tenantId, async (tx) => {
      const settings = await repo.settings(tx, auth.tenantId);
      // A zone Intl does not know (an old tzdata row) falls back to the default rather than failing the screen.
      const timeZone = settings.timeZone && isKnownTimeZone(settings.timeZone) ? settings.timeZone : DEFAULT_TIME_ZONE;
      return read(tx, dashboardWindows(period, now(), timeZone), settings.currency ?? DEFAULT_CURRENCY);
    });
  }

  const header = (windows: DashboardWindows, currency: string) => ({
    period: windows.period,
    timeZone: windows.timeZone,
    currency,
    range: {
      from: windows.current.from.toISOString(),
      to: windows.current.to.toISOString(),
      previousFrom: windows.previous.from.toISOString(),
      previousTo: windows.previous.to.toISOString(),
    },
    comparedWith: {
      from: windows.compared.from.toISOString(),
      to: windows.compared.to.toISOString(),
      label: comparisonLabel(windows),
    },
  });

  return {
    /** `GET /call/dashboard/{period}`: tiles, revenue by category and by channel. */
    dashboard(auth: AuthContext, periodText: string): Promise<Dashboard> {
      return inTenantPeriods(auth, periodText, async (tx, windows, currency) => {
        const range = { from: windows.previous.from, to: windows.current.to };
        // Independent reads, started together: they share round trips to the database.
        const [rows, events, parcels] = await Promise.all([
          repo.slotTotals(tx, auth.tenantId, range, windows.slots, currency),
          repo.eventCounts(tx, auth.tenantId, windows.compared, windows.current),
          repo.parcelCounts(tx, auth.tenantId, windows.timeZone, windows.compared, windows.current),
        ]);
        const { counts, salesByDate, salesByChannel } = assemble(windows, rows);
        return {
          ...header(windows, currency),
          salesCount: salesCount({ ...counts.current, ...events.current }, { ...counts.previous, ...events.previous }),
          deliveryCounts: deliveryCounts(parcels.current, parcels.previous),
          salesByDate,
          salesByChannel,
        };
      });
    },

    /** `GET /call/quickDashboard/{period}`: the four tiles alone. */
    quickDashboard(auth: AuthContext, periodText: string): Promise<QuickDashboard> {
      return inTenantPeriods(auth, periodText, async (tx, windows, currency) => {
        const [counts, events, parcels] = await Promise.all([
          repo.periodCounts(tx, auth.tenantId, windows.compared, windows.current),
          repo.eventCounts(tx, auth.tenantId, windows.compared, windows.current),
          repo.parcelCounts(tx, auth.tenantId, windows.timeZone, windows.compared, windows.current),
        ]);
        return {
          ...header(windows, currency),
          salesCount: salesCount({ ...counts.current, ...events.current }, { ...counts.previous, ...events.previous }),
          deliveryCounts: deliveryCounts(parcels.current, parcels.previous),
        };
      });
    },
  };
}
