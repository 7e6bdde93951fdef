import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import { DEFAULT_LOCALE, DEFAULT_TIME_ZONE, type Order } from '@shipdesk/contract';
import { StatusChip } from '@/components/status-chip';
import { orderShippingView, shippingChangeBlocked } from '../order-shipping';
import { packageTypeName } from '../order-shipping-catalogue';
import { CardSection } from '@/components/card-section';
import { OrderShippingChange, OrderShippingHandBack } from './order-shipping-actions';
import { OrderRuleSettingsEdit, useRuleSettingsRows } from './order-rule-settings';
import { ShippingSetupChip } from './order-shipping-cell';

const NONE = (
  <Box component="span" sx={{ color: 'text.secondary' }}>
    —
  </Box>
);

/**
 * How the order ships: the service the buyer asked for, the shipping method it means, and the carrier service and
 * package type labels are bought with, resolved through the mappings or chosen by hand. While the order is open a
 * person may choose the carrier service by hand, and hand a choice back to the mappings. Below them, what shipping
 * rules set besides the service (insurance, signature, hold, box), when set; "Edit" sets those by hand.
 */
export function OrderShippingCard({
  order,
  locale = DEFAULT_LOCALE,
  timeZone = DEFAULT_TIME_ZONE,
}: {
  order: Order;
  locale?: string;
  timeZone?: string;
}) {
  const view = orderShippingView(order);
  const ruleRows = useRuleSettingsRows(order, locale, timeZone);
  const { shipping } = order;
  const rows: [string, ReactNode][] = [
    ['Requested service', order.requestedShippingMethod || NONE],
    [
      'Shipping method',
      shipping.shipMethod?.name ??
        (view.kind === 'unmapped' ? (
          <ShippingSetupChip label="Unmapped" title="No shipping method covers this requested service" />
        ) : (
          NONE
        )),
    ],
    [
      'Carrier service',
      view.kind === 'resolved' ? (
        <>
          {view.service}
          <Box component="span" sx={{ display: 'block', color: 'text.secondary', fontSize: '0.75rem' }}>
            {view.carrier}
          </Box>
        </>
      ) : view.kind === 'no-carrier' ? (
        <ShippingSetupChip label="No carrier" title={`${view.method} is not mapped to a carrier service`} />
      ) : (
        NONE
      ),
    ],
    ['Package type', packageTypeName(shipping) ?? NONE],
    ...ruleRows,
  ];
  return (
    <CardSection
      title="Shipping"
      action={
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          {shipping.chosenByUser ? <StatusChip label="Chosen by hand" tone="info" small /> : null}
          <OrderShippingChange order={order} />
        </Box>
      }
    >
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: 'minmax(110px, auto) 1fr',
          columnGap: 2,
          rowGap: 1.25,
          m: 0,
          typography: 'body2',
          '& dt': { color: 'text.secondary' },
          '& dd': { m: 0, minWidth: 0, overflowWrap: 'anywhere' },
        }}
      >
        {rows.map(([term, value]) => (
          <Box key={term} sx={{ display: 'contents' }}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </Box>
        ))}
      </Box>
      {shippingChangeBlocked(order) ? null : (
        <Box sx={{ mt: 1.5, ml: -0.5, display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          <OrderRuleSettingsEdit order={order} />
          {shipping.chosenByUser ? <OrderShippingHandBack order={order} /> : null}
        </Box>
      )}
    </CardSection>
  );
}
