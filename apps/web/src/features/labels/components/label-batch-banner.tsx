import { lazy, Suspense, useEffect, useState, type RefObject } from 'react';
import { readSessionItem, writeSessionItem } from '@/lib/storage/session-storage';
import { useListLabelBatchesQuery } from '../api/label-batches-api';
import { useLabelBatchesRealtime } from '../hooks/use-label-batches-realtime';

// The batch's dialog is fetched when it is opened, not with the order list.
const LabelBatchDialog = lazy(() => import('./label-batch-dialog').then((m) => ({ default: m.LabelBatchDialog })));
// The banner itself when there is a batch to show: most sellers have none running when the list opens.
const LabelBatchBannerAlert = lazy(() =>
  import('./label-batch-banner-alert').then((m) => ({ default: m.LabelBatchBannerAlert })),
);

/** The id of the finished batch whose banner the user closed, in this tab's session: it stays closed on reload. */
const DISMISSED_KEY = 'shipdesk.labelBatch.dismissed';

interface LabelBatchBannerProps {
  locale: string;
  /** Takes the focus when the finished batch's banner is closed (its close button, which goes with it, held it). */
  focusAfterClose?: RefObject<HTMLElement | null>;
}

/**
 * The latest label batch of the tenant, live in every open tab: a progress bar while it runs, then its outcome with
 * the way to its results and its document. A finished batch's banner can be closed, for the rest of the session; a
 * newer batch shows again. The banner appears once the batches are known (after the list's data), and its code
 * (LabelBatchBannerAlert) is loaded then.
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
  const shown = latest && !(latest.status === 'done' && dismissed === latest.id) ? latest : null;
  return (
    <>
      {shown ? (
        <Suspense fallback={null}>
          <LabelBatchBannerAlert
            batch={shown}
            onDetails={() => setOpen(shown.id)}
            onClose={() => {
              writeSessionItem(DISMISSED_KEY, shown.id);
              setDismissed(shown.id);
              focusAfterClose?.current?.focus();
            }}
          />
        </Suspense>
      ) : null}
      {open ? (
        <Suspense fallback={null}>
          <LabelBatchDialog batchId={open} locale={locale} onClose={() => setOpen(null)} />
        </Suspense>
      ) : null}
    </>
  );
}
