import { Link as RouterLink, useParams } from 'react-router';
import EditNoteOutlined from '@mui/icons-material/EditNoteOutlined';
import SearchOffOutlined from '@mui/icons-material/SearchOffOutlined';
import Button from '@mui/material/Button';
import { hrefs } from '@/config/paths';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { orderActionTitle, parseOrderAction } from './order-routes';

/** /orders/:action/:id (spec 2.2): editing an order or running one of its events. */
export function OrderActionPage() {
  const { action: segment, id = '' } = useParams();
  const action = parseOrderAction(segment);

  if (!action) {
    return (
      <>
        <PageHeader title={`Order ${id}`} />
        <EmptyState
          icon={<SearchOffOutlined />}
          title="Unknown order action"
          text={`'${segment ?? ''}' is not something that can be done to an order.`}
          action={
            <Button component={RouterLink} to={hrefs.orderView(id)} variant="contained">
              View the order
            </Button>
          }
        />
      </>
    );
  }

  return (
    <>
      <PageHeader title={orderActionTitle(action)} subtitle={`Order ${id}`} />
      <EmptyState
        icon={<EditNoteOutlined />}
        title="Not available yet"
        text="Order changes arrive with the orders API. When they do, this page offers only the actions the order's current status allows."
        action={
          <Button component={RouterLink} to={hrefs.orders()} variant="contained">
            Back to orders
          </Button>
        }
      />
    </>
  );
}
