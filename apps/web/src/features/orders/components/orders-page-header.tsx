import { lazy, Suspense, memo } from 'react';
import { Link as RouterLink } from 'react-router';
import AddOutlined from '@mui/icons-material/AddOutlined';
import Button from '@mui/material/Button';
import type { OrderStatus } from '@shipdesk/contract';
import { hrefs } from '@/config/paths';
import { PageHeader } from '@/components/page-header';
import type { OrderListArgs } from '../api/orders-api';
import { OrdersExportButton } from './orders-export-button';
import { OrdersShortcuts } from './orders-shortcuts-button';

const OrdersUnknownStatus = lazy(() =>
  import('./orders-unknown-status').then((m) => ({ default: m.OrdersUnknownStatus })),
);

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
export const OrdersPageHeader = memo(function OrdersPageHeader({
  status,
  unknownStatus,
  args,
  locale,
}: OrdersPageHeaderProps) {
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
        <Suspense fallback={null}>
          <OrdersUnknownStatus status={unknownStatus} />
        </Suspense>
      ) : null}
    </>
  );
});
