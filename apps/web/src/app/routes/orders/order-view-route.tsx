import { DeliveriesCard } from '@/features/labels/components/deliveries-card';
import { OrderActionPage } from '@/features/orders/order-action-page';
import { OrderViewPage } from '@/features/orders/order-view-page';
import type { OrderPartProps, OrderViewSlots } from '@/features/orders/orders-page-slots';
import { ParcelTrackingSection } from '@/features/orders/tracking/parcel-tracking-section';

/** The deliveries and their labels, each labelled one with its parcel as tracked. */
function TrackedDeliveriesCard(props: OrderPartProps) {
  return <DeliveriesCard {...props} parcel={ParcelTrackingSection} />;
}

const LABELS: OrderViewSlots = { deliveries: TrackedDeliveriesCard };

/** /orders/view/:id: one order, with its deliveries and their labels. */
export function OrderViewRoute() {
  return <OrderViewPage slots={LABELS} />;
}

/** /orders/:action/:id: the same view, with an action's dialog open or the addresses focused. */
export function OrderActionRoute() {
  return <OrderActionPage slots={LABELS} />;
}
