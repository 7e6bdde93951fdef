import { useEffect, useState } from 'react';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useGetProductFillQuery } from './products-api';

/** How often the status is asked again while a fill runs. */
const POLL_MS = 2000;

/** Exact counts ("1,500", not "1.5K"): a seller watches them move. */
const count = (n: number) => n.toLocaleString('en-US');
const orders = (n: number) => `${count(n)} open order${n === 1 ? '' : 's'}`;

/**
 * The background fill of open orders with a product's new weight (docs/products.md, "Filling open orders"): while it
 * runs, how many of the open orders that lacked the weight are done, asked again every 2 s; after, how many it
 * filled. The same height in both states, so the table below does not move when it ends.
 */
export function ProductFillStatus() {
  const [running, setRunning] = useState(false);
  const { data } = useGetProductFillQuery(undefined, { pollingInterval: running ? POLL_MS : 0 });
  useEffect(() => setRunning(data?.state === 'running'), [data?.state]);
  if (!data) return null;
  if (data.state === 'idle' && (data.finishedAt === null || data.total === 0)) return null;
  const live = data.state === 'running';
  const counted = data.total > 0;
  const text = live
    ? counted
      ? `Filling weights on ${orders(data.total)}… ${count(data.done)} of ${count(data.total)} done`
      : 'Filling weights on open orders…'
    : `Filled weights on ${orders(data.total)}`;
  return (
    <Paper variant="outlined" role="status" aria-live="polite" sx={{ px: 2, py: 1.5, mb: 2 }}>
      <Typography variant="body2">{text}</Typography>
      <LinearProgress
        aria-label="Weights filled"
        variant={live && !counted ? 'indeterminate' : 'determinate'}
        value={live ? (counted ? (100 * data.done) / data.total : 0) : 100}
        color={live ? 'primary' : 'success'}
        sx={{ mt: 1 }}
      />
    </Paper>
  );
}
