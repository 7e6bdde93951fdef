import { useId } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Store, SyncRun } from '@shipdesk/contract';
import { StatusChip } from '@/components/status-chip';
import { QueryError } from '@/components/query-error';
import { formatCount, formatDateTime } from '@/lib/format';
import { useListSyncRunsQuery } from '../api/store-sync-api';
import { SYNC_STATE_VIEW, TRIGGER_LABELS } from '../store-status';

const COUNTERS: {
  key: keyof Pick<SyncRun, 'pages' | 'ordersSeen' | 'ordersNew' | 'ordersUpdated' | 'ordersFailed'>;
  label: string;
}[] = [
  { key: 'pages', label: 'Pages' },
  { key: 'ordersSeen', label: 'Seen' },
  { key: 'ordersNew', label: 'New' },
  { key: 'ordersUpdated', label: 'Updated' },
  { key: 'ordersFailed', label: 'Failed' },
];

function Times({ run, timeZone }: { run: SyncRun; timeZone: string }) {
  const lines: [string, string | null][] = [
    ['Queued', run.queuedAt],
    ['Started', run.startedAt],
    ['Finished', run.finishedAt],
  ];
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: 'auto auto',
        columnGap: 1,
        fontSize: '0.8125rem',
        '& dt': { color: 'text.secondary' },
        '& dd': { m: 0, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
      }}
    >
      {lines.map(([label, at]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <dt>{label}</dt>
          <dd>{at ? formatDateTime(at, timeZone) : '—'}</dd>
        </Box>
      ))}
    </Box>
  );
}

/** The last runs of one store (newest first): when, why, how it ended, what it counted, and its error. */
export function SyncLogDialog({ store, timeZone, onClose }: { store: Store; timeZone: string; onClose(): void }) {
  const titleId = useId();
  const { data: runs, error, isLoading, refetch, isFetching } = useListSyncRunsQuery(store.id);
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>Sync log · {store.name}</DialogTitle>
      <DialogContent>
        {isLoading ? (
          <Skeleton variant="rectangular" height={120} />
        ) : error ? (
          <QueryError error={error} fallback="Could not load the sync log." refetch={refetch} isFetching={isFetching} />
        ) : !runs || runs.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            No syncs yet. Pull orders to run the first one.
          </Typography>
        ) : (
          <TableContainer sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label={`Sync runs of ${store.name}`} sx={{ '& th': { fontWeight: 600 } }}>
              <TableHead>
                <TableRow>
                  <TableCell>When</TableCell>
                  <TableCell>Trigger</TableCell>
                  <TableCell>State</TableCell>
                  {COUNTERS.map((counter) => (
                    <TableCell key={counter.key} align="right">
                      {counter.label}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {runs.map((run) => {
                  const state = SYNC_STATE_VIEW[run.state];
                  return [
                    <TableRow key={run.id} data-run-id={run.id} sx={run.error ? { '& > td': { borderBottom: 0 } } : {}}>
                      <TableCell>
                        <Times run={run} timeZone={timeZone} />
                      </TableCell>
                      <TableCell>{TRIGGER_LABELS[run.trigger]}</TableCell>
                      <TableCell>
                        <StatusChip label={state.label} tone={state.tone} small kind="Sync" />
                      </TableCell>
                      {COUNTERS.map((counter) => (
                        <TableCell key={counter.key} align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                          {formatCount(run[counter.key])}
                        </TableCell>
                      ))}
                    </TableRow>,
                    run.error ? (
                      <TableRow key={`${run.id}-error`}>
                        <TableCell colSpan={3 + COUNTERS.length} sx={{ pt: 0 }}>
                          <Typography variant="body2" color="error" sx={{ overflowWrap: 'anywhere' }}>
                            {run.error}
                          </Typography>
                        </TableCell>
                      </TableRow>
                    ) : null,
                  ];
                })}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} autoFocus>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
