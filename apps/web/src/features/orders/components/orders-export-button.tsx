import { useEffect, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { apiErrorMessage } from '@/lib/errors';
import { downloadBlob } from '@/lib/printing/print-output';
import { fetchOrdersCsv, type ExportProgress, type OrdersExportArgs } from '../api/orders-export';

const KB = 1024;

function size(bytes: number): string {
  if (bytes < KB) return `${bytes} B`;
  if (bytes < KB * KB) return `${(bytes / KB).toFixed(0)} KB`;
  return `${(bytes / KB / KB).toFixed(1)} MB`;
}

/** "1,234 of 5,000 orders · 320 KB" (of about N when the total is an estimate). */
export function progressText(p: ExportProgress, locale?: string): string {
  const n = (value: number) => value.toLocaleString(locale);
  const of = p.total === null ? '' : ` of ${p.totalIsEstimate ? 'about ' : ''}${n(p.total)}`;
  return `${n(p.rows)}${of} orders · ${size(p.bytes)}`;
}

interface OrdersExportButtonProps {
  /** The list's current filters and sort. */
  args: OrdersExportArgs;
  locale?: string;
}

/**
 * "Export CSV": every order of the list's current filters (not only the page), as the server streams it. While it
 * comes, a progress bar says how many orders and bytes arrived of the total, with a button to stop; then the file
 * is saved. A refusal or a broken-off download is said in a toast, and nothing is saved.
 */
export function OrdersExportButton({ args, locale }: OrdersExportButtonProps) {
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const controller = useRef<AbortController | null>(null);
  // Leaving the page stops the download.
  useEffect(() => () => controller.current?.abort(), []);

  const start = async () => {
    const abort = new AbortController();
    controller.current = abort;
    setProgress({ rows: 0, bytes: 0, total: null, totalIsEstimate: false });
    try {
      const csv = await fetchOrdersCsv(args, { signal: abort.signal, onProgress: setProgress });
      downloadBlob(csv.blob, csv.fileName);
      toast.success(`Exported ${csv.rows.toLocaleString(locale)} ${csv.rows === 1 ? 'order' : 'orders'}.`);
    } catch (error) {
      if (abort.signal.aborted) toast.info('Export canceled; nothing was saved.');
      else toast.error(`The export failed: ${apiErrorMessage(error, 'the server did not answer')}. Nothing was saved.`);
    } finally {
      controller.current = null;
      setProgress(null);
    }
  };

  if (!progress) {
    return (
      <Button variant="outlined" startIcon={<FileDownloadOutlined />} onClick={() => void start()}>
        Export CSV
      </Button>
    );
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
