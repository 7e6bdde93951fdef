import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { SyncRun } from '@shipdesk/contract';
import { isFinished, runCounters, runOutcome, runProgress } from '../store-status';

const OUTCOME_SEVERITY = { succeeded: 'success', failed: 'error', stalled: 'warning' } as const;

/**
 * A pull of one store: an indeterminate bar with the counters so far (the platform never says how many orders there
 * are in all), then the outcome. The text is a polite live region, so screen readers hear the progress.
 */
export function SyncProgress({
  run,
  storeName,
  onDismiss,
}: {
  run: SyncRun;
  storeName: string;
  onDismiss?: () => void;
}) {
  if (!isFinished(run)) {
    return (
      <Box sx={{ py: 0.5 }}>
        <LinearProgress aria-label={`Pulling orders from ${storeName}`} sx={{ borderRadius: 1 }} />
        <Typography
          variant="body2"
          color="text.secondary"
          role="status"
          aria-live="polite"
          sx={{ mt: 0.75, fontVariantNumeric: 'tabular-nums' }}
        >
          {run.state === 'queued' ? 'Waiting to start…' : `Pulling orders… ${runProgress(run)}`}
        </Typography>
      </Box>
    );
  }
  const severity = OUTCOME_SEVERITY[run.state as keyof typeof OUTCOME_SEVERITY];
  const text =
    run.state === 'succeeded'
      ? `Pull finished: ${runCounters(run)}`
      : `Pull ${run.state === 'stalled' ? 'stalled' : 'failed'}: ${runOutcome(run)} (${runCounters(run)})`;
  return (
    <Alert severity={severity} role="status" onClose={onDismiss} sx={{ py: 0 }}>
      {text}
    </Alert>
  );
}
