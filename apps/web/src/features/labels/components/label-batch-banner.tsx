import { lazy, Suspense, useEffect, useState, type RefObject } from 'react';
import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { LabelBatch } from '@shipdesk/contract';
import { formatCount } from '@/lib/format';
import { readSessionItem, writeSessionItem } from '@/lib/storage/session-storage';
import { useListLabelBatchesQuery } from '../api/label-batches-api';
import { useLabelBatchesRealtime } from '../hooks/use-label-batches-realtime';

// The batch's dialog is fetched when it is opened, not with the order list.
const LabelBatchDialog = lazy(() => import('./label-batch-dialog').then((m) => ({ default: m.LabelBatchDialog })));

/** The id of the finished batch whose banner the user closed, in this tab's session: it stays closed on reload. */
const DISMISSED_KEY = 'shipdesk.labelBatch.dismissed';

function progressText(batch: LabelBatch): string {
  const done = batch.bought + batch.failed;
  const failed = batch.failed > 0 ? ` · ${formatCount(batch.failed)} failed` : '';
  if (batch.status === 'running') {
    return `Buying labels: ${formatCount(done)} of ${formatCount(batch.total)}${failed}`;
  }
  return `Labels bought for ${formatCount(batch.bought)} of ${formatCount(batch.total)} orders${failed}`;
}

interface LabelBatchBannerProps {
  locale: string;
  /** Takes the focus when the finished batch's banner is closed (its close button, which goes with it, held it). */
  focusAfterClose?: RefObject<HTMLElement | null>;
}

/**
 * The latest label batch of the tenant, live in every open tab: a progress bar while it runs, then its outcome with
 * the way to its results and its document. A finished batch's banner can be closed, for the rest of the session; a
 * newer batch shows again.
 */
export function LabelBatchBanner({ locale, focusAfterClose }: LabelBatchBannerProps) {
  useLabelBatchesRealtime();
  // While a batch runs the list is also asked every 5 s: progress never hangs on a missed push.
  const [running, setRunning] = useState(false);
  const { data } = useListLabelBatchesQuery(undefined, { pollingInterval: running ? 5_000 : 0 });
  useEffect(() => setRunning(data?.[0]?.status === 'running'), [data]);
  const [dismissed, setDismissed] = useState(() => readSessionItem(DISMISSED_KEY));
  const [open, setOpen] = useState<string | null>(null);
  const latest = data?.[0];
  if (!latest || (latest.status === 'done' && dismissed === latest.id)) {
    return open ? (
      <Suspense fallback={null}>
        <LabelBatchDialog batchId={open} locale={locale} onClose={() => setOpen(null)} />
      </Suspense>
    ) : null;
  }
  const done = latest.bought + latest.failed;
  const value = latest.total > 0 ? (done / latest.total) * 100 : 0;
  const isRunning = latest.status === 'running';
  return (
    <>
      <Alert
        severity={isRunning ? 'info' : latest.failed > 0 ? 'warning' : 'success'}
        sx={{ mb: 2, '& .MuiAlert-message': { flex: 1 } }}
        action={
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
            <Button color="inherit" size="small" onClick={() => setOpen(latest.id)}>
              {isRunning ? 'Details' : 'Results and printing'}
            </Button>
            {/* Alert draws no close button of its own beside an action: this one closes a finished batch only. */}
            {isRunning ? null : (
              <IconButton
                color="inherit"
                size="small"
                aria-label="Close label batch results"
                onClick={() => {
                  writeSessionItem(DISMISSED_KEY, latest.id);
                  setDismissed(latest.id);
                  focusAfterClose?.current?.focus();
                }}
              >
                <CloseIcon fontSize="small" />
              </IconButton>
            )}
          </Box>
        }
      >
        <Typography variant="body2" aria-live="polite">
          {progressText(latest)}
        </Typography>
        <Box sx={{ mt: 1 }}>
          <LinearProgress
            variant="determinate"
            value={value}
            aria-label="Label batch progress"
            color={latest.failed > 0 && !isRunning ? 'warning' : 'primary'}
          />
        </Box>
      </Alert>
      {open ? (
        <Suspense fallback={null}>
          <LabelBatchDialog batchId={open} locale={locale} onClose={() => setOpen(null)} />
        </Suspense>
      ) : null}
    </>
  );
}
