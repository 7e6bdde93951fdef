import { lazy, Suspense, useState } from 'react';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Tooltip from '@mui/material/Tooltip';
import PrintOutlinedIcon from '@mui/icons-material/PrintOutlined';
import { selectPrintJobs } from '@/lib/printing/print-queue-slice';
import { useAppSelector } from '@/lib/store-hooks';
import CircularProgress from '@mui/material/CircularProgress';
import type { PrintQueuePanelProps } from './print-queue-panel';

// The queue's panel (and the QZ Tray client behind it) is fetched when the seller opens it, not with every page.
const PrintQueuePanel = lazy(() => import('./print-queue-panel').then((m) => ({ default: m.PrintQueuePanel })));

/**
 * The header's print-queue button: a count of jobs still printing, a red dot when one failed, and the queue in a
 * popover.
 */
export function PrintQueueButton(props: PrintQueuePanelProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const jobs = useAppSelector(selectPrintJobs);
  const active = jobs.filter((job) => job.state === 'queued' || job.state === 'sent').length;
  const failed = jobs.some((job) => job.state === 'failed');
  const label = active > 0 ? `Print queue, ${active} printing` : failed ? 'Print queue, a job failed' : 'Print queue';
  return (
    <>
      <Tooltip title="Print queue">
        <IconButton
          color="inherit"
          aria-label={label}
          aria-haspopup="dialog"
          aria-expanded={anchor ? true : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <Badge
            color={active > 0 ? 'primary' : 'error'}
            badgeContent={active || (failed ? 1 : 0)}
            variant={active > 0 ? 'standard' : 'dot'}
          >
            <PrintOutlinedIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: { sx: { width: 400, maxWidth: 'calc(100vw - 32px)' }, role: 'dialog', 'aria-label': 'Print queue' },
        }}
      >
        <Suspense fallback={<CircularProgress size={24} aria-label="Loading the print queue" sx={{ m: 2 }} />}>
          <PrintQueuePanel {...props} />
        </Suspense>
      </Popover>
    </>
  );
}
