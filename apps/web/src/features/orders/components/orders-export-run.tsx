import { useEffect, useRef, useState } from 'react';
import { toast } from '@/lib/toast/toast';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { apiErrorMessage } from '@/lib/errors';
import { downloadBlob } from '@/lib/printing/print-output';
import { fetchOrdersCsv, type ExportProgress, type OrdersExportArgs } from '../api/orders-export';
import { progressText } from './orders-export-button';

interface OrdersExportRunProps {
  args: OrdersExportArgs;
  locale?: string;
  /** The export ended (saved, refused, broken off or canceled). */
  onDone(): void;
}

/**
 * One export, started when this is drawn (OrdersExportButton draws it on a click, its code loaded then if the idle
 * preload had not brought it): a progress bar says how many orders and bytes arrived of the total, with a button to
 * stop; then the file is saved. A refusal or a broken-off download is said in a toast, and nothing is saved.
 */
export function OrdersExportRun({ args, locale, onDone }: OrdersExportRunProps) {
  const [progress, setProgress] = useState<ExportProgress>({ rows: 0, bytes: 0, total: null, totalIsEstimate: false });
  const controller = useRef<AbortController | null>(null);
  const drawn = useRef(false);

  useEffect(() => {
    drawn.current = true;
    if (!controller.current) {
      const abort = new AbortController();
      controller.current = abort;
      void run(abort);
    }
    return () => {
      drawn.current = false;
      // Leaving the page stops the download; React's development re-mount (StrictMode) draws it again at once.
      setTimeout(() => {
        if (!drawn.current) controller.current?.abort();
      });
    };
    // One export per drawing: `args` are those of the click.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  async function run(abort: AbortController) {
    try {
      const csv = await fetchOrdersCsv(args, { signal: abort.signal, onProgress: setProgress });
      downloadBlob(csv.blob, csv.fileName);
      toast.success(`Exported ${csv.rows.toLocaleString(locale)} ${csv.rows === 1 ? 'order' : 'orders'}.`);
    } catch (error) {
      if (abort.signal.aborted) toast.info('Export canceled; nothing was saved.');
      else toast.error(`The export failed: ${apiErrorMessage(error, 'the server did not answer')}. Nothing was saved.`);
    } finally {
      onDone();
    }
  }

  const value = progress.total ? Math.min(100, Math.round((progress.rows / progress.total) * 100)) : undefined;
  return (
    <Box
      role="status"
      aria-label="CSV export"
      sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0, flexWrap: 'wrap' }}
    >
      <Box sx={{ width: 220 }}>
        <LinearProgress
          variant={value === undefined ? 'indeterminate' : 'determinate'}
          value={value}
          aria-label="Exporting orders"
        />
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
          Exporting {progressText(progress, locale)}
        </Typography>
      </Box>
      <Button variant="outlined" color="inherit" onClick={() => controller.current?.abort()}>
        Cancel export
      </Button>
    </Box>
  );
}
