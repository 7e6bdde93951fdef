import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import type { OrderSummary } from '@shipdesk/contract';
import { hrefs } from '@/config/paths';
import { formatDateTime, formatMoney } from '@/lib/format';
import { sourceLabel } from '@/lib/format/source-type';
import { OrderShippingCell } from './order-shipping-cell';
import { SECONDARY_LINE } from './secondary-line';
import { OrderStatusChip, PaymentStatusChip, ShipmentStatusChip } from './order-status-chips';

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
const chipCell = (status: string, chip: ReactNode) => (
  <Box sx={status.length > ONE_LINE ? WRAPPING_CHIP : undefined}>{chip}</Box>
);

export interface OrdersTableColumn {
  id: string;
  label: string;
  sort?: SortField;
  align?: 'right';
  minWidth?: number;
  /** A long header may take two lines instead of widening the table. */
  wrapHeader?: boolean;
  render: (row: OrderSummary, ctx: { timeZone: string; locale: string }) => ReactNode;
}

export const ORDERS_TABLE_COLUMNS: OrdersTableColumn[] = [
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
        <Box title={channelText(row)} sx={{ ...SECONDARY_LINE, maxWidth: 124 }}>
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
          <Box title={row.customerEmail} sx={{ ...SECONDARY_LINE, maxWidth: 134 }}>
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
  {
    id: 'orderStatus',
    label: 'Status',
    render: (row) => chipCell(row.orderStatus, <OrderStatusChip status={row.orderStatus} small />),
  },
  {
    id: 'paymentStatus',
    label: 'Payment',
    render: (row) => chipCell(row.paymentStatus, <PaymentStatusChip status={row.paymentStatus} small />),
  },
  {
    id: 'shipmentStatus',
    label: 'Shipment',
    render: (row) => chipCell(row.shipmentStatus, <ShipmentStatusChip status={row.shipmentStatus} small />),
  },
  {
    id: 'service',
    label: 'Requested service',
    wrapHeader: true,
    // The requested service over the carrier service it resolved to; the channel and e-mail lines are cut a little
    // shorter to make room for it, so the ten columns still fit 1440 pixels.
    minWidth: 152,
    render: (row) => <OrderShippingCell row={row} />,
  },
];
