import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import { hrefs } from '@/config/paths';

/**
 * The warning drawn in place of the list when the path names no order status. Loaded by OrdersPageHeader only then:
 * the list's first screen has no use for MUI's Alert.
 */
export function OrdersUnknownStatus({ status }: { status: string }) {
  return (
    <Alert severity="warning" sx={{ mb: 2 }}>
      &lsquo;{status}&rsquo; is not an order status.{' '}
      <Link component={RouterLink} to={hrefs.orders()} color="inherit">
        Show all orders
      </Link>
    </Alert>
  );
}
