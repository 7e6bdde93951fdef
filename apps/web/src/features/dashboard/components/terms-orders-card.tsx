import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { hrefs } from '@/config/paths';
import { QueryError } from '@/components/query-error';
import { formatCount } from '@/lib/format';
import { useOrdersOnTermsQuery } from '../api/terms-orders-api';

/** The order list of every order on Terms (its payment filter; the status tabs stay open to all). */
const TERMS_LIST = `${hrefs.orders()}?payment=Terms`;

/**
 * Orders on net terms (payment status Terms): shipped or to ship before they are paid, so the money they owe is
 * worth a glance. Not a period's figure: it counts every such order that is not canceled or deleted, now.
 */
export function TermsOrdersCard() {
  const query = useOrdersOnTermsQuery();
  const total = query.data?.total;
  return (
    <Paper component="section" variant="outlined" aria-labelledby="terms-orders-title" sx={{ p: 2 }}>
      <Typography id="terms-orders-title" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        Orders on Terms
      </Typography>
      {query.isLoading ? (
        <Skeleton variant="text" width={180} aria-label="Loading the orders on Terms" />
      ) : query.isError ? (
        <QueryError
          error={query.error}
          fallback="Could not count the orders on Terms."
          refetch={query.refetch}
          isFetching={query.isFetching}
          sx={{ mt: 1 }}
        />
      ) : total === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No order is on payment terms. An Admin puts a wholesale or manual order on Terms from its Items card.
        </Typography>
      ) : (
        <Typography variant="body2">
          <Link component={RouterLink} to={TERMS_LIST}>
            {query.data?.estimate ? 'About ' : ''}
            {formatCount(total ?? 0)} {total === 1 ? 'order' : 'orders'} on Terms
          </Link>
          : shipped or to ship before they are paid in full.
        </Typography>
      )}
    </Paper>
  );
}
