import Typography from '@mui/material/Typography';
import type { Order } from '@shipdesk/contract';
import { CardSection } from '@/components/card-section';

/** Who ordered (the service they asked for is on the shipping card). */
export function OrderCustomerCard({ order }: { order: Order }) {
  return (
    <CardSection title="Customer">
      <Typography variant="body2" sx={{ fontWeight: 500 }}>
        {order.customerName || 'No name given'}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {order.customerEmail || 'No e-mail given'}
      </Typography>
    </CardSection>
  );
}
