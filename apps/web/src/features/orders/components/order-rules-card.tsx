import { Link as RouterLink } from 'react-router';
import PlayArrowOutlined from '@mui/icons-material/PlayArrowOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { Order } from '@shipdesk/contract';
import { hrefs } from '@/config/paths';
import { QueryError } from '@/components/query-error';
import { Spinner } from '@/components/progress/progress';
import { useGetOrderRuleApplicationsQuery } from '../api/order-rules-api';
import { useRunShippingRules } from '../hooks/use-run-shipping-rules';
import { CardSection } from '@/components/card-section';
import { Disclosure, OrderRuleApplication } from './order-rule-application';

/**
 * Why the order ships as it does (GET /call/order/{id}/shippingRules): the newest application of the shipping rules in
 * plain words, the earlier ones behind "History", and running the rules on this order now (any role may).
 */
export function OrderRulesCard({ order, timeZone }: { order: Order; timeZone: string }) {
  const { data, error, isLoading, isFetching, refetch } = useGetOrderRuleApplicationsQuery(order.id);
  const rules = useRunShippingRules();
  const stores = new Map(order.storeId && order.storeName ? [[order.storeId, order.storeName]] : []);
  const now = Date.now();
  const [latest, ...earlier] = data ?? [];

  return (
    <CardSection
      title="Shipping rules"
      action={
        <Button
          size="small"
          onClick={() => void rules.run([order.id], { single: true })}
          disabled={rules.running}
          startIcon={rules.running ? <Spinner size={16} color="inherit" /> : <PlayArrowOutlined />}
        >
          Run rules now
        </Button>
      }
    >
      {isLoading ? (
        <Box aria-busy aria-label="Loading the shipping rules">
          <Skeleton variant="text" width="70%" />
          <Skeleton variant="text" width="45%" />
          <Skeleton variant="text" width="55%" />
        </Box>
      ) : error ? (
        <QueryError
          error={error}
          fallback="Could not load the shipping rules of this order."
          refetch={refetch}
          isFetching={isFetching}
        />
      ) : !latest ? (
        <Typography variant="body2" color="text.secondary" component="p">
          No shipping rules have run on this order.{' '}
          <Link component={RouterLink} to={hrefs.shipRule()}>
            Set up shipping rules
          </Link>
        </Typography>
      ) : (
        <>
          <OrderRuleApplication application={latest} stores={stores} timeZone={timeZone} now={now} />
          {earlier.length > 0 ? (
            <Box sx={{ mt: 1, pt: 1, borderTop: 1, borderColor: 'divider' }}>
              <Disclosure label={`History (${earlier.length})`}>
                <Box component="ol" aria-label="Earlier applications" sx={{ listStyle: 'none', m: 0, p: 0 }}>
                  {earlier.map((application, index) => (
                    <Box component="li" key={application.id}>
                      {index > 0 ? <Divider sx={{ my: 1.5 }} /> : null}
                      <OrderRuleApplication application={application} stores={stores} timeZone={timeZone} now={now} />
                    </Box>
                  ))}
                </Box>
              </Disclosure>
            </Box>
          ) : null}
        </>
      )}
    </CardSection>
  );
}
