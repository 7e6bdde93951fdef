import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { hrefs } from '@/config/paths';
import { BULK_EVENT_UI, type BulkResult } from '../hooks/use-bulk-order-event';

/**
 * How a bulk action went (approve, mark as shipped, cancel): how many orders it was done to, and for each of the
 * others its order number (a link to the order, where it can be looked at or fixed) and the reason.
 */
export function BulkReport({ result, onClose }: { result: BulkResult; onClose(): void }) {
  const ui = BULK_EVENT_UI[result.event];
  const failed = result.failures.length;
  return (
    <Alert severity={failed === 0 ? 'success' : 'warning'} onClose={onClose} sx={{ mb: 2 }}>
      <AlertTitle>{ui.title(result.done, result.attempted)}</AlertTitle>
      {failed > 0 ? (
        <Box component="ul" aria-label={ui.failuresLabel} sx={{ m: 0, pl: 2.5 }}>
          {result.failures.map((failure) => (
            <li key={failure.orderId}>
              <Link
                component={RouterLink}
                to={hrefs.orderView(failure.orderId)}
                color="inherit"
                sx={{ fontWeight: 600 }}
              >
                {failure.orderNumber}
              </Link>
              : {failure.message}
            </li>
          ))}
        </Box>
      ) : null}
    </Alert>
  );
}
