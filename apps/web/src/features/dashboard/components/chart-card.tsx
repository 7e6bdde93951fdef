import { Suspense, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import Refresh from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import type { LoadState } from '../hooks/use-dashboard-statistics';

/** Height of a chart, its skeleton and its empty state alike, so nothing moves when the figures arrive. */
export const CHART_HEIGHT = 320;

const NO_ORDERS_TEXT = 'No orders in this period';

const chartSkeleton = <Skeleton variant="rounded" height={CHART_HEIGHT} />;

interface ChartTable {
  caption: string;
  columns: readonly string[];
  rows: readonly (readonly string[])[];
}

interface ChartCardProps {
  title: string;
  state: LoadState;
  /** Loaded, but nothing to draw. */
  empty: boolean;
  onRetry: () => void;
  /** The figures as a table for screen readers (the SVG chart is hidden from them). */
  table: ChartTable;
  children: ReactNode;
}

/**
 * True once the element has come near the viewport (or at once where IntersectionObserver is missing): the charts
 * library (about 80 KB compressed) is fetched for a chart about to be seen, not for one below a phone's fold.
 */
function useNearViewport<T extends Element>() {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: '200px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return [ref, near] as const;
}

/** A titled chart panel: skeleton while loading, the failure or the empty period said plainly, else the chart. */
export function ChartCard({ title, state, empty, onRetry, table, children }: ChartCardProps) {
  const titleId = useId();
  const [areaRef, near] = useNearViewport<HTMLDivElement>();
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={titleId}
      aria-busy={state === 'loading'}
      sx={{ p: 2, minWidth: 0 }}
    >
      <Typography id={titleId} variant="h6" component="h2" sx={{ mb: 1.5, fontSize: '1.05rem', fontWeight: 600 }}>
        {title}
      </Typography>
      <Box ref={areaRef} sx={{ height: CHART_HEIGHT, position: 'relative' }}>
        {state === 'loading' || !near ? (
          chartSkeleton
        ) : state === 'failed' ? (
          <ChartMessage
            text="The figures could not be loaded."
            action={
              <Button size="small" startIcon={<Refresh />} onClick={onRetry}>
                Try again
              </Button>
            }
          />
        ) : empty ? (
          <ChartMessage text={NO_ORDERS_TEXT} />
        ) : (
          <Suspense fallback={chartSkeleton}>{children}</Suspense>
        )}
      </Box>
      <Box component="table" sx={visuallyHidden}>
        <caption>{table.caption}</caption>
        <thead>
          <tr>
            {table.columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map(([head, ...cells], index) => (
            <tr key={`${head}-${index}`}>
              <th scope="row">{head}</th>
              {cells.map((cell, column) => (
                <td key={column}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </Box>
    </Paper>
  );
}

function ChartMessage({ text, action }: { text: string; action?: ReactNode }) {
  return (
    <Box
      sx={{
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 1,
        borderRadius: 1,
        bgcolor: 'action.hover',
        color: 'text.secondary',
        textAlign: 'center',
        px: 2,
      }}
    >
      <InsightsOutlined aria-hidden sx={{ fontSize: 36, color: 'text.disabled' }} />
      <Typography variant="body2">{text}</Typography>
      {action}
    </Box>
  );
}
