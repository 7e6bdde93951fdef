import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import type { OrderSort, OrderSummary } from '@shipdesk/contract';
import { hrefs } from '@/config/paths';
import { formatDateTime, formatMoney } from '@/lib/format';
import { sourceLabel } from '@/lib/format/source-type';
import { OrderStatusChip, PaymentStatusChip, ShipmentStatusChip } from './order-status-chips';

/** Every row has this height, loaded or skeleton, so nothing jumps when the data arrives. */
export const ROW_HEIGHT = 53;

type SortField = 'id' | 'orderDate' | 'total';

/** Where the order came from: the channel, and the store's name when the order belongs to one. */
export function channelText(row: Pick<OrderSummary, 'sourceType' | 'storeName'>): string {
  const channel = sourceLabel(row.sourceType);
  return row.storeName && row.storeName !== channel ? `${channel} · ${row.storeName}` : channel;
}

interface Column {
  id: string;
  label: string;
  sort?: SortField;
  align?: 'right';
  minWidth?: number;
  /** A long header may take two lines instead of widening the table. */
  wrapHeader?: boolean;
  render: (row: OrderSummary, ctx: { timeZone: string; locale: string }) => ReactNode;
}

/** A row's second, smaller line; cut with an ellipsis (the whole text in its tooltip) so the table fits a laptop. */
const SECONDARY_LINE = {
  color: 'text.secondary',
  fontSize: '0.75rem',
  lineHeight: 1.4,
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
} as const;

const COLUMNS: Column[] = [
  {
    id: 'orderNumber',
    label: 'Order',
    sort: 'id',
    minWidth: 110,
    render: (row) => (
      <Box sx={{ minWidth: 0 }}>
        <Link component={RouterLink} to={hrefs.orderView(row.id)} tabIndex={-1} sx={{ fontWeight: 500 }}>
          {row.orderNumber}
        </Link>
        <Box title={channelText(row)} sx={{ ...SECONDARY_LINE, maxWidth: 140 }}>
          {channelText(row)}
        </Box>
      </Box>
    ),
  },
  {
    id: 'orderDate',
    label: 'Date',
    sort: 'orderDate',
    minWidth: 96,
    // The date above its time: the same text, two short lines instead of one wide column.
    render: (row, { timeZone }) => (
      <Box component="span" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'pre-line' }}>
        {formatDateTime(row.orderDate, timeZone).replace(' ', '\n')}
      </Box>
    ),
  },
  {
    id: 'customer',
    label: 'Customer',
    minWidth: 140,
    render: (row) => (
      <Box sx={{ minWidth: 0 }}>
        <Box>{row.customerName || '—'}</Box>
        {row.customerEmail ? (
          <Box title={row.customerEmail} sx={{ ...SECONDARY_LINE, maxWidth: 150 }}>
            {row.customerEmail}
          </Box>
        ) : null}
      </Box>
    ),
  },
  { id: 'shipTo', label: 'Ship to', minWidth: 110, render: (row) => row.shipTo || '—' },
  { id: 'items', label: 'Items', align: 'right', render: (row) => row.itemCount },
  {
    id: 'total',
    label: 'Total',
    sort: 'total',
    align: 'right',
    render: (row, { locale }) => (
      <Box component="span" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
        {formatMoney(row.total, row.currency, locale)}
      </Box>
    ),
  },
  { id: 'orderStatus', label: 'Status', render: (row) => <OrderStatusChip status={row.orderStatus} small /> },
  { id: 'paymentStatus', label: 'Payment', render: (row) => <PaymentStatusChip status={row.paymentStatus} small /> },
  {
    id: 'shipmentStatus',
    label: 'Shipment',
    render: (row) => <ShipmentStatusChip status={row.shipmentStatus} small />,
  },
  {
    id: 'service',
    label: 'Requested service',
    wrapHeader: true,
    minWidth: 120,
    render: (row) => row.requestedShippingMethod || '—',
  },
];

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
}

