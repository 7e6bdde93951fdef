import Typography from '@mui/material/Typography';
import type { Order } from '@shipdesk/contract';
import { CardSection } from './card-section';

/** Who ordered, and the shipping service they asked for. */
export function OrderCustomerCard({ order }: { order: Order }) {
  return (
    <CardSection title="Customer">
      <Typography variant="body2" sx={{ fontWeight: 500 }}>
        {order.customerName || 'No name given'}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {order.customerEmail || 'No e-mail given'}
      </Typography>
      {order.requestedShippingMethod ? (
        <Typography variant="body2" sx={{ mt: 1 }}>
          Requested service: {order.requestedShippingMethod}
        </Typography>
      ) : null}
    </CardSection>
  );
}
