import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { hrefs } from '@/config/paths';
import type { BulkApproveResult } from '../hooks/use-bulk-approve';

/**
 * How a bulk approval went: how many were approved, and for each of the others its order number (a link to the
 * order, where it can be fixed) and the server's reason.
 */
export function BulkApproveReport({ result, onClose }: { result: BulkApproveResult; onClose(): void }) {
  const failed = result.failures.length;
  return (
    <Alert severity={failed === 0 ? 'success' : 'warning'} onClose={onClose} sx={{ mb: 2 }}>
      <AlertTitle>
        Approved {result.approved} of {result.attempted} {result.attempted === 1 ? 'order' : 'orders'}
      </AlertTitle>
      {failed > 0 ? (
        <Box component="ul" aria-label="Orders not approved" sx={{ m: 0, pl: 2.5 }}>
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
