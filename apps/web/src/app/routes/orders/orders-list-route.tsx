import { LabelBatchBanner } from '@/features/labels/components/label-batch-banner';
import { LabelBatchMenu } from '@/features/labels/components/label-batch-menu';
import { OrdersPage } from '@/features/orders/orders-page';
import type { OrdersPageSlots } from '@/features/orders/orders-page-slots';

const LABELS: OrdersPageSlots = { listBanner: LabelBatchBanner, selectionActions: LabelBatchMenu };

/** /, /orders and /orders/:filterStatus: the order list, with the labels' batch above it and 'Buy labels'. */
export function OrdersListRoute() {
  return <OrdersPage slots={LABELS} />;
}
