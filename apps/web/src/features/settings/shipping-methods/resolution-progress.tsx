import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { ShippingResolutionProgress } from '@shipdesk/contract';

/**
 * The server re-resolving the open orders after a change: a bar with how far it got, then that it is done. The text is
 * a polite live region, so screen readers hear the progress.
 */
export function ResolutionProgress({
  progress,
  onDismiss,
}: {
  progress: ShippingResolutionProgress;
  onDismiss(): void;
}) {
  const count = (n: number) => n.toLocaleString('en-US');
  if (progress.state === 'done') {
    return (
      <Alert severity="success" role="status" onClose={onDismiss} sx={{ mb: 3 }}>
        Open orders updated: {count(progress.total)} checked against the new mappings.
      </Alert>
    );
  }
  const percent = progress.total > 0 ? Math.min(100, (progress.done / progress.total) * 100) : 0;
  return (
    <Box sx={{ mb: 3 }}>
      <LinearProgress
        variant="determinate"
        value={percent}
        aria-label="Updating how open orders ship"
        sx={{ borderRadius: 1, height: 6 }}
      />
      <Typography
        variant="body2"
        color="text.secondary"
        role="status"
        aria-live="polite"
        sx={{ mt: 0.75, fontVariantNumeric: 'tabular-nums' }}
      >
        Updating how open orders ship… {count(progress.done)} of {count(progress.total)}
      </Typography>
    </Box>
  );
}
