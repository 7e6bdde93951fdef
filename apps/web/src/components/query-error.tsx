import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { SxProps, Theme } from '@mui/material/styles';
import { apiErrorMessage } from '@/lib/errors';

interface QueryErrorProps {
  /** The query's `error` (the base query's ApiError). */
  error: unknown;
  /** Said when the error carries no message of its own, e.g. 'Could not load the orders.' */
  fallback: string;
  /** The query's `refetch`: offered as Retry. Without it the failure is only reported. */
  refetch?: () => unknown;
  /** The query's `isFetching`: no second Retry while one is on its way. */
  isFetching?: boolean;
  /** 'warning' when the screen still works without the data. */
  severity?: 'error' | 'warning';
  sx?: SxProps<Theme>;
}

/** A query that failed to load: what went wrong (spec section 8's message) and, when it can be asked again, Retry. */
export function QueryError({ error, fallback, refetch, isFetching = false, severity = 'error', sx }: QueryErrorProps) {
  return (
    <Alert
      severity={severity}
      role="alert"
      sx={sx}
      action={
        refetch ? (
          <Button color="inherit" size="small" onClick={() => void refetch()} disabled={isFetching}>
            Retry
          </Button>
        ) : undefined
      }
    >
      {apiErrorMessage(error, fallback)}
    </Alert>
  );
}
