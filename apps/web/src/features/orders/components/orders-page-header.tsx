import { Link as RouterLink } from 'react-router';
import AddOutlined from '@mui/icons-material/AddOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import type { OrderStatus } from '@shipdesk/contract';
import { hrefs } from '@/config/paths';
import { PageHeader } from '@/components/page-header';
import type { OrderListArgs } from '../api/orders-api';
import { OrdersExportButton } from './orders-export-button';
import { OrdersShortcuts } from './orders-shortcuts-dialog';

interface OrdersPageHeaderProps {
  /** The status of the path, when it names one. */
  status: OrderStatus | null;
  /** The path's status segment, when it names no status: the list is not shown. */
  unknownStatus: string | null;
  /** The list's query, for the export. */
  args: OrderListArgs;
  locale: string | undefined;
}

/**
 * The order list's heading with the shortcuts, the export and 'Add order'; for a status that does not exist, the
 * warning that says so in place of the list.
 */
export function OrdersPageHeader({ status, unknownStatus, args, locale }: OrdersPageHeaderProps) {
  return (
    <>
      <PageHeader
        title="Orders"
        subtitle={status ? `Status: ${status}` : undefined}
        actions={
          <>
            {unknownStatus ? null : <OrdersShortcuts />}
            {unknownStatus ? null : <OrdersExportButton args={args} locale={locale} />}
            <Button component={RouterLink} to={hrefs.orderAdd()} variant="contained" startIcon={<AddOutlined />}>
              Add order
            </Button>
          </>
        }
      />
      {unknownStatus ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          &lsquo;{unknownStatus}&rsquo; is not an order status.{' '}
          <Link component={RouterLink} to={hrefs.orders()} color="inherit">
            Show all orders
          </Link>
        </Alert>
      ) : null}
    </>
  );
}
