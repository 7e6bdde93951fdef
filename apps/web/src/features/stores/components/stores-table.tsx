import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { visuallyHidden } from '@mui/utils';
import type { Store } from '@shipdesk/contract';
import type { WatchedRun } from '../hooks/use-stores-realtime';
import { STORE_COLUMN_COUNT, StoreRow } from './store-row';

interface StoresTableProps {
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

/**
 * The stores with their channel, status, last sync and order count. A store's problem is always shown under its
 * row, never behind a click; so is a pull in progress.
 */
export function StoresTable({ rows, loadingRows, stale, runs, pulling, ...rowProps }: StoresTableProps) {
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
            <TableCell align="right" sx={{ position: 'relative' }}>
              {/* Positioned, so the hidden words stay inside the table's scrolling box, not widening the page. */}
              <Box component="span" sx={visuallyHidden}>
                Actions
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody sx={{ opacity: stale ? 0.55 : 1, transition: 'opacity 120ms' }}>
          {loadingRows !== null
            ? Array.from({ length: loadingRows }, (_, index) => (
                <TableRow key={`skeleton-${index}`} aria-hidden sx={{ height: 53 }}>
                  {Array.from({ length: STORE_COLUMN_COUNT }, (__, column) => (
                    <TableCell key={column}>
                      <Skeleton variant="text" width="70%" />
                    </TableCell>
                  ))}
                </TableRow>
              ))
            : rows.map((store) => (
                <StoreRow
                  key={store.id}
                  store={store}
                  live={runs.get(store.id)}
                  pulling={pulling.has(store.id)}
                  {...rowProps}
                />
              ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
