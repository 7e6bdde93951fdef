import { lazy, useMemo } from 'react';
import { formatMoney } from '@/lib/format';
import { formatPercent, pieSlices } from '../dashboard-format';
import type { ChannelRevenue } from '../dashboard-data';
import type { LoadState } from '../hooks/use-dashboard-statistics';
import { ChartCard } from './chart-card';

// The charts library is large: the tiles do not wait for it.
const ChannelPieChart = lazy(() => import('./channel-pie-chart').then((m) => ({ default: m.ChannelPieChart })));

interface SalesByChannelChartProps {
  data: ChannelRevenue[];
  state: LoadState;
  currency: string;
  locale: string;
  onRetry: () => void;
  /** A fixed width in px; by default the chart fills its card. */
  width?: number;
}

/** 'Sales By Channel' (spec 2.4): revenue per channel, with percentage labels only on slices above 10 percent. */
export function SalesByChannelChart({ data, state, currency, locale, onRetry, width }: SalesByChannelChartProps) {
  const slices = useMemo(() => pieSlices(data, locale), [data, locale]);
  return (
    <ChartCard
      title="Sales By Channel"
      state={state}
      empty={slices.length === 0}
      onRetry={onRetry}
      table={{
        caption: `Sales By Channel in ${currency}`,
        columns: ['Channel', 'Revenue', 'Share'],
        rows: slices.map((slice) => [
          slice.label,
          formatMoney(slice.value, currency, locale),
          formatPercent(slice.percent, locale),
        ]),
      }}
    >
      <ChannelPieChart slices={slices} currency={currency} locale={locale} width={width} />
    </ChartCard>
  );
}
