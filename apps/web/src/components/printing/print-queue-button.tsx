import { lazy, Suspense, useState } from 'react';
import IconButton from '@mui/material/IconButton';
import PrintOutlinedIcon from '@mui/icons-material/PrintOutlined';
import { LazyTooltip } from '@/components/lazy-tooltip';
import { useHydrated } from '@/lib/hydration/use-hydrated';
import { loadOnce, useWhenIdle } from '@/lib/lazy/lazy-load';
import { selectPrintJobs } from '@/lib/printing/print-queue-slice';
import { useAppSelector } from '@/lib/store-hooks';
import { PrintQueueBadge } from './print-queue-badge';
import type { PrintQueuePanelProps } from './print-queue-panel';

const NO_JOBS: ReturnType<typeof selectPrintJobs> = [];

const loadPopover = loadOnce(() => import('./print-queue-popover'));
const PrintQueuePopover = lazy(() => loadPopover().then((m) => ({ default: m.PrintQueuePopover })));

/**
 * The header's print-queue button: a count of jobs still printing, a red dot when one failed, and the queue in a
 * popover. The popover's code comes when the browser is idle after the first paint, or on the first opening (it
 * opens once it is there); the panel inside it is fetched on that opening.
 */
export function PrintQueueButton(props: PrintQueuePanelProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // The popover is drawn from the first opening on, so that closing it keeps its exit transition.
  const [wanted, setWanted] = useState(false);
  useWhenIdle(() => void loadPopover().catch(() => undefined));
  const stored = useAppSelector(selectPrintJobs);
  // The page's HTML shows no one's queue: the stored jobs appear once hydrated.
  const jobs = useHydrated() ? stored : NO_JOBS;
  const active = jobs.filter((job) => job.state === 'queued' || job.state === 'sent').length;
  const failed = jobs.some((job) => job.state === 'failed');
  const label = active > 0 ? `Print queue, ${active} printing` : failed ? 'Print queue, a job failed' : 'Print queue';
  return (
    <>
      <LazyTooltip title="Print queue">
        <IconButton
          color="inherit"
          aria-label={label}
          aria-haspopup="dialog"
          aria-expanded={anchor ? true : undefined}
          onClick={(event) => {
            setWanted(true);
            setAnchor(event.currentTarget);
          }}
        >
          <PrintQueueBadge active={active} failed={failed}>
            <PrintOutlinedIcon />
          </PrintQueueBadge>
        </IconButton>
      </LazyTooltip>
      {wanted ? (
        <Suspense fallback={null}>
          <PrintQueuePopover anchor={anchor} onClose={() => setAnchor(null)} {...props} />
        </Suspense>
      ) : null}
    </>
  );
}
