import { useCallback, useEffect } from 'react';
import { toast } from '@/lib/toast/toast';
import { DEFAULT_CURRENCY, DEFAULT_LOCALE, type DashboardPeriod } from '@shipdesk/contract';
import { useTenantCurrencyQuery } from '@/lib/api/tenant-configs';
import { useTenantTimeZone } from '@/lib/state/tenant-time-zone';
import { useDashboardQuery, useQuickDashboardQuery } from '../api/dashboard-api';
import {
  EMPTY_STATISTICS,
  type ChannelRevenue,
  type DashboardComparison,
  type DashboardRange,
  type SalesByDate,
  type SalesCountEntry,
} from '../dashboard-data';

/** Spec 8: the one message a failed dashboard call shows. */
const DASHBOARD_FAILURE_MESSAGE = 'Failed to get dashboard statistics.';
/** One toast per failure: a refresh that fails again while it is still shown does not stack another. */
const DASHBOARD_FAILURE_TOAST_ID = 'dashboard-statistics-failed';

export type LoadState = 'loading' | 'ready' | 'failed';

interface DashboardStatisticsView {
  tilesState: LoadState;
  chartsState: LoadState;
  salesCount: SalesCountEntry[];
  deliveryCounts: SalesCountEntry[];
  salesByDate: SalesByDate;
  salesByChannel: ChannelRevenue[];
  currency: string;
  locale: string;
  timeZone: string;
  range: DashboardRange | null;
  /** What the tiles' Previous counts (the same part of the previous period), from the tiles' answer. */
  comparison: DashboardComparison | null;
  /** Figures on screen are being asked again (a realtime refresh): they stay until the new ones arrive. */
  refreshing: boolean;
  retry: () => void;
}

const queryOptions = { refetchOnMountOrArgChange: true } as const;

/**
 * The figures of one period from the two dashboard calls (tiles from quickDashboard, charts from dashboard). A failure
 * of either is a failure of the statistics (spec 8): one toast, and all three datasets are emptied — the screen
 * never keeps figures it could not refresh, nor shows one part fresh beside a silently missing other.
 */
export function useDashboardStatistics(period: DashboardPeriod): DashboardStatisticsView {
  const quick = useQuickDashboardQuery(period, queryOptions);
  const full = useDashboardQuery(period, queryOptions);
  // The locale amounts are written in; the currency itself comes with the figures.
  const { data: currencyInfo } = useTenantCurrencyQuery();
  const tenantTimeZone = useTenantTimeZone();

  const failed = quick.isError || full.isError;
  useEffect(() => {
    if (failed) toast.error(DASHBOARD_FAILURE_MESSAGE, { toastId: DASHBOARD_FAILURE_TOAST_ID });
  }, [failed]);

  // currentData, not data: after a period change the previous period's figures must not stand in for the new ones;
  // isSuccess, because after a failure RTK Query keeps the old data in the cache while it asks again.
  const tiles = !failed && quick.isSuccess ? quick.currentData : undefined;
  const charts = !failed && full.isSuccess ? full.currentData : undefined;
  const stateOf = (data: unknown): LoadState => (failed ? 'failed' : data ? 'ready' : 'loading');

  const { refetch: refetchQuick } = quick;
  const { refetch: refetchFull } = full;
  const retry = useCallback(() => {
    refetchQuick();
    refetchFull();
  }, [refetchQuick, refetchFull]);

  return {
    tilesState: stateOf(tiles),
    chartsState: stateOf(charts),
    salesCount: (tiles ?? EMPTY_STATISTICS).salesCount,
    deliveryCounts: (tiles ?? EMPTY_STATISTICS).deliveryCounts,
    salesByDate: (charts ?? EMPTY_STATISTICS).salesByDate,
    salesByChannel: (charts ?? EMPTY_STATISTICS).salesByChannel,
    // The amounts are in the currency the server computed them in; the tenant's setting is the fallback.
    currency: charts?.currency ?? tiles?.currency ?? currencyInfo?.currency ?? DEFAULT_CURRENCY,
    locale: currencyInfo?.locale ?? DEFAULT_LOCALE,
    timeZone: tiles?.timeZone ?? charts?.timeZone ?? tenantTimeZone,
    range: tiles?.range ?? charts?.range ?? null,
    comparison: tiles?.comparison ?? null,
    refreshing: (quick.isFetching && !!tiles) || (full.isFetching && !!charts),
    retry,
  };
}
