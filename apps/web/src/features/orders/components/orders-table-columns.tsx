import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import type { OrderListColumn, OrderSummary } from '@shipdesk/contract';
import { hrefs } from '@/config/paths';
import { formatDateTime, formatMoney } from '@/lib/format';
import { sourceLabel } from '@/lib/format/source-type';
import { orderShippingView } from '../order-shipping';
import { OrderShippingCell } from './order-shipping-cell';
import { OrderStatusChip, PaymentStatusChip, ShipmentStatusChip } from './order-status-chips';
import { ParcelStatusCell } from '../tracking/parcel-status-cell';
import { tenantToday } from '../tracking/tracking-words';
import './orders-table-columns.css';

export type SortField = 'id' | 'orderDate' | 'total';

/** Where the order came from: the channel, and the store's name when the order belongs to one. */
export function channelText(row: Pick<OrderSummary, 'sourceType' | 'storeName'>): string {
  const channel = sourceLabel(row.sourceType);
  return row.storeName && row.storeName !== channel ? `${channel} · ${row.storeName}` : channel;
}

/**
 * A long status ("Shipped Complete", "Completed - Canceled Partial") goes on two lines inside its chip instead of
 * widening its column (sd-orders-chip-wrap): the ten columns keep fitting 1440 pixels whatever the statuses.
 */
const ONE_LINE = 12;
const chipCell = (status: string, chip: ReactNode, compact: boolean) =>
  status.length > ONE_LINE && !compact ? <div className="sd-orders-chip-wrap">{chip}</div> : chip;

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
  /** Left out below the lg breakpoint (by CSS, sd-orders-col-wide), so the table fits beside the sidebar. */
  wide?: boolean;
  render: (row: OrderSummary, ctx: ColumnContext) => ReactNode;
}

export const ORDERS_TABLE_COLUMNS: OrdersTableColumn[] = [
  {
    id: 'orderNumber',
    label: 'Order',
    sort: 'id',
    minWidth: 110,
    render: (row, { compact }) => (
      <div className="sd-orders-cell-text">
        <RouterLink
          className="sd-orders-link sd-orders-nowrap"
          to={hrefs.orderView(row.id)}
          tabIndex={-1}
          title={compact ? channelText(row) : undefined}
        >
          {row.orderNumber}
        </RouterLink>
        {compact ? null : (
          <div className="sd-orders-secondary sd-orders-secondary--channel" title={channelText(row)}>
            {channelText(row)}
          </div>
        )}
      </div>
    ),
  },
  {
    id: 'orderDate',
    label: 'Date',
    sort: 'orderDate',
    minWidth: 96,
    // The date above its time: the same text, two short lines instead of one wide column.
    render: (row, { timeZone, compact }) => (
      <span className={compact ? 'sd-orders-number sd-orders-nowrap' : 'sd-orders-number sd-orders-two-lines'}>
        {compact ? formatDateTime(row.orderDate, timeZone) : formatDateTime(row.orderDate, timeZone).replace(' ', '\n')}
      </span>
    ),
  },
  {
    id: 'customer',
    label: 'Customer',
    minWidth: 140,
    render: (row, { compact }) => (
      <div className="sd-orders-cell-text">
        <div
          className={compact ? 'sd-orders-one-line sd-orders-one-line--customer' : undefined}
          title={compact ? (row.customerEmail ?? undefined) : undefined}
        >
          {row.customerName || '—'}
        </div>
        {row.customerEmail && !compact ? (
          <div className="sd-orders-secondary sd-orders-secondary--email" title={row.customerEmail}>
            {row.customerEmail}
          </div>
        ) : null}
      </div>
    ),
  },
  {
    id: 'shipTo',
    label: 'Ship to',
    minWidth: 110,
    wide: true,
    render: (row, { compact }) =>
      compact ? (
        <div className="sd-orders-one-line" title={row.shipTo ?? undefined}>
          {row.shipTo || '—'}
        </div>
      ) : (
        row.shipTo || '—'
      ),
  },
  { id: 'items', label: 'Items', align: 'right', wide: true, render: (row) => row.itemCount },
  {
    id: 'total',
    label: 'Total',
    sort: 'total',
    align: 'right',
    render: (row, { locale }) => (
      <span className="sd-orders-number sd-orders-nowrap">{formatMoney(row.total, row.currency, locale)}</span>
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
    wide: true,
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
    <div className="sd-orders-one-line" title={resolved ? `${text}: ${resolved}` : text}>
      {text}
      {view.kind === 'unmapped' || view.kind === 'no-carrier' ? (
        <>
          <span className="sd-orders-warning-mark" aria-hidden>
            {'\u26a0'}
          </span>
          <span className="sd-orders-visually-hidden">{`: ${resolved}`}</span>
        </>
      ) : null}
    </div>
  );
}

/** The columns shown: all but those the user hid (the order number always stays). */
export function visibleColumns(hidden: readonly string[]): OrdersTableColumn[] {
  return ORDERS_TABLE_COLUMNS.filter((column) => column.id === 'orderNumber' || !hidden.includes(column.id));
}
