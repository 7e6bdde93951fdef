import { useMemo } from 'react';
import { PieChart } from '@mui/x-charts/PieChart';
import { formatMoney } from '@/lib/format';
import { formatPercent, type PieSlice } from '../dashboard-format';
import { CHART_HEIGHT } from './chart-card';

interface ChannelPieChartProps {
  slices: PieSlice[];
  currency: string;
  locale: string;
  /** A fixed width in px; by default the chart fills its card. */
  width?: number;
}

/** The pie of 'Sales By Channel'; each slice carries its own arc label (empty at or below the threshold). */
export function ChannelPieChart({ slices, currency, locale, width }: ChannelPieChartProps) {
  const byId = useMemo(() => new Map(slices.map((slice) => [slice.id, slice])), [slices]);
  return (
    <PieChart
      height={CHART_HEIGHT}
      width={width}
      series={[
        {
          data: slices.map(({ id, label, value }) => ({ id, label, value })),
          innerRadius: '40%',
          paddingAngle: 1,
          cornerRadius: 3,
          arcLabel: (item) => byId.get(String(item.id))?.arcLabel ?? '',
          valueFormatter: (item) => {
            const slice = byId.get(String(item.id));
            const money = formatMoney(item.value, currency, locale);
            return slice ? `${money} (${formatPercent(slice.percent, locale)})` : money;
          },
          highlightScope: { fade: 'global', highlight: 'item' },
        },
      ]}
    />
  );
}
