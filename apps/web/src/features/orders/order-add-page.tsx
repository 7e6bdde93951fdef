import { Link as RouterLink } from 'react-router';
import AddShoppingCartOutlined from '@mui/icons-material/AddShoppingCartOutlined';
import Button from '@mui/material/Button';
import { hrefs } from '@/config/paths';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';

/** /orders/add (spec 2.2). Manual order entry comes with the orders API. */
export function OrderAddPage() {
  return (
    <>
      <PageHeader title="Add order" subtitle="Enter a wholesale or phone order by hand." />
      <EmptyState
        icon={<AddShoppingCartOutlined />}
        title="Adding orders by hand is not available yet"
        text="For now, orders come in from your connected stores. Connect a store to start receiving them."
        action={
          <>
            <Button component={RouterLink} to={hrefs.stores()} variant="contained">
              Connect a store
            </Button>
            <Button component={RouterLink} to={hrefs.orders()}>
              Back to orders
            </Button>
          </>
        }
      />
    </>
  );
}
