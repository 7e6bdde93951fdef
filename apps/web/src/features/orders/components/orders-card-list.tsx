import { memo, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import type { OrderSummary } from '@shipdesk/contract';
import { hrefs } from '@/config/paths';
import { formatDateTime, formatMoney } from '@/lib/format';
import { OrdersCheckBox } from './orders-check-box';
import { channelText } from './orders-table-columns';
import { OrderStatusChip, PaymentStatusChip, ShipmentStatusChip } from './order-status-chips';
import './orders-list.css';
import './orders-card-list.css';

interface OrdersCardListProps {
  rows: readonly OrderSummary[] | undefined;
  /** Skeleton cards (first load): as many as a page holds. */
  loadingRows: number | null;
  /** Dims the cards while the next page or filter is on its way. */
  stale: boolean;
  selected: ReadonlyMap<string, unknown>;
  onToggle(row: OrderSummary): void;
  timeZone: string;
  locale: string;
  /** Shown instead of the cards when there are none. */
  empty?: ReactNode;
}

function SkeletonCards({ count }: { count: number }) {
  return Array.from({ length: count }, (_, index) => (
    <li key={`skeleton-${index}`} className="sd-orders-card sd-orders-card--skeleton" aria-hidden>
      <span className="sd-orders-skeleton sd-orders-skeleton--text sd-orders-card-skeleton-number" />
      <span className="sd-orders-skeleton sd-orders-skeleton--text sd-orders-card-skeleton-customer" />
      <span className="sd-orders-skeleton sd-orders-card-skeleton-chips" />
    </li>
  ));
}

/**
 * The order list on a phone (below the sm breakpoint), where the ten columns of the table cannot fit: one card per
 * order with its selection box, number (the link that opens it), customer, total, date and the three statuses.
 * Tab goes from a card's box to its link; Space ticks the box, Enter opens the order.
 */
export function OrdersCardList({
  rows,
  loadingRows,
  stale,
  selected,
  onToggle,
  timeZone,
  locale,
  empty,
}: OrdersCardListProps) {
  const count = rows?.length ?? 0;
  if (loadingRows === null && count === 0) return empty ? <div className="sd-orders-cards-empty">{empty}</div> : null;
  return (
    <ul
      className={stale ? 'sd-orders-cards sd-orders-cards--stale' : 'sd-orders-cards'}
      aria-label="Orders"
      aria-busy={loadingRows !== null || stale}
    >
      {loadingRows !== null ? (
        <SkeletonCards count={loadingRows} />
      ) : (
        rows?.map((row) => (
          <OrderCard
            key={row.id}
            row={row}
            selected={selected.has(row.id)}
            onToggle={onToggle}
            timeZone={timeZone}
            locale={locale}
          />
        ))
      )}
    </ul>
  );
}

interface OrderCardProps {
  row: OrderSummary;
  selected: boolean;
  onToggle(row: OrderSummary): void;
  timeZone: string;
  locale: string;
}

/**
 * One order's card. Memoized (its props are primitives, the row and the page's stable `onToggle`): ticking a box
 * renders that card alone again.
 */
const OrderCard = memo(function OrderCard({ row, selected, onToggle, timeZone, locale }: OrderCardProps) {
  const titleId = `order-card-${row.id}`;
  return (
    <li
      className={selected ? 'sd-orders-card sd-orders-card--selected' : 'sd-orders-card'}
      aria-labelledby={titleId}
      data-order-id={row.id}
    >
      <OrdersCheckBox checked={selected} onChange={() => onToggle(row)} label={`Select order ${row.orderNumber}`} />
      <div className="sd-orders-card-body">
        <div className="sd-orders-card-line sd-orders-card-line--first">
          <RouterLink id={titleId} className="sd-orders-link sd-orders-card-number" to={hrefs.orderView(row.id)}>
            {row.orderNumber}
          </RouterLink>
          <span className="sd-orders-card-total">{formatMoney(row.total, row.currency, locale)}</span>
        </div>
        <div className="sd-orders-card-line sd-orders-card-line--second">
          <div className="sd-orders-card-customer">{row.customerName || '—'}</div>
          <span className="sd-orders-secondary sd-orders-card-date">{formatDateTime(row.orderDate, timeZone)}</span>
        </div>
        <div className="sd-orders-secondary">{channelText(row)}</div>
        <div className="sd-orders-card-chips">
          <OrderStatusChip status={row.orderStatus} small />
          <PaymentStatusChip status={row.paymentStatus} small />
          <ShipmentStatusChip status={row.shipmentStatus} small />
        </div>
      </div>
    </li>
  );
});
