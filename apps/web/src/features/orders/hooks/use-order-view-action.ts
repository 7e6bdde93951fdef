import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { hrefs } from '@/config/paths';
import { VIEW_EVENTS, type FsmFlows, type ViewEvent } from '../api/orders-api';
import { newIdempotencyKey } from '@/lib/api/idempotency';
import { EVENT_UI } from '../order-events';
import type { OrderAction } from '../order-routes';

const isViewEvent = (action: OrderAction | null): action is ViewEvent =>
  action !== null && (VIEW_EVENTS as readonly string[]).includes(action);

/**
 * The order view's dialogs and notice, and what an action URL (/orders/:action/:id) asks of them: 'edit' focuses the
 * address editors, an event opens its dialog once the server has said it is allowed, 'packingSlip' opens the slip.
 */
export function useOrderViewAction(
  id: string,
  initialAction: OrderAction | null,
  flows: FsmFlows | undefined,
  orderLoaded: boolean,
) {
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<{ event: ViewEvent; key: string } | null>(null);
  const [slipOpen, setSlipOpen] = useState(initialAction === 'packingSlip');
  const [notice, setNotice] = useState<string | null>(
    initialAction === 'shipLabel' || initialAction === 'zpl'
      ? 'Shipping labels are created from the label screens; this page does not make them.'
      : null,
  );
  const handledAction = useRef(false);
  const editButton = useRef<HTMLButtonElement>(null);

  // /orders/<event>/<id>: once the server has said what is allowed, open that event's dialog or say why not.
  useEffect(() => {
    if (handledAction.current || !flows || !isViewEvent(initialAction)) return;
    handledAction.current = true;
    const flow = flows[initialAction];
    if (flow.allowed) setDialog({ event: initialAction, key: newIdempotencyKey() });
    else
      setNotice(
        `${EVENT_UI[initialAction].label} is not possible now: ${flow.message ?? flow.reason ?? 'not allowed'}.`,
      );
  }, [flows, initialAction]);

  useEffect(() => {
    if (initialAction !== 'edit' || !orderLoaded || handledAction.current) return;
    handledAction.current = true;
    editButton.current?.scrollIntoView?.({ block: 'center' });
    editButton.current?.focus();
  }, [initialAction, orderLoaded]);

  // Leaving a dialog opened by an action URL returns to the plain view URL, so reload does not reopen it.
  const leaveActionUrl = () => {
    if (initialAction && initialAction !== 'edit') void navigate(hrefs.orderView(id), { replace: true });
  };

  return {
    dialog,
    openEvent: (event: ViewEvent) => setDialog({ event, key: newIdempotencyKey() }),
    closeEvent: () => setDialog(null),
    slipOpen,
    setSlipOpen,
    notice,
    dismissNotice: () => setNotice(null),
    editButton,
    /** Opens the shipping address editor (the button the 'edit' action focuses). */
    editShippingAddress: () => {
      editButton.current?.scrollIntoView?.({ block: 'center' });
      editButton.current?.click();
    },
    leaveActionUrl,
  };
}

export type OrderViewAction = ReturnType<typeof useOrderViewAction>;
