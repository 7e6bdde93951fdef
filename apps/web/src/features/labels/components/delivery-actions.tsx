import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { Delivery, ShippingLabel } from '@shipdesk/contract';

/** What the Deliveries card allows on a delivery now, and what its buttons do. */
export interface DeliveryActionHandlers {
  /** shipLabel is allowed on the order: a planned delivery with no purchase under way can get a label. */
  canBuy: boolean;
  /** A retry of the channel's tracking push is on its way. */
  retrying: boolean;
  onBuy(delivery: Delivery): void;
  onView(label: ShippingLabel): void;
  /** The customs form kept beside the label (CN 22/23, commercial invoice), when the carrier gave one apart. */
  onViewCustoms(label: ShippingLabel): void;
  onRetry(delivery: Delivery): void;
  onVoid(delivery: Delivery): void;
}

/**
 * A delivery's label buttons (buy, view, its customs form, tell the channel again, void), the same in the table's row and in a phone's
 * entry; `align`: the side they gather on (the table's right-aligned cell, a phone entry's left edge).
 */
export function DeliveryActions({
  delivery,
  handlers,
  align = 'end',
}: {
  delivery: Delivery;
  handlers: DeliveryActionHandlers;
  align?: 'start' | 'end';
}) {
  const { canBuy, retrying, onBuy, onView, onViewCustoms, onRetry, onVoid } = handlers;
  const label = delivery.label;
  return (
    // None to show (a shipped delivery without a label): no room taken in a phone's entry.
    <Box
      sx={{
        display: 'flex',
        gap: 1,
        justifyContent: `flex-${align}`,
        flexWrap: 'wrap',
        '&:empty': { display: 'none' },
      }}
    >
      {delivery.status === 'planned' && canBuy && !delivery.purchaseState ? (
        <Button size="small" variant="contained" onClick={() => onBuy(delivery)}>
          Buy label
        </Button>
      ) : null}
      {label ? (
        <Button size="small" onClick={() => onView(label)}>
          View label
        </Button>
      ) : null}
      {label?.customs?.hasDocument ? (
        <Button size="small" onClick={() => onViewCustoms(label)}>
          {label.customs.form === 'commercial_invoice' ? 'Commercial invoice' : 'Customs form'}
        </Button>
      ) : null}
      {label?.trackingPush.status === 'failed' ? (
        <Button size="small" onClick={() => onRetry(delivery)} disabled={retrying}>
          Tell channel again
        </Button>
      ) : null}
      {label?.status === 'active' ? (
        <Button size="small" color="error" onClick={() => onVoid(delivery)}>
          Void
        </Button>
      ) : null}
    </Box>
  );
}
