import { useParams } from 'react-router';
import { NotFoundPage } from '@/components/not-found-page';
import { OrderView } from './components/order-view';
import { parseOrderAction } from './order-routes';
import type { OrderViewSlots } from './orders-page-slots';

/**
 * /orders/:action/:id (spec 2.2): the order view, with the address editors focused ('edit') or the action's dialog
 * open (an event). An action that does not exist is a page that does not exist. `slots` are the cards other features
 * draw.
 */
export function OrderActionPage({ slots }: { slots?: OrderViewSlots }) {
  const { action: segment, id = '' } = useParams();
  const action = parseOrderAction(segment);
  if (!action || !/^[1-9]\d{0,18}$/.test(id)) return <NotFoundPage />;
  return <OrderView key={`${action}:${id}`} id={id} initialAction={action} slots={slots} />;
}
