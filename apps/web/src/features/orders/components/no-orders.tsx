import { Link as RouterLink } from 'react-router';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import Button from '@mui/material/Button';
import { hrefs } from '@/config/paths';
import { EmptyState } from '@/components/empty-state';

/** The order list of a tenant without a single order: what the list is for, and the two ways to fill it. */
export function NoOrders() {
  return (
    <EmptyState
      icon={<ReceiptLongOutlined />}
      title="No orders yet"
      text="Orders from your connected stores appear here, where you approve them, take payment, print packing slips and create shipping labels. Connect a store to pull in its orders, or add an order by hand."
      action={
        <>
          <Button component={RouterLink} to={hrefs.orderAdd()} variant="contained">
            Add order
          </Button>
          <Button component={RouterLink} to={hrefs.stores()}>
            Connect a store
          </Button>
        </>
      }
    />
  );
}
