import { lazy } from 'react';
import { formatMoney } from '@/lib/format';
import type { SalesByDate } from '../dashboard-data';
import type { LoadState } from '../hooks/use-dashboard-statistics';
import { ChartCard } from './chart-card';

// The charts library is large: the tiles do not wait for it.
const RevenueBarChart = lazy(() => import('./revenue-bar-chart').then((m) => ({ default: m.RevenueBarChart })));

interface SalesRevenueChartProps {
  data: SalesByDate;
  state: LoadState;
  currency: string;
  locale: string;
  onRetry: () => void;
  /** A fixed width in px; by default the chart fills its card. */
  width?: number;
}

/** Nothing to draw: no categories, or no revenue in either period. */
export function isRevenueEmpty(data: SalesByDate): boolean {
  return data.Categories.length === 0 || [...data.Previous, ...data.Current].every((value) => value === 0);
}

/** 'Sales Revenue' (spec 2.4): previous against current revenue per category, in the tenant's currency. */
export function SalesRevenueChart({ data, state, currency, locale, onRetry, width }: SalesRevenueChartProps) {
  const money = (minor: number | undefined) => (minor === undefined ? '' : formatMoney(minor, currency, locale));
  return (
    <ChartCard
      title="Sales Revenue"
      state={state}
      empty={isRevenueEmpty(data)}
      onRetry={onRetry}
      table={{
        caption: `Sales Revenue in ${currency}, previous and current period`,
        columns: ['Category', 'Previous', 'Current'],
        rows: data.Categories.map((category, index) => [
          category,
          money(data.Previous[index]),
          money(data.Current[index]),
        ]),
      }}
    >
      <RevenueBarChart data={data} currency={currency} locale={locale} width={width} />
    </ChartCard>
  );
}
