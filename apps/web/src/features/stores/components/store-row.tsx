import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import type { Store } from '@shipdesk/contract';
import { StatusChip } from '@/components/status-chip';
import { formatCount, formatDateTime } from '@/lib/format';
import { sourceLabel } from '@/lib/format/source-type';
import type { WatchedRun } from '../hooks/use-stores-realtime';
import { runOutcome, runTime, storeStatus } from '../store-status';
import { StoreRowActions } from './store-row-actions';
import { StoreSyncMode } from './store-sync-mode';
import { SyncProgress } from './sync-progress';

/** Cells of a store row, which the table's skeleton and detail lines span. */
export const STORE_COLUMN_COUNT = 6;

interface StoreRowProps {
  store: Store;
  timeZone: string;
  canEdit: boolean;
  /** The store's pull in progress, as the realtime channel reports it. */
  live: WatchedRun | undefined;
  /** Its pullOrders call is on its way. */
  pulling: boolean;
  onPull(store: Store): void;
  onSyncLog(store: Store): void;
  onEdit(store: Store): void;
  onDismissRun(storeId: string): void;
}

function LastSync({ store, timeZone }: { store: Store; timeZone: string }) {
  const run = store.lastSync;
  const at = run ? runTime(run) : store.lastSyncAt;
  if (!at) {
    return (
      <Box component="span" sx={{ color: 'text.secondary' }}>
        Never
      </Box>
    );
  }
  const failed = run?.state === 'failed' || run?.state === 'stalled';
  return (
    <Box sx={{ minWidth: 0 }}>
      <Box component="span" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
        {formatDateTime(at, timeZone)}
      </Box>
      {run ? (
        <Box
          sx={{
            color: failed ? 'error.main' : 'text.secondary',
            fontSize: '0.75rem',
            lineHeight: 1.4,
            overflowWrap: 'anywhere',
          }}
        >
          {runOutcome(run)}
        </Box>
      ) : null}
    </Box>
  );
}

/** A line under the store's row that spans the table: its problem, or its pull in progress. */
function DetailRow({ children, last }: { children: ReactNode; last: boolean }) {
  return (
    <TableRow>
      <TableCell colSpan={STORE_COLUMN_COUNT} sx={{ pt: 0, pb: 1.5, ...(last ? {} : { borderBottom: 0 }) }}>
        {children}
      </TableCell>
    </TableRow>
  );
}

/** One store of the table, with its problem and its pull in progress on lines of their own under it. */
export function StoreRow({
  store,
  timeZone,
  canEdit,
  live,
  pulling,
  onPull,
  onSyncLog,
  onEdit,
  onDismissRun,
}: StoreRowProps) {
  const status = storeStatus(store);
  const details: ReactNode[] = [];
  if (store.problem) {
    details.push(
      <Alert
        key="problem"
        severity="warning"
        action={
          canEdit ? (
            <Button color="inherit" size="small" onClick={() => onEdit(store)} aria-label={`Fix ${store.name}`}>
              Fix
            </Button>
          ) : undefined
        }
      >
        {store.problem}
      </Alert>,
    );
  }
  if (live) {
    details.push(
      <SyncProgress key="run" run={live.run} storeName={store.name} onDismiss={() => onDismissRun(store.id)} />,
    );
  }
  const canPull = store.sourceType !== 'Wholesale' && store.status !== 'uninstalled';
  const running = live !== undefined && (live.run.state === 'queued' || live.run.state === 'running');
  return (
    <>
      <TableRow
        id={`store-${store.id}`}
        data-store-id={store.id}
        sx={{
          height: 53,
          '& > td': details.length > 0 ? { borderBottom: 0 } : {},
          '&:target': { bgcolor: 'action.selected' },
        }}
      >
        <TableCell>
          <Box sx={{ fontWeight: 500 }}>{store.name}</Box>
          {store.customerOrderCode ? (
            <Box sx={{ color: 'text.secondary', fontSize: '0.75rem', lineHeight: 1.4 }}>
              Order code {store.customerOrderCode}
            </Box>
          ) : null}
        </TableCell>
        <TableCell>{sourceLabel(store.sourceType)}</TableCell>
        <TableCell>
          <StatusChip label={status.label} tone={status.tone} small kind="Status" />
        </TableCell>
        <TableCell>
          <LastSync store={store} timeZone={timeZone} />
          <StoreSyncMode store={store} />
        </TableCell>
        <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
          {formatCount(store.orderCount)}
        </TableCell>
        <TableCell align="right">
          <StoreRowActions
            store={store}
            canPull={canPull}
            pullBusy={pulling || running}
            canEdit={canEdit}
            onPull={onPull}
            onSyncLog={onSyncLog}
            onEdit={onEdit}
          />
        </TableCell>
      </TableRow>
      {details.map((detail, index) => (
        <DetailRow key={index} last={index === details.length - 1}>
          {detail}
        </DetailRow>
      ))}
    </>
  );
}
