/*
 * Which call answers what: the tiles read GET /call/quickDashboard/{period} (counts only, the cheapest query, so the
 * four numbers show first) and the charts read GET /call/dashboard/{period}. Both are asked together and again on
 * every realtime 'orders:changed' (debounced). A failure of either counts as a failure of the dashboard: the toast
 * 'Failed to get dashboard statistics.' and all three datasets emptied (spec 8), so the screen never shows fresh
 * tiles beside charts it silently failed to refresh.
 */
import { useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { DASHBOARD_PERIODS, DEFAULT_DASHBOARD_PERIOD, type DashboardPeriod } from '@shipdesk/contract';
import { PageHeader } from '@/components/page-header';
import { formatDateTime } from '@/lib/format';
import { usePageDrawn } from '@/lib/lazy/page-drawn';
import { OrderCountTile } from './components/order-count-tile';
import { PeriodFilter } from './components/period-filter';
import { TermsOrdersCard } from './components/terms-orders-card';
import { SalesByChannelChart } from './components/sales-by-channel-chart';
import { SalesRevenueChart } from './components/sales-revenue-chart';
import type { DashboardRange } from './dashboard-data';
import { useDashboardRealtime } from './hooks/use-dashboard-realtime';
import { useDashboardStatistics } from './hooks/use-dashboard-statistics';
import { DELIVERY_TILES } from './delivery-tiles';
import { ORDER_TILES } from './order-tiles';

/** The period from `?period=`, or the default (This Week) for a missing or unknown value. */
export function parsePeriod(value: string | null): DashboardPeriod {
  return (DASHBOARD_PERIODS as readonly string[]).includes(value ?? '')
    ? (value as DashboardPeriod)
    : DEFAULT_DASHBOARD_PERIOD;
}

/** 'YYYY-MM-DD' of an instant in the zone; `to` bounds are exclusive, so a range ends the instant before. */
function day(iso: string, timeZone: string, exclusiveEnd = false): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return '';
  return formatDateTime(new Date(exclusiveEnd ? time - 1 : time), timeZone).slice(0, 10);
}

/** '2026-03-09 – 2026-03-15', or one day when the range is one day; '' when the server sent no usable range. */
function span(from: string, to: string, timeZone: string): string {
  const first = day(from, timeZone);
  const last = day(to, timeZone, true);
  if (!first || !last) return '';
  return first === last ? first : `${first} – ${last}`;
}

/** Which days the figures cover and what they are compared with, in the tenant's time zone. */
export function describeRange(range: DashboardRange | null, timeZone: string): string {
  if (!range) return '';
  const current = span(range.from, range.to, timeZone);
  const previous = span(range.previousFrom, range.previousTo, timeZone);
  if (!current) return '';
  return `${current}${previous ? `, compared with ${previous}` : ''} (${timeZone})`;
}

const PERIOD_NOUN: Record<DashboardPeriod, string> = { Today: 'day', 'This Week': 'week', 'This Month': 'month' };

/**
 * What the tiles' Previous and change compare with: the same part of the previous period as the current one has
 * reached ('Previous: Mon–Wed 14:00 last week, the same part of the week so far').
 */
function describeComparison(label: string | undefined, period: DashboardPeriod): string {
  return label ? `Previous: ${label}, the same part of the ${PERIOD_NOUN[period]} so far` : '';
}

/** /dashboard (spec 2.4): order tiles and sales charts for the period chosen in the URL, kept live. */
export function DashboardPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const period = parsePeriod(searchParams.get('period'));
  const statistics = useDashboardStatistics(period);
  useDashboardRealtime();
  usePageDrawn(statistics.tilesState !== 'loading' && statistics.chartsState !== 'loading');

  const choose = (next: DashboardPeriod) =>
    setSearchParams(
      (params) => {
        if (next === DEFAULT_DASHBOARD_PERIOD) params.delete('period');
        else params.set('period', next);
        return params;
      },
      { replace: true },
    );

  const rangeText = describeRange(statistics.range, statistics.timeZone);
  const comparedWith = statistics.comparison?.label;
  const comparisonText = describeComparison(comparedWith, period);
  const { currency, locale, retry } = statistics;

  return (
    <>
      <PageHeader
        title="Dashboard"
        // The line is always there (a skeleton until the range is known), so the page does not shift.
        subtitle={
          rangeText ||
          (statistics.tilesState === 'loading' ? (
            // The range's words take two lines on a phone: so does their placeholder, and nothing moves when they come.
            <Box component="span" sx={{ display: 'block' }}>
              <Skeleton component="span" width={320} sx={{ display: 'block', maxWidth: '100%' }} />
              <Skeleton component="span" width="55%" sx={{ display: { xs: 'block', sm: 'none' } }} />
            </Box>
          ) : (
            '\u00a0'
          ))
        }
        actions={<PeriodFilter period={period} onChange={choose} />}
      />
      <Box aria-busy={statistics.refreshing} sx={{ display: 'grid', gap: 2 }}>
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' },
          }}
        >
          {ORDER_TILES.map((tile) => (
            <OrderCountTile
              key={tile.title}
              tile={tile}
              entry={statistics.salesCount.find((entry) => entry.xLabels === tile.title)}
              state={statistics.tilesState}
              locale={locale}
              comparedWith={comparedWith}
            />
          ))}
        </Box>
        <Box
          role="group"
          aria-label="Deliveries"
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' },
          }}
        >
          {DELIVERY_TILES.map((tile) => (
            <OrderCountTile
              key={tile.title}
              tile={tile}
              entry={statistics.deliveryCounts.find((entry) => entry.xLabels === tile.title)}
              state={statistics.tilesState}
              locale={locale}
              comparedWith={comparedWith}
            />
          ))}
        </Box>
        {/* Always a line (a space until the answer names the span), so the charts do not move. */}
        <Typography variant="body2" color="text.secondary" sx={{ mt: -1 }}>
          {comparisonText || '\u00a0'}
        </Typography>
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 2fr)' },
          }}
        >
          <SalesRevenueChart
            data={statistics.salesByDate}
            state={statistics.chartsState}
            currency={currency}
            locale={locale}
            onRetry={retry}
          />
          <SalesByChannelChart
            data={statistics.salesByChannel}
            state={statistics.chartsState}
            currency={currency}
            locale={locale}
            onRetry={retry}
          />
        </Box>
        <TermsOrdersCard />
      </Box>
    </>
  );
}
