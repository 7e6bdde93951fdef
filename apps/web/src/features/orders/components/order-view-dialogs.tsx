import { lazy, Suspense } from 'react';
import { useNavigate } from 'react-router';
import type { Order } from '@shipdesk/contract';
import { hrefs } from '@/config/paths';
import { loadOnce, useWhenIdle } from '@/lib/lazy/lazy-load';
import type { FsmFlows } from '../api/orders-api';
import type { OrderViewAction } from '../hooks/use-order-view-action';

// The dialogs open on a click (or on an action's URL): their code comes when the browser is idle after the first
// paint, or when one opens.
const loadEventDialog = loadOnce(() => import('./order-event-dialog'));
const loadSlipDialog = loadOnce(() => import('./packing-slip-dialog'));
const loadReturnDialog = loadOnce(() => import('../returns/return-label-dialog'));
const OrderEventDialog = lazy(() => loadEventDialog().then((m) => ({ default: m.OrderEventDialog })));
const PackingSlipDialog = lazy(() => loadSlipDialog().then((m) => ({ default: m.PackingSlipDialog })));
const ReturnLabelDialog = lazy(() => loadReturnDialog().then((m) => ({ default: m.ReturnLabelDialog })));

function preloadDialogs() {
  for (const load of [loadEventDialog, loadSlipDialog, loadReturnDialog]) void load().catch(() => undefined);
}

interface OrderViewDialogsProps {
  order: Order;
  flows: FsmFlows | undefined;
  locale: string;
  action: OrderViewAction;
  /** An event ran and the view stays on this order: its result (the statuses) takes the focus. */
  onEventDone?: () => void;
}

/**
 * The order view's open dialog: a lifecycle event (the return label has its own form), or the packing slip. After an event the view follows it: to the
 * order it created (reorder, reship), to the list (delete), or back to the plain view URL.
 */
export function OrderViewDialogs({ order, flows, locale, action, onEventDone }: OrderViewDialogsProps) {
  const navigate = useNavigate();
  const { dialog, leaveActionUrl } = action;
  useWhenIdle(preloadDialogs);
  return (
    <Suspense fallback={null}>
      {dialog?.event === 'returnLabel' ? (
        <ReturnLabelDialog
          key={dialog.key}
          orderId={order.id}
          orderNumber={order.orderNumber}
          idempotencyKey={dialog.key}
          onClose={() => {
            action.closeEvent();
            leaveActionUrl();
          }}
          onDone={() => {
            action.closeEvent();
            leaveActionUrl();
          }}
        />
      ) : dialog && flows ? (
        <OrderEventDialog
          key={dialog.key}
          order={order}
          event={dialog.event}
          flow={flows[dialog.event]}
          idempotencyKey={dialog.key}
          locale={locale}
          onClose={() => {
            action.closeEvent();
            leaveActionUrl();
          }}
          onDone={(result) => {
            action.closeEvent();
            if (result.createdOrderId) void navigate(hrefs.orderView(result.createdOrderId));
            else if (dialog.event === 'delete') void navigate(hrefs.orders());
            else {
              leaveActionUrl();
              onEventDone?.();
            }
          }}
        />
      ) : null}
      {action.slipOpen ? (
        <PackingSlipDialog
          orderId={order.id}
          orderNumber={order.orderNumber}
          onClose={() => {
            action.setSlipOpen(false);
            leaveActionUrl();
          }}
        />
      ) : null}
    </Suspense>
  );
}
