import { lazy, Suspense, useState } from 'react';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Button from '@mui/material/Button';
import type { ExportProgress, OrdersExportArgs } from '../api/orders-export';
import { loadOnce, useWhenIdle } from '@/lib/lazy/lazy-load';

const loadRun = loadOnce(() => import('./orders-export-run'));
const OrdersExportRun = lazy(() => loadRun().then((m) => ({ default: m.OrdersExportRun })));

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
 * "Export CSV": every order of the list's current filters (not only the page), as the server streams it, with its
 * progress and a button to stop (OrdersExportRun). The export's code comes when the browser is idle after the first
 * paint, or on the first click (the export starts once it is there).
 */
export function OrdersExportButton({ args, locale }: OrdersExportButtonProps) {
  // The export running, if any: its arguments are those of the click.
  const [running, setRunning] = useState<OrdersExportArgs | null>(null);
  useWhenIdle(() => void loadRun().catch(() => undefined));
  const button = (
    <Button variant="outlined" startIcon={<FileDownloadOutlined />} onClick={() => setRunning(args)}>
      Export CSV
    </Button>
  );
  if (!running) return button;
  return (
    <Suspense fallback={button}>
      <OrdersExportRun args={running} locale={locale} onDone={() => setRunning(null)} />
    </Suspense>
  );
}
