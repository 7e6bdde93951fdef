import type { OrderStatus, PaymentStatus, ShipmentStatus } from '@shipdesk/contract';
import type { StatusTone } from '@/components/status-chip';

export const ORDER_STATUS_TONE: Record<OrderStatus, StatusTone> = {
  'Draft Order': 'neutral',
  'Sales Order': 'info',
  Completed: 'success',
  Canceled: 'error',
  Deleted: 'neutral',
  'Completed - Canceled Partial': 'warning',
};

export const PAYMENT_STATUS_TONE: Record<PaymentStatus, StatusTone> = {
  Unpaid: 'warning',
  'Paid Partial': 'warning',
  Paid: 'success',
  Terms: 'info',
};

export const SHIPMENT_STATUS_TONE: Record<ShipmentStatus, StatusTone> = {
  Unshipped: 'neutral',
  'Shipped Partial': 'info',
  'Shipped Complete': 'success',
};
