import { Link as RouterLink } from 'react-router';
import SearchOffOutlined from '@mui/icons-material/SearchOffOutlined';
import Button from '@mui/material/Button';
import { hrefs } from '@/config/paths';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { QueryError } from '@/components/query-error';
import { isApiError } from '@/lib/errors';
import { OrderBackLink } from './order-back-link';

interface OrderLoadFailureProps {
  id: string;
  /** The order query that answered without an order. */
  query: { error?: unknown; refetch(): unknown; isFetching: boolean };
}

/** The order view when the order did not load: gone (404), or a failure that may pass on Retry. */
export function OrderLoadFailure({ id, query }: OrderLoadFailureProps) {
  const missing = isApiError(query.error) && query.error.status === 404;
  return (
    <>
      <OrderBackLink />
      <PageHeader title={`Order ${id}`} />
      {missing ? (
        <EmptyState
          icon={<SearchOffOutlined />}
          title="Order not found"
          text="It may have been deleted, or the link is wrong."
          action={
            <Button component={RouterLink} to={hrefs.orders()} variant="contained">
              Back to orders
            </Button>
          }
        />
      ) : (
        <QueryError
          error={query.error}
          fallback="Could not load the order."
          refetch={query.refetch}
          isFetching={query.isFetching}
        />
      )}
    </>
  );
}
