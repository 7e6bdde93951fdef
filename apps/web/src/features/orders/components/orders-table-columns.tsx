import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { visuallyHidden } from '@mui/utils';
import type { OrderListColumn, OrderSummary } from '@shipdesk/contract';
import { hrefs } from '@/config/paths';
import { formatDateTime, formatMoney } from '@/lib/format';
import { sourceLabel } from '@/lib/format/source-type';
import { orderShippingView } from '../order-shipping';
import { OrderShippingCell } from './order-shipping-cell';
import { SECONDARY_LINE } from './secondary-line';
import { OrderStatusChip, PaymentStatusChip, ShipmentStatusChip } from './order-status-chips';
import { ParcelStatusCell } from '../tracking/parcel-status-cell';
import { tenantToday } from '../tracking/tracking-words';

export type SortField = 'id' | 'orderDate' | 'total';

/** Where the order came from: the channel, and the store's name when the order belongs to one. */
export function channelText(row: Pick<OrderSummary, 'sourceType' | 'storeName'>): string {
  const channel = sourceLabel(row.sourceType);
  return row.storeName && row.storeName !== channel ? `${channel} · ${row.storeName}` : channel;
}

/**
 * A long status ("Shipped Complete", "Completed - Canceled Partial") goes on two lines inside its chip instead of
 * widening its column: the ten columns keep fitting 1440 pixels whatever the statuses on the page.
 */
const WRAPPING_CHIP = {
  '& .MuiChip-root': { height: 'auto', minHeight: 24, minWidth: 72, maxWidth: 96 },
  '& .MuiChip-label': { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.25, py: '3px' },
} as const;
/** Statuses up to this long stay on one line. */
const ONE_LINE = 12;
const chipCell = (status: string, chip: ReactNode, compact: boolean) => (
  <Box sx={status.length > ONE_LINE && !compact ? WRAPPING_CHIP : undefined}>{chip}</Box>
);

/** One line cut with an ellipsis, the whole text (and what the standard row shows under it) in its tooltip. */
const ONE_LINE_CELL = { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' } as const;

interface ColumnContext {
  timeZone: string;
  locale: string;
  /** One-line rows: the second lines (channel, e-mail, carrier service) go to the tooltip. */
  compact: boolean;
}

export interface OrdersTableColumn {
  id: OrderListColumn;
  label: string;
  sort?: SortField;
  align?: 'right';
  minWidth?: number;
  /** A long header may take two lines instead of widening the table. */
  wrapHeader?: boolean;
  render: (row: OrderSummary, ctx: ColumnContext) => ReactNode;
}

export const ORDERS_TABLE_COLUMNS: OrdersTableColumn[] = [
  {
    id: 'orderNumber',
    label: 'Order',
    sort: 'id',
    minWidth: 110,
    render: (row, { compact }) => (
      <Box sx={{ minWidth: 0 }}>
        <Link
          component={RouterLink}
          to={hrefs.orderView(row.id)}
          tabIndex={-1}
          title={compact ? channelText(row) : undefined}
          sx={{ fontWeight: 500, whiteSpace: 'nowrap' }}
        >
          {row.orderNumber}
        </Link>
        {compact ? null : (
          <Box title={channelText(row)} sx={{ ...SECONDARY_LINE, maxWidth: 124 }}>
            {channelText(row)}
          </Box>
        )}
      </Box>
    ),
  },
  {
    id: 'orderDate',
    label: 'Date',
    sort: 'orderDate',
    minWidth: 96,
    // The date above its time: the same text, two short lines instead of one wide column.
    render: (row, { timeZone, compact }) => (
      <Box component="span" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: compact ? 'nowrap' : 'pre-line' }}>
        {compact ? formatDateTime(row.orderDate, timeZone) : formatDateTime(row.orderDate, timeZone).replace(' ', '\n')}
      </Box>
    ),
  },
  {
    id: 'customer',
    label: 'Customer',
    minWidth: 140,
    render: (row, { compact }) => (
      <Box sx={{ minWidth: 0 }}>
        <Box
          title={compact ? (row.customerEmail ?? undefined) : undefined}
          sx={compact ? { ...ONE_LINE_CELL, maxWidth: 160 } : undefined}
        >
          {row.customerName || '—'}
        </Box>
        {row.customerEmail && !compact ? (
          <Box title={row.customerEmail} sx={{ ...SECONDARY_LINE, maxWidth: 134 }}>
            {row.customerEmail}
          </Box>
        ) : null}
      </Box>
    ),
  },
  {
    id: 'shipTo',
    label: 'Ship to',
    minWidth: 110,
    render: (row, { compact }) =>
      compact ? (
        <Box title={row.shipTo ?? undefined} sx={{ ...ONE_LINE_CELL, maxWidth: 150 }}>
          {row.shipTo || '—'}
        </Box>
      ) : (
        row.shipTo || '—'
      ),
  },
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
  {
    id: 'orderStatus',
    label: 'Status',
    render: (row, { compact }) =>
      chipCell(row.orderStatus, <OrderStatusChip status={row.orderStatus} small />, compact),
  },
  {
    id: 'paymentStatus',
    label: 'Payment',
    render: (row, { compact }) =>
      chipCell(row.paymentStatus, <PaymentStatusChip status={row.paymentStatus} small />, compact),
  },
  {
    id: 'shipmentStatus',
    label: 'Shipment',
    render: (row, { compact }) =>
      chipCell(row.shipmentStatus, <ShipmentStatusChip status={row.shipmentStatus} small />, compact),
  },
  {
    id: 'parcelStatus',
    label: 'Delivery',
    render: (row, { timeZone, locale }) => <ParcelStatusCell row={row} today={tenantToday(timeZone)} locale={locale} />,
  },
  {
    id: 'service',
    label: 'Requested service',
    wrapHeader: true,
    // The requested service over the carrier service it resolved to; the channel and e-mail lines are cut a little
    // shorter to make room for it, so the ten columns still fit 1440 pixels.
    minWidth: 152,
    render: (row, { compact }) => (compact ? <CompactShippingCell row={row} /> : <OrderShippingCell row={row} />),
  },
];

/** The requested service on one line; the carrier service it resolved to (or why none) in its tooltip. */
function CompactShippingCell({ row }: { row: OrderSummary }) {
  const view = orderShippingView(row);
  const resolved =
    view.kind === 'resolved'
      ? `ships with ${view.service} (${view.carrier})`
      : view.kind === 'unmapped'
        ? 'no shipping method covers it'
        : view.kind === 'no-carrier'
          ? `${view.method} is not mapped to a carrier service`
          : '';
  const text = row.requestedShippingMethod || '\u2014';
  return (
    <Box title={resolved ? `${text}: ${resolved}` : text} sx={{ ...ONE_LINE_CELL, maxWidth: 150 }}>
      {text}
      {view.kind === 'unmapped' || view.kind === 'no-carrier' ? (
        <>
          <Box
            component="span"
            aria-hidden
            sx={(theme) => ({
              ml: 0.5,
              color: theme.palette.warning[theme.palette.mode === 'dark' ? 'light' : 'dark'],
            })}
          >
            {'\u26a0'}
          </Box>
          <Box component="span" sx={visuallyHidden}>{`: ${resolved}`}</Box>
        </>
      ) : null}
    </Box>
  );
}

/** The columns shown: all but those the user hid (the order number always stays). */
export function visibleColumns(hidden: readonly string[]): OrdersTableColumn[] {
  return ORDERS_TABLE_COLUMNS.filter((column) => column.id === 'orderNumber' || !hidden.includes(column.id));
}
