import { Link as RouterLink, useParams } from 'react-router';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import Button from '@mui/material/Button';
import { hrefs } from '@/config/paths';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';

/** /orders/view/:id (spec 2.2). The order itself is loaded once the orders API exists. */
export function OrderViewPage() {
  const { id = '' } = useParams();
  return (
    <>
      <PageHeader title={`Order ${id}`} />
      <EmptyState
        icon={<ReceiptLongOutlined />}
        title="Order details are not available yet"
        text="This page will show the order's lines, addresses, payments, shipments, notes and history once orders sync from your stores."
        action={
          <Button component={RouterLink} to={hrefs.orders()} variant="contained">
            Back to orders
          </Button>
        }
      />
    </>
  );
}
