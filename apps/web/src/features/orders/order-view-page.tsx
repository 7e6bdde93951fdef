import { useParams } from 'react-router';
import { OrderView } from './components/order-view';
import type { OrderViewSlots } from './orders-page-slots';

/** /orders/view/:id (spec 2.2); `slots` are the cards other features draw. */
export function OrderViewPage({ slots }: { slots?: OrderViewSlots }) {
  const { id = '' } = useParams();
  return <OrderView key={id} id={id} slots={slots} />;
}