/**
 * The order list as a table. Keyboard: the rows form one tab stop; arrow keys (and Home/End) move between rows,
 * Enter opens the order, Space toggles its selection.
 */
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
}: OrdersTableProps) {
  const navigate = useNavigate();
  const [active, setActive] = useState(0);
  const rowRefs = useRef<(HTMLTableRowElement | null)[]>([]);
  const count = rows?.length ?? 0;
  const activeIndex = Math.min(active, Math.max(count - 1, 0));
  const [sortField, sortDirection] = sort.split(' ') as [SortField, 'asc' | 'desc'];
  const selectedOnPage = rows?.filter((row) => selected.has(row.id)).length ?? 0;

  // A new page starts at its first row.
  const firstId = rows?.[0]?.id;
  useEffect(() => setActive(0), [firstId]);

  const focusRow = (index: number) => {
    const next = Math.max(0, Math.min(index, count - 1));
    setActive(next);
    rowRefs.current[next]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTableRowElement>, row: OrderSummary, index: number) => {
    // Keys typed into the checkbox or link are theirs.
    if (event.target !== event.currentTarget) return;
    switch (event.key) {
      case 'ArrowDown':
        focusRow(index + 1);
        break;
      case 'ArrowUp':
        focusRow(index - 1);
        break;
      case 'Home':
        focusRow(0);
        break;
      case 'End':
        focusRow(count - 1);
        break;
      case 'Enter':
        void navigate(hrefs.orderView(row.id));
        break;
      case ' ':
        onToggle(row);
        break;
      default:
        return;
    }
    event.preventDefault();
  };

  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table
        size="small"
        aria-label="Orders"
        aria-busy={loadingRows !== null || stale}
        sx={{
          '& tbody tr': { height: ROW_HEIGHT },
          '& th': { whiteSpace: 'nowrap', fontWeight: 600 },
          // Ten columns on a 1440-pixel laptop without scrolling sideways.
          '& .MuiTableCell-sizeSmall:not(.MuiTableCell-paddingCheckbox)': { px: 1.5 },
        }}
      >
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox">
              <Checkbox
                checked={count > 0 && selectedOnPage === count}
                indeterminate={selectedOnPage > 0 && selectedOnPage < count}
                disabled={count === 0}
                onChange={(event) => onToggleAll(event.target.checked)}
                slotProps={{ input: { 'aria-label': 'Select all orders on this page' } }}
              />
            </TableCell>
            {COLUMNS.map((column) => (
              <TableCell
                key={column.id}
                align={column.align}
                sx={{ minWidth: column.minWidth, ...(column.wrapHeader ? { whiteSpace: 'normal !important' } : {}) }}
                sortDirection={column.sort === sortField ? sortDirection : false}
              >
                {column.sort ? (
                  <TableSortLabel
                    active={column.sort === sortField}
                    direction={column.sort === sortField ? sortDirection : 'desc'}
                    onClick={() => {
                      const direction = column.sort === sortField && sortDirection === 'desc' ? 'asc' : 'desc';
                      onSort(`${column.sort} ${direction}` as OrderSort);
                    }}
                  >
                    {column.label}
                  </TableSortLabel>
                ) : (
                  column.label
                )}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody sx={{ opacity: stale ? 0.55 : 1, transition: 'opacity 120ms' }}>
          {loadingRows !== null
            ? Array.from({ length: loadingRows }, (_, index) => (
                <TableRow key={`skeleton-${index}`} aria-hidden>
                  <TableCell padding="checkbox">
                    <Skeleton variant="rounded" width={18} height={18} sx={{ mx: 'auto' }} />
                  </TableCell>
                  {COLUMNS.map((column) => (
                    <TableCell key={column.id} align={column.align}>
                      <Skeleton variant="text" width={column.align === 'right' ? 48 : '70%'} sx={{ ml: 'auto' }} />
                    </TableCell>
                  ))}
                </TableRow>
              ))
            : null}
          {loadingRows === null && count === 0 && empty ? (
            <TableRow>
              <TableCell colSpan={COLUMNS.length + 1} sx={{ borderBottom: 0, py: 4 }}>
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
                    ref={(element) => {
                      rowRefs.current[index] = element;
                    }}
                    hover
                    selected={isSelected}
                    aria-selected={isSelected}
                    tabIndex={index === activeIndex ? 0 : -1}
                    onKeyDown={(event) => onKeyDown(event, row, index)}
                    onFocus={(event) => {
                      if (event.target === event.currentTarget) setActive(index);
                    }}
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
                        checked={isSelected}
                        tabIndex={-1}
                        onChange={() => onToggle(row)}
                        slotProps={{ input: { 'aria-label': `Select order ${row.orderNumber}` } }}
                      />
                    </TableCell>
                    {COLUMNS.map((column) => (
                      <TableCell key={column.id} align={column.align}>
                        {column.render(row, { timeZone, locale })}
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
