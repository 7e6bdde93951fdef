import { useId, useState } from 'react';
import { toast } from '@/lib/toast/toast';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  RECONCILE_DAYS,
  reconcileBusy,
  type ReconcileFinding,
  type ReconcileRun,
  type ReconcileView,
  type Store,
} from '@shipdesk/contract';
import { StatusChip } from '@/components/status-chip';
import { QueryError } from '@/components/query-error';
import { apiErrorMessage } from '@/lib/errors';
import { formatCount, formatDateTime } from '@/lib/format';
import { sourceLabel } from '@/lib/format/source-type';
import { useTenantTimeZone } from '@/lib/state/tenant-time-zone';
import {
  useFixStoreReconcileMutation,
  useStartStoreReconcileMutation,
  useStoreReconcileQuery,
} from '../api/store-reconcile-api';

const KIND_WORDS: Record<ReconcileFinding['kind'], string> = {
  missing: 'Not in Shipdesk',
  canceled_on_channel: 'Canceled on the channel, open here',
  changed: 'Changed on the channel since we took it',
};

/** The days field's problem, or null when it is a whole number in range. */
function daysProblem(text: string): string | null {
  const days = Number(text);
  if (text.trim() === '' || !Number.isInteger(days) || days < RECONCILE_DAYS.min || days > RECONCILE_DAYS.max) {
    return `Enter a whole number of days from ${RECONCILE_DAYS.min} to ${RECONCILE_DAYS.max}`;
  }
  return null;
}

function RunState({ run }: { run: ReconcileRun }) {
  if (run.state === 'queued' || run.state === 'running') {
    return (
      <Box role="status" sx={{ my: 2 }}>
        <LinearProgress aria-label="Checking" />
        <Typography variant="body2" sx={{ mt: 1 }}>
          Checking the last {run.days} days… {formatCount(run.ordersChecked)} orders compared on{' '}
          {formatCount(run.pages)} pages
        </Typography>
      </Box>
    );
  }
  if (run.state === 'failed') {
    return (
      <Alert severity="error" sx={{ my: 2, overflowWrap: 'anywhere' }}>
        The check failed: {run.error ?? 'no reason was given'}
      </Alert>
    );
  }
  return null;
}

function FixState({ run }: { run: ReconcileRun }) {
  const { fix } = run;
  if (fix.state === 'queued' || fix.state === 'running') {
    return (
      <Box role="status" sx={{ my: 2 }}>
        <LinearProgress aria-label="Fetching and fixing" />
        <Typography variant="body2" sx={{ mt: 1 }}>
          Fetching and fixing… {formatCount(fix.fixed)} fixed so far
        </Typography>
      </Box>
    );
  }
  if (fix.state === 'failed') {
    return (
      <Alert severity="error" sx={{ my: 2, overflowWrap: 'anywhere' }}>
        Fetch and fix stopped: {fix.error ?? 'no reason was given'}. {formatCount(fix.fixed)} fixed before it stopped.
      </Alert>
    );
  }
  if (fix.state === 'succeeded') {
    return (
      <Alert severity={fix.failed > 0 ? 'warning' : 'success'} role="status" sx={{ my: 2 }}>
        {formatCount(fix.fixed)} fixed
        {fix.failed > 0 ? `; ${formatCount(fix.failed)} could not be fixed (see the notes)` : ''}.
      </Alert>
    );
  }
  return null;
}

