import { useParams } from 'react-router';
import { OrderView } from './components/order-view';

/** /orders/view/:id (spec 2.2). */
export function OrderViewPage() {
  const { id = '' } = useParams();
  return <OrderView key={id} id={id} />;
}
