import { lazy, Suspense } from 'react';
import CircularProgress from '@mui/material/CircularProgress';
import Popover from '@mui/material/Popover';
import type { PrintQueuePanelProps } from './print-queue-panel';

// The queue's panel (and the QZ Tray client behind it) is fetched when the seller opens it, not with every page.
const PrintQueuePanel = lazy(() => import('./print-queue-panel').then((m) => ({ default: m.PrintQueuePanel })));

interface PrintQueuePopoverProps extends PrintQueuePanelProps {
  /** The print-queue button while the queue is open. */
  anchor: HTMLElement | null;
  onClose(): void;
}

/**
 * The print queue's popover (PrintQueueButton draws it from its first opening on, its code loaded then or when the
 * browser was idle), a spinner in it until the panel's own code is there.
 */
export function PrintQueuePopover({ anchor, onClose, ...panel }: PrintQueuePopoverProps) {
  return (
    <Popover
      open={Boolean(anchor)}
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{
        paper: { sx: { width: 400, maxWidth: 'calc(100vw - 32px)' }, role: 'dialog', 'aria-label': 'Print queue' },
      }}
    >
      <Suspense fallback={<CircularProgress size={24} aria-label="Loading the print queue" sx={{ m: 2 }} />}>
        <PrintQueuePanel {...panel} />
      </Suspense>
    </Popover>
  );
}
