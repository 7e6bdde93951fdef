import { useMemo, type ReactNode } from 'react';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableRow from '@mui/material/TableRow';
import type { OrderListDensity, OrderSort, OrderSummary } from '@shipdesk/contract';
import { useOrderListPreferences } from '../api/order-views-api';
import { useOrdersTableKeys } from '../hooks/use-orders-table-keys';
import { visibleColumns, type OrdersTableColumn } from './orders-table-columns';
import { OrdersTableHead } from './orders-table-head';
import { OrdersTableRow } from './orders-table-row';

/** Every row has this height, loaded or skeleton, so nothing jumps when the data arrives. */
const ROW_HEIGHT = 53;
/** A compact row: one line of text. */
const COMPACT_ROW_HEIGHT = 37;

export interface OrdersTableProps {
  rows: readonly OrderSummary[] | undefined;
  /** Skeleton rows (first load): as many as a page holds. */
  loadingRows: number | null;
  /** Dims the rows while the next page or filter is on its way. */
  stale: boolean;
  sort: OrderSort;
  onSort(sort: OrderSort): void;
  selected: ReadonlyMap<string, unknown>;
  onToggle(row: OrderSummary): void;
  onToggleAll(checked: boolean): void;
  timeZone: string;
  locale: string;
  /** Shown in the body when there are no rows. */
  empty?: ReactNode;
  /** The user's own (their preferences) unless given. */
  density?: OrderListDensity;
  hiddenColumns?: readonly string[];
  /** Below the lg breakpoint: the widest columns are left out, so the table fits beside the sidebar. */
  narrow?: boolean;
}

/** What a narrow table leaves out (the order view shows them): the ship-to, the items and the requested service. */
const NARROW_HIDDEN = ['shipTo', 'items', 'service'];

function SkeletonRows({ count, columns }: { count: number; columns: readonly OrdersTableColumn[] }) {
  return Array.from({ length: count }, (_, index) => (
    <TableRow key={`skeleton-${index}`} aria-hidden>
      <TableCell padding="checkbox">
        <Skeleton variant="rounded" width={18} height={18} sx={{ mx: 'auto' }} />
      </TableCell>
      {columns.map((column) => (
        <TableCell key={column.id} align={column.align}>
          <Skeleton variant="text" width={column.align === 'right' ? 48 : '70%'} sx={{ ml: 'auto' }} />
        </TableCell>
      ))}
    </TableRow>
  ));
}

/** The order list as a table, keyboard-navigable (useOrdersTableKeys); a click on a row opens its order. */
export function OrdersTable({
  rows,
  loadingRows,
  stale,
  sort,
  onSort,
  selected,
  onToggle,
  onToggleAll,
  timeZone,
  locale,
  empty,
  density,
  hiddenColumns,
  narrow = false,
}: OrdersTableProps) {
  const { preferences } = useOrderListPreferences();
  const compact = (density ?? preferences.density) === 'compact';
  // The rows are memoized (OrdersTableRow): what they are given stays the same object while it means the same. The
  // hidden columns by their ids, so an equal list given anew keeps the columns.
  const hiddenIds = [...(hiddenColumns ?? preferences.hiddenColumns), ...(narrow ? NARROW_HIDDEN : [])].join(',');
  const columns = useMemo(() => visibleColumns(hiddenIds.split(',')), [hiddenIds]);
  const context = useMemo(() => ({ timeZone, locale, compact }), [timeZone, locale, compact]);
  const { activeIndex, keys } = useOrdersTableKeys(rows, onToggle);
  const count = rows?.length ?? 0;
  const selectedOnPage = rows?.filter((row) => selected.has(row.id)).length ?? 0;

  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table
        size="small"
        aria-label="Orders"
        aria-busy={loadingRows !== null || stale}
        data-density={compact ? 'compact' : 'standard'}
        sx={{
          '& tbody tr': { height: compact ? COMPACT_ROW_HEIGHT : ROW_HEIGHT },
          ...(compact ? { '& tbody td': { py: 0.25 }, '& td .MuiCheckbox-root': { py: 0.25 } } : {}),
          '& th': { whiteSpace: 'nowrap', fontWeight: 600 },
          // Ten columns on a 1440-pixel laptop without scrolling sideways.
          // Compact cells lose a little padding too: their one-line dates and chips are wider.
          '& .MuiTableCell-sizeSmall:not(.MuiTableCell-paddingCheckbox)': { px: compact ? 1 : 1.5 },
        }}
      >
        <OrdersTableHead
          columns={columns}
          sort={sort}
          onSort={onSort}
          count={count}
          selectedOnPage={selectedOnPage}
          onToggleAll={onToggleAll}
        />
        <TableBody sx={{ opacity: stale ? 0.55 : 1, transition: 'opacity 120ms' }}>
          {loadingRows !== null ? <SkeletonRows count={loadingRows} columns={columns} /> : null}
          {loadingRows === null && count === 0 && empty ? (
            <TableRow>
              <TableCell colSpan={columns.length + 1} sx={{ borderBottom: 0, py: 4 }}>
                {empty}
              </TableCell>
            </TableRow>
          ) : null}
          {loadingRows === null
            ? rows?.map((row, index) => (
                <OrdersTableRow
                  key={row.id}
                  row={row}
                  index={index}
                  isSelected={selected.has(row.id)}
                  active={index === activeIndex}
                  columns={columns}
                  context={context}
                  keys={keys}
                  onToggle={onToggle}
                />
              ))
            : null}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
