import type { OrderState } from '@shipdesk/contract';
import type { StatusTone } from '@/components/status-chip';
import { ORDER_STATUS_TONE, PAYMENT_STATUS_TONE, SHIPMENT_STATUS_TONE } from '../order-status';
import './order-status-chips.css';

interface ChipProps {
  label: string;
  tone: StatusTone;
  small?: boolean;
  /** What the status is about ('Payment'), read by screen readers before the label. */
  kind: string;
}

/**
 * StatusChip's look (an outlined MUI Chip, tinted by its tone) as a plain span styled once in order-status-chips.css:
 * the order list shows three per order, and a Chip is an emotion-styled component each.
 */
export function OrderChip({ label, tone, small = false, kind }: ChipProps) {
  return (
    <span
      className={`sd-orders-chip sd-orders-chip--${tone}${small ? ' sd-orders-chip--small' : ''}`}
      aria-label={`${kind}: ${label}`}
    >
      <span className="sd-orders-chip-label">{label}</span>
    </span>
  );
}

export function OrderStatusChip({ status, small }: { status: OrderState['orderStatus']; small?: boolean }) {
  return <OrderChip label={status} tone={ORDER_STATUS_TONE[status]} small={small} kind="Order status" />;
}

export function PaymentStatusChip({ status, small }: { status: OrderState['paymentStatus']; small?: boolean }) {
  return <OrderChip label={status} tone={PAYMENT_STATUS_TONE[status]} small={small} kind="Payment" />;
}

export function ShipmentStatusChip({ status, small }: { status: OrderState['shipmentStatus']; small?: boolean }) {
  return <OrderChip label={status} tone={SHIPMENT_STATUS_TONE[status]} small={small} kind="Shipment" />;
}

/** The three statuses of an order side by side (order, payment, shipment). */
export function OrderStatusChips({ state, small }: { state: OrderState; small?: boolean }) {
  return (
    <div className="sd-orders-chips">
      <OrderStatusChip status={state.orderStatus} small={small} />
      <PaymentStatusChip status={state.paymentStatus} small={small} />
      <ShipmentStatusChip status={state.shipmentStatus} small={small} />
    </div>
  );
}