function Findings({ view, store, timeZone }: { view: ReconcileView; store: Store; timeZone: string }) {
  return (
    <TableContainer sx={{ overflowX: 'auto', maxHeight: 420 }}>
      <Table
        size="small"
        stickyHeader
        aria-label={`Missing orders of ${store.name}`}
        sx={{ '& th': { fontWeight: 600 } }}
      >
        <TableHead>
          <TableRow>
            <TableCell>Order</TableCell>
            <TableCell>What is wrong</TableCell>
            <TableCell>Channel date</TableCell>
            <TableCell>State</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {view.findings.map((finding) => (
            <TableRow key={finding.externalId} data-external-id={finding.externalId}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{finding.orderNumber}</TableCell>
              <TableCell>
                {KIND_WORDS[finding.kind]}
                {finding.note && !finding.resolvedAt ? (
                  <Box sx={{ color: 'warning.main', fontSize: '0.75rem', overflowWrap: 'anywhere' }}>
                    {finding.note}
                  </Box>
                ) : null}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                {finding.channelOrderDate ? formatDateTime(finding.channelOrderDate, timeZone) : '—'}
              </TableCell>
              <TableCell>
                {finding.resolvedAt ? (
                  <StatusChip label="Fixed" tone="success" small kind="Finding" />
                ) : (
                  <StatusChip label="Open" tone="warning" small kind="Finding" />
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {view.more > 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          And {formatCount(view.more)} more not listed here.
        </Typography>
      ) : null}
    </TableContainer>
  );
}

/**
 * A store's missing orders: run a check over the last N days, see its progress and what it found, and take the
 * findings in with one "Fetch and fix". Polls while a check or a fix is going.
 */
export function MissingOrdersDialog({ store, onClose }: { store: Store; onClose(): void }) {
  const titleId = useId();
  const timeZone = useTenantTimeZone();
  const [days, setDays] = useState(String(RECONCILE_DAYS.default));
  const [touched, setTouched] = useState(false);
  const [polling, setPolling] = useState(false);
  const query = useStoreReconcileQuery(store.id, { pollingInterval: polling ? 1000 : 0 });
  const [start, starting] = useStartStoreReconcileMutation();
  const [fix, fixing] = useFixStoreReconcileMutation();
  const view = query.data;
  const run = view?.run ?? null;
  const busy = reconcileBusy(run);
  if (busy !== polling) setPolling(busy);
  const problem = touched ? daysProblem(days) : null;
  const open = view?.findings.filter((f) => f.resolvedAt === null).length ?? 0;

  const check = async () => {
    setTouched(true);
    if (daysProblem(days)) return;
    try {
      await start({ storeId: store.id, days: Number(days) }).unwrap();
    } catch (error) {
      toast.error(apiErrorMessage(error, `Could not start the check of ${store.name}.`));
    }
  };
  const fixAll = async () => {
    try {
      await fix(store.id).unwrap();
    } catch (error) {
      toast.error(apiErrorMessage(error, `Could not fetch and fix the orders of ${store.name}.`));
    }
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>Missing orders · {store.name}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Compares the orders {sourceLabel(store.sourceType)} changed in the last days with Shipdesk&apos;s: orders
          Shipdesk lacks, orders canceled there but open here, and orders changed there since Shipdesk took them.
        </Typography>
        <Box
          component="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void check();
          }}
          sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}
        >
          <TextField
            label="Days back"
            size="small"
            type="number"
            value={days}
            onChange={(event) => setDays(event.target.value)}
            error={problem !== null}
            helperText={problem ?? `${RECONCILE_DAYS.min} to ${RECONCILE_DAYS.max}`}
            slotProps={{ htmlInput: { min: RECONCILE_DAYS.min, max: RECONCILE_DAYS.max, step: 1 } }}
            sx={{ width: 140 }}
          />
          <Button type="submit" variant="outlined" disabled={busy || starting.isLoading} sx={{ mt: 0.25 }}>
            {run ? 'Check again' : 'Check now'}
          </Button>
        </Box>
        {query.isLoading ? (
          <Skeleton variant="rectangular" height={120} sx={{ mt: 2 }} />
        ) : query.error ? (
          <QueryError
            error={query.error}
            fallback="Could not load the missing orders."
            refetch={query.refetch}
            isFetching={query.isFetching}
            sx={{ mt: 2 }}
          />
        ) : !view || !run ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
            No check yet. Run one to compare this store with its channel.
          </Typography>
        ) : (
          <>
            <RunState run={run} />
            <FixState run={run} />
            {run.state === 'succeeded' && view.findings.length === 0 ? (
              <Alert severity="success" role="status" sx={{ my: 2 }}>
                Nothing is missing: the {formatCount(run.ordersChecked)} orders of the last {run.days} days agree.
              </Alert>
            ) : null}
            {view.findings.length > 0 ? <Findings view={view} store={store} timeZone={timeZone} /> : null}
          </>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        {run?.state === 'succeeded' && open > 0 ? (
          <Button variant="contained" onClick={() => void fixAll()} disabled={busy || fixing.isLoading}>
            Fetch and fix ({formatCount(open)})
          </Button>
        ) : null}
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
