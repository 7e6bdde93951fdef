import type { ComponentType, RefCallback } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatWeight, type Delivery, type Order } from '@shipdesk/contract';
import { useUnits } from '@/lib/units/use-units';
import { DeliveryActions, type DeliveryActionHandlers } from './delivery-actions';
import { deliveryServiceText, deliveryStatusText } from './delivery-facts';
import { DeliveryLabelCell } from './delivery-label-cell';

/** The deliveries as the card lays them out: a table (DeliveriesTable), or a list on a phone. */
export interface DeliveriesLayoutProps {
  deliveries: readonly Delivery[];
  order: Order;
  locale: string;
  handlers: DeliveryActionHandlers;
  /** The delivery whose row or entry takes the focus, and the ref that gives it. */
  focus: { id: string | undefined; ref: RefCallback<HTMLElement> };
  /** Drawn under each labelled delivery: its parcel as tracked (another feature's, given by app/). */
  parcel?: ComponentType<DeliveryPartProps>;
}

/** A part of one delivery that another feature draws. */
export interface DeliveryPartProps {
  delivery: Delivery;
  order: Order;
  locale: string;
}

/**
 * The deliveries on a phone (below the sm breakpoint), where the table's six columns would scroll sideways in the
 * card: one entry per delivery, its number, requested method and status on top, then its carrier service, weight and
 * label (tracking, service and cost, the channel's news), then the label buttons the table's row has.
 * `focus.id`'s entry gets `focus.ref`: like the table's row, it takes the focus once its label is bought or voided.
 */
export function DeliveriesList({ deliveries, order, locale, handlers, focus, parcel: Parcel }: DeliveriesLayoutProps) {
  const { system } = useUnits();
  return (
    <Box component="ul" aria-label="Deliveries" sx={{ m: 0, p: 0 }}>
      {deliveries.map((delivery) => (
        <Box
          component="li"
          key={delivery.deliveryId}
          ref={delivery.deliveryId === focus.id ? focus.ref : undefined}
          // Focusable from script only, as the table's row.
          tabIndex={-1}
          sx={{
            listStyle: 'none',
            display: 'grid',
            gap: 1,
            px: 2,
            py: 1.25,
            borderBottom: 1,
            borderColor: 'divider',
            typography: 'body2',
            // A long tracking number or service breaks rather than widening the card.
            overflowWrap: 'anywhere',
            '&:last-of-type': { borderBottom: 0 },
            '&:focus-visible': { outlineOffset: -2 },
          }}
        >
          <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 2 }}>
            <Box sx={{ minWidth: 0 }}>
              <Box sx={{ fontWeight: 500 }}>Delivery {delivery.deliveryId}</Box>
              {delivery.requestedShipMethod ? (
                <Typography variant="caption" color="text.secondary" component="div">
                  {delivery.requestedShipMethod}
                </Typography>
              ) : null}
            </Box>
            <Box sx={{ fontWeight: 500, textAlign: 'right' }}>{deliveryStatusText(delivery)}</Box>
          </Box>
          <Box
            component="dl"
            sx={{
              display: 'grid',
              gridTemplateColumns: 'auto minmax(0, 1fr)',
              columnGap: 2,
              rowGap: 0.5,
              m: 0,
              '& dt': { color: 'text.secondary' },
              '& dd': { m: 0, minWidth: 0 },
            }}
          >
            <dt>Carrier service</dt>
            <dd>{deliveryServiceText(delivery, order)}</dd>
            <dt>Weight</dt>
            <Box component="dd" sx={{ fontVariantNumeric: 'tabular-nums' }}>
              {formatWeight(delivery.weight, system)}
            </Box>
            <dt>Label</dt>
            <dd>
              <DeliveryLabelCell label={delivery.label} locale={locale} />
            </dd>
          </Box>
          {Parcel && delivery.label ? <Parcel delivery={delivery} order={order} locale={locale} /> : null}
          <DeliveryActions delivery={delivery} handlers={handlers} align="start" />
        </Box>
      ))}
    </Box>
  );
}
