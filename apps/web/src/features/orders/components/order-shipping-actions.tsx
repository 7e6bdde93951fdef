import { lazy, Suspense, useState } from 'react';
import { toast } from '@/lib/toast/toast';
import EditOutlined from '@mui/icons-material/EditOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import SyncOutlined from '@mui/icons-material/SyncOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { Order } from '@shipdesk/contract';
import { LazyTooltip } from '@/components/lazy-tooltip';
import { LazyConfirmDialog } from '@/components/lazy-confirm-dialog';
import { showApiError } from '@/lib/errors';
import { loadOnce, useWhenIdle } from '@/lib/lazy/lazy-load';
import { useUpdateOrderShippingMutation } from '../api/orders-api';
import { newIdempotencyKey } from '@/lib/api/idempotency';
import { shippingChangeBlocked } from '../order-shipping';

// The dialog opens on a click: its code comes when the browser is idle after the first paint, or on that click.
const loadShippingDialog = loadOnce(() => import('./order-shipping-dialog'));
const OrderShippingDialog = lazy(() => loadShippingDialog().then((m) => ({ default: m.OrderShippingDialog })));

/**
 * The Shipping card's "Change": opens the dialog that chooses the carrier service by hand. On an order that can no
 * longer change, a lock in its place says why (focusable, so the reason reaches keyboard users too).
 */
export function OrderShippingChange({ order }: { order: Order }) {
  const [open, setOpen] = useState(false);
  const blocked = shippingChangeBlocked(order);
  useWhenIdle(() => void loadShippingDialog().catch(() => undefined), !blocked);
  if (blocked) {
    return (
      <LazyTooltip title={blocked}>
        <Box
          component="span"
          role="img"
          tabIndex={0}
          // Named as MUI's Tooltip names it, before the tooltip's code is there; positioned for its anchor.
          aria-label={blocked}
          sx={{
            position: 'relative',
            display: 'inline-flex',
            p: 0.5,
            color: 'text.secondary',
            borderRadius: 1,
            '&:focus-visible': { outline: 2, outlineColor: 'primary.main' },
          }}
        >
          <LockOutlined fontSize="small" />
        </Box>
      </LazyTooltip>
    );
  }
  return (
    <>
      <Button
        size="small"
        startIcon={<EditOutlined fontSize="small" />}
        onClick={() => setOpen(true)}
        aria-label="Change the carrier service"
      >
        Change
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <OrderShippingDialog order={order} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

/**
 * "Use the mappings" on an order whose carrier service was chosen by hand: after a confirmation (the choice is lost),
 * `{ automatic: true }` resolves it from the mappings again. Failures come back as a toast; the order refreshes.
 */
export function OrderShippingHandBack({ order }: { order: Order }) {
  const [updateShipping, { isLoading }] = useUpdateOrderShippingMutation();
  // Made when the confirmation opens: a double click hands the order back once.
  const [idempotencyKey, setIdempotencyKey] = useState<string | null>(null);
  const close = () => setIdempotencyKey(null);

  const handBack = async (key: string) => {
    try {
      await updateShipping({ orderId: order.id, body: { automatic: true }, idempotencyKey: key }).unwrap();
      toast.success(`Order ${order.orderNumber} follows the mappings again.`);
    } catch (failure) {
      showApiError(failure, 'Could not hand the order back to the mappings.');
    }
    close();
  };

  const requested = order.requestedShippingMethod?.trim();
  return (
    <>
      <Button
        size="small"
        startIcon={<SyncOutlined fontSize="small" />}
        onClick={() => setIdempotencyKey(newIdempotencyKey())}
      >
        Use the mappings
      </Button>
      <LazyConfirmDialog
        open={idempotencyKey !== null}
        title={`Use the mappings for order ${order.orderNumber}?`}
        message={`The carrier service chosen by hand is replaced by what the mappings say${requested ? ` for “${requested}”` : ''}, and later mapping changes apply to this order again.`}
        confirmLabel="Use the mappings"
        busy={isLoading}
        onCancel={close}
        onConfirm={() => {
          if (idempotencyKey) void handBack(idempotencyKey);
        }}
      />
    </>
  );
}
