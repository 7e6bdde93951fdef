import Stack from '@mui/material/Stack';
import type { OrderState } from '@shipdesk/contract';
import { StatusChip } from '@/components/status-chip';
import { ORDER_STATUS_TONE, PAYMENT_STATUS_TONE, SHIPMENT_STATUS_TONE } from '../order-status';

export function OrderStatusChip({ status, small }: { status: OrderState['orderStatus']; small?: boolean }) {
  return <StatusChip label={status} tone={ORDER_STATUS_TONE[status]} small={small} kind="Order status" />;
}

export function PaymentStatusChip({ status, small }: { status: OrderState['paymentStatus']; small?: boolean }) {
  return <StatusChip label={status} tone={PAYMENT_STATUS_TONE[status]} small={small} kind="Payment" />;
}

export function ShipmentStatusChip({ status, small }: { status: OrderState['shipmentStatus']; small?: boolean }) {
  return <StatusChip label={status} tone={SHIPMENT_STATUS_TONE[status]} small={small} kind="Shipment" />;
}

/** The three statuses of an order side by side (order, payment, shipment). */
export function OrderStatusChips({ state, small }: { state: OrderState; small?: boolean }) {
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      <OrderStatusChip status={state.orderStatus} small={small} />
      <PaymentStatusChip status={state.paymentStatus} small={small} />
      <ShipmentStatusChip status={state.shipmentStatus} small={small} />
    </Stack>
  );
}
