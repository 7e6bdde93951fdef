import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import Checkbox from '@mui/material/Checkbox';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableRow from '@mui/material/TableRow';
import type { OrderListDensity, OrderSort, OrderSummary } from '@shipdesk/contract';
import { hrefs } from '@/config/paths';
import { useOrderListPreferences } from '../api/order-views-api';
import { useOrdersTableKeys } from '../hooks/use-orders-table-keys';
import { visibleColumns, type OrdersTableColumn } from './orders-table-columns';
import { OrdersTableHead } from './orders-table-head';

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
  const navigate = useNavigate();
  const { preferences } = useOrderListPreferences();
  const compact = (density ?? preferences.density) === 'compact';
  const hidden = hiddenColumns ?? preferences.hiddenColumns;
  const columns = visibleColumns(narrow ? [...hidden, ...NARROW_HIDDEN] : hidden);
  const context = { timeZone, locale, compact };
  const rowKeys = useOrdersTableKeys(rows, onToggle);
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
            ? rows?.map((row, index) => {
                const isSelected = selected.has(row.id);
                return (
                  <TableRow
                    key={row.id}
                    {...rowKeys(row, index)}
                    hover
                    selected={isSelected}
                    aria-selected={isSelected}
                    onClick={(event) => {
                      // A click on the row (not on its link or checkbox) opens the order.
                      const target = event.target as HTMLElement;
                      if (target.closest('a, button, input, label')) return;
                      void navigate(hrefs.orderView(row.id));
                    }}
                    data-order-id={row.id}
                    sx={{
                      cursor: 'pointer',
                      '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: -2 },
                    }}
                  >
                    <TableCell padding="checkbox">
                      <Checkbox
                        size={compact ? 'small' : 'medium'}
                        checked={isSelected}
                        tabIndex={-1}
                        onChange={() => onToggle(row)}
                        slotProps={{ input: { 'aria-label': `Select order ${row.orderNumber}` } }}
                      />
                    </TableCell>
                    {columns.map((column) => (
                      <TableCell key={column.id} align={column.align}>
                        {column.render(row, context)}
                      </TableCell>
                    ))}
                  </TableRow>
                );
              })
            : null}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
