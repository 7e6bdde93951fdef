import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import type { BulkApproveResult } from '../hooks/use-bulk-approve';

/** How a bulk approval went: how many were approved, and why each of the others was not. */
export function BulkApproveReport({ result, onClose }: { result: BulkApproveResult; onClose(): void }) {
  return (
    <Alert severity={result.failures.length === 0 ? 'success' : 'warning'} onClose={onClose} sx={{ mb: 2 }}>
      <AlertTitle>
        Approved {result.approved} of {result.attempted} {result.attempted === 1 ? 'order' : 'orders'}
      </AlertTitle>
      {result.failures.length > 0 ? (
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {result.failures.map((failure) => (
            <li key={failure.orderNumber}>
              {failure.orderNumber}: {failure.message}
            </li>
          ))}
        </Box>
      ) : null}
    </Alert>
  );
}
