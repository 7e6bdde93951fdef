import { useMemo } from 'react';
import { BarChart } from '@mui/x-charts/BarChart';
import { formatMoney, toMajorUnits } from '@/lib/format';
import { useColorMode } from '@/lib/theme/color-mode';
import { SCHEME_COLORS } from '@/lib/theme/theme';
import { compactMoneyFormatter } from '../dashboard-format';
import type { SalesByDate } from '../dashboard-data';
import { CHART_HEIGHT } from './chart-card';

interface RevenueBarChartProps {
  data: SalesByDate;
  currency: string;
  locale: string;
  /** A fixed width in px; by default the chart fills its card. */
  width?: number;
}

/** The columns of 'Sales Revenue': previous period in the secondary colour, current in the primary. */
export function RevenueBarChart({ data, currency, locale, width }: RevenueBarChartProps) {
  // The colours of the scheme shown (the light scheme's brand blue on the dark card was 2:1).
  const colors = SCHEME_COLORS[useColorMode().isDark ? 'dark' : 'light'];
  const axisLabel = useMemo(() => compactMoneyFormatter(currency, locale), [currency, locale]);
  // The scale is drawn in major units so the axis gets round amounts; tooltips format the exact minor units.
  const series = (
    [
      ['previous', 'Previous', data.Previous, colors.secondary],
      ['current', 'Current', data.Current, colors.primary],
    ] as const
  ).map(([id, label, values, color]) => ({
    id,
    label,
    color,
    data: values.map((minor) => toMajorUnits(minor, currency)),
    valueFormatter: (_value: number | null, { dataIndex }: { dataIndex: number }) => {
      const minor = values[dataIndex];
      return minor === undefined ? null : formatMoney(minor, currency, locale);
    },
  }));

  return (
    <BarChart
      height={CHART_HEIGHT}
      width={width}
      series={series}
      xAxis={[{ scaleType: 'band', data: data.Categories }]}
      yAxis={[{ valueFormatter: (value: number) => axisLabel(value), width: 72 }]}
      grid={{ horizontal: true }}
      slotProps={{ legend: { position: { vertical: 'top', horizontal: 'end' } } }}
    />
  );
}
