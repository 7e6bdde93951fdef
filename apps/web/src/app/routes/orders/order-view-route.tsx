import { DeliveriesCard } from '@/features/labels/components/deliveries-card';
import { OrderActionPage } from '@/features/orders/order-action-page';
import { OrderViewPage } from '@/features/orders/order-view-page';
import type { OrderViewSlots } from '@/features/orders/orders-page-slots';

const LABELS: OrderViewSlots = { deliveries: DeliveriesCard };

/** /orders/view/:id: one order, with its deliveries and their labels. */
export function OrderViewRoute() {
  return <OrderViewPage slots={LABELS} />;
}

/** /orders/:action/:id: the same view, with an action's dialog open or the addresses focused. */
export function OrderActionRoute() {
  return <OrderActionPage slots={LABELS} />;
}
