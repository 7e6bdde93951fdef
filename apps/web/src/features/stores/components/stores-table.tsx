import type { ReactNode } from 'react';
import CloudDownloadOutlined from '@mui/icons-material/CloudDownloadOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { Store } from '@shipdesk/contract';
import { StatusChip } from '@/components/status-chip';
import { formatCount, formatDateTime } from '@/lib/format';
import { sourceLabel } from '@/lib/format/source-type';
import type { WatchedRun } from '../hooks/use-stores-realtime';
import { runOutcome, runTime, storeStatus } from '../store-status';
import { SyncProgress } from './sync-progress';

const COLUMN_COUNT = 6;
const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  m: '-1px',
  p: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

export interface StoresTableProps {
  rows: readonly Store[];
  /** Skeleton rows on the first load. */
  loadingRows: number | null;
  stale: boolean;
  timeZone: string;
  canEdit: boolean;
  runs: ReadonlyMap<string, WatchedRun>;
  /** Stores whose pullOrders call is on its way. */
  pulling: ReadonlySet<string>;
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
      <TableCell colSpan={COLUMN_COUNT} sx={{ pt: 0, pb: 1.5, ...(last ? {} : { borderBottom: 0 }) }}>
        {children}
      </TableCell>
    </TableRow>
  );
}

/**
 * The stores with their channel, status, last sync and order count. A store's problem is always shown under its
 * row, never behind a click; so is a pull in progress.
 */
export function StoresTable({
  rows,
  loadingRows,
  stale,
  timeZone,
  canEdit,
  runs,
  pulling,
  onPull,
  onSyncLog,
  onEdit,
  onDismissRun,
}: StoresTableProps) {
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table
        size="small"
        aria-label="Stores"
        aria-busy={loadingRows !== null || stale}
        sx={{ '& th': { whiteSpace: 'nowrap', fontWeight: 600 } }}
      >
        <TableHead>
          <TableRow>
            <TableCell sx={{ minWidth: 160 }}>Store</TableCell>
            <TableCell>Channel</TableCell>
            <TableCell>Status</TableCell>
            <TableCell sx={{ minWidth: 170 }}>Last sync</TableCell>
            <TableCell align="right">Orders</TableCell>
            <TableCell align="right">
              <Box component="span" sx={VISUALLY_HIDDEN}>
                Actions
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody sx={{ opacity: stale ? 0.55 : 1, transition: 'opacity 120ms' }}>
          {loadingRows !== null
            ? Array.from({ length: loadingRows }, (_, index) => (
                <TableRow key={`skeleton-${index}`} aria-hidden sx={{ height: 53 }}>
                  {Array.from({ length: COLUMN_COUNT }, (__, column) => (
                    <TableCell key={column}>
                      <Skeleton variant="text" width="70%" />
                    </TableCell>
                  ))}
                </TableRow>
              ))
            : rows.map((store) => {
                const status = storeStatus(store);
                const live = runs.get(store.id);
                const details: ReactNode[] = [];
                if (store.problem) {
                  details.push(
                    <Alert
                      key="problem"
                      severity="warning"
                      action={
                        canEdit ? (
                          <Button
                            color="inherit"
                            size="small"
                            onClick={() => onEdit(store)}
                            aria-label={`Fix ${store.name}`}
                          >
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
                    <SyncProgress
                      key="run"
                      run={live.run}
                      storeName={store.name}
                      onDismiss={() => onDismissRun(store.id)}
                    />,
                  );
                }
                const canPull = store.sourceType !== 'Wholesale' && store.status !== 'uninstalled';
                const running = live !== undefined && (live.run.state === 'queued' || live.run.state === 'running');
                return [
                  <TableRow
                    key={store.id}
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
                    </TableCell>
                    <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                      {formatCount(store.orderCount)}
                    </TableCell>
                    <TableCell align="right">
                      <Box sx={{ display: 'inline-flex', gap: 0.5, flexWrap: 'nowrap' }}>
                        {canPull ? (
                          <Button
                            size="small"
                            startIcon={<CloudDownloadOutlined />}
                            onClick={() => onPull(store)}
                            disabled={pulling.has(store.id) || running}
                            aria-label={`Pull orders from ${store.name}`}
                            sx={{ whiteSpace: 'nowrap' }}
                          >
                            Pull orders
                          </Button>
                        ) : null}
                        <Button
                          size="small"
                          startIcon={<HistoryOutlined />}
                          onClick={() => onSyncLog(store)}
                          aria-label={`Sync log of ${store.name}`}
                          sx={{ whiteSpace: 'nowrap' }}
                        >
                          Sync log
                        </Button>
                        {canEdit ? (
                          <Button
                            size="small"
                            startIcon={<EditOutlined />}
                            onClick={() => onEdit(store)}
                            aria-label={`Edit ${store.name}`}
                          >
                            Edit
                          </Button>
                        ) : null}
                      </Box>
                    </TableCell>
                  </TableRow>,
                  ...details.map((detail, index) => (
                    <DetailRow key={`${store.id}-${index}`} last={index === details.length - 1}>
                      {detail}
                    </DetailRow>
                  )),
                ];
              })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
