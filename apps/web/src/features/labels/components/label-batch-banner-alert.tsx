import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { LabelBatch } from '@shipdesk/contract';
import { formatCount } from '@/lib/format';

function progressText(batch: LabelBatch): string {
  const done = batch.bought + batch.failed;
  const failed = batch.failed > 0 ? ` · ${formatCount(batch.failed)} failed` : '';
  if (batch.status === 'running') {
    return `Buying labels: ${formatCount(done)} of ${formatCount(batch.total)}${failed}`;
  }
  return `Labels bought for ${formatCount(batch.bought)} of ${formatCount(batch.total)} orders${failed}`;
}

interface LabelBatchBannerAlertProps {
  batch: LabelBatch;
  onDetails(): void;
  /** Closes a finished batch's banner. */
  onClose(): void;
}

/**
 * The banner of the latest label batch: a progress bar while it runs, then its outcome. Its code (MUI's Alert and
 * progress bar) is loaded by LabelBatchBanner only when there is a batch to show, not with the order list.
 */
export function LabelBatchBannerAlert({ batch, onDetails, onClose }: LabelBatchBannerAlertProps) {
  const done = batch.bought + batch.failed;
  const value = batch.total > 0 ? (done / batch.total) * 100 : 0;
  const isRunning = batch.status === 'running';
  return (
    <Alert
      severity={isRunning ? 'info' : batch.failed > 0 ? 'warning' : 'success'}
      sx={{ mb: 2, '& .MuiAlert-message': { flex: 1 } }}
      action={
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
          <Button color="inherit" size="small" onClick={onDetails}>
            {isRunning ? 'Details' : 'Results and printing'}
          </Button>
          {/* Alert draws no close button of its own beside an action: this one closes a finished batch only. */}
          {isRunning ? null : (
            <IconButton color="inherit" size="small" aria-label="Close label batch results" onClick={onClose}>
              <CloseIcon fontSize="small" />
            </IconButton>
          )}
        </Box>
      }
    >
      <Typography variant="body2" aria-live="polite">
        {progressText(batch)}
      </Typography>
      <Box sx={{ mt: 1 }}>
        <LinearProgress
          variant="determinate"
          value={value}
          aria-label="Label batch progress"
          color={batch.failed > 0 && !isRunning ? 'warning' : 'primary'}
        />
      </Box>
    </Alert>
  );
}
