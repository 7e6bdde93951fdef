import { Link as RouterLink, useParams } from 'react-router';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { hrefs } from '@/config/paths';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { parseOrderStatus } from './order-routes';

/** /, /orders and /orders/:filterStatus (spec 2.2). The list arrives with the orders API. */
export function OrdersPage() {
  const { filterStatus } = useParams();
  const status = parseOrderStatus(filterStatus);
  const unknownStatus = filterStatus !== undefined && status === null;

  return (
    <>
      <PageHeader title="Orders" subtitle={filterStatus ? `Status: ${status ?? filterStatus}` : undefined} />
      {unknownStatus ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          &lsquo;{filterStatus}&rsquo; is not an order status.{' '}
          <Link component={RouterLink} to={hrefs.orders()} color="inherit">
            Show all orders
          </Link>
        </Alert>
      ) : null}
      <EmptyState
        icon={<ReceiptLongOutlined />}
        title={status ? `No orders with the status \u201c${status}\u201d` : 'No orders yet'}
        text="Orders from your connected stores appear here, where you approve them, take payment, print packing slips and create shipping labels. Connect a store to pull in its orders."
        action={
          <>
            <Button component={RouterLink} to={hrefs.stores()} variant="contained">
              Connect a store
            </Button>
            <Button component={RouterLink} to={hrefs.welcome()}>
              Getting started
            </Button>
          </>
        }
      />
    </>
  );
}
