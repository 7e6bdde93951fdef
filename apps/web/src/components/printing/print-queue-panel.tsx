import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import { StatusChip, type StatusTone } from '@/components/status-chip';
import { formatDateTime } from '@/lib/format';
import type { BrowserOutput } from '@/lib/printing/print-output';
import {
  finishedPrintJobsCleared,
  printJobRemoved,
  selectPrintJobs,
  selectPrintUser,
  type PrintJob,
} from '@/lib/printing/print-queue-slice';
import type { QzTrayClient } from '@/lib/printing/qz-tray';
import { usePrint } from '@/lib/printing/use-print';
import { useTenantTimeZone } from '@/lib/state/tenant-time-zone';
import { useAppDispatch, useAppSelector } from '@/lib/store-hooks';
import { QzTrayStatus } from './qz-tray-status';

export interface PrintQueuePanelProps {
  /** Tests pass a QZ Tray client over a fake library, and a fake browser. */
  qz?: QzTrayClient;
  browser?: BrowserOutput;
}

function chipOf(job: PrintJob): { label: string; tone: StatusTone } {
  switch (job.state) {
    case 'queued':
      return { label: 'Queued', tone: 'neutral' };
    case 'sent':
      return { label: 'Sent', tone: 'info' };
    case 'failed':
      return { label: 'Failed', tone: 'error' };
    default:
      return job.route === 'download'
        ? { label: 'Downloaded', tone: 'success' }
        : { label: 'Printed', tone: 'success' };
  }
}

function labelsLine(job: PrintJob): string {
  const formats = [...new Set(job.labels.map((label) => label.format.toUpperCase()))].join(', ');
  const count = job.labels.length;
  return count > 1 ? `${count} labels · ${formats}` : formats;
}

/**
 * The signed-in person's print queue on this browser: the last 50 jobs, newest first, each with its state, where it
 * went and why it failed. Failed jobs can be printed again while their documents are still in this page.
 */
export function PrintQueuePanel({ qz, browser }: PrintQueuePanelProps) {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectPrintUser);
  const jobs = useAppSelector(selectPrintJobs);
  const timeZone = useTenantTimeZone();
  const printer = usePrint({ qz, browser });
  const finished = jobs.filter((job) => job.state === 'printed').length;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, pt: 1.5, pb: 1 }}>
        <Typography variant="subtitle1" component="h2" sx={{ flex: 1, fontWeight: 600 }}>
          Print queue
        </Typography>
        <Button size="small" disabled={finished === 0} onClick={() => dispatch(finishedPrintJobsCleared({ user }))}>
          Clear finished
        </Button>
      </Box>
      <QzTrayStatus client={qz} />
      {jobs.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 3, textAlign: 'center' }}>
          Nothing printed yet. Labels you print appear here.
        </Typography>
      ) : (
        <List dense disablePadding aria-label="Print jobs" sx={{ overflowY: 'auto', maxHeight: 420 }}>
          {jobs.map((job) => {
            const chip = chipOf(job);
            const canRetry = job.state === 'failed' && printer.canRetry(job.id);
            return (
              <ListItem
                key={job.id}
                divider
                aria-label={`${job.title}: ${chip.label}`}
                sx={{ alignItems: 'flex-start', gap: 1.5, px: 2, py: 1 }}
              >
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Typography variant="body2" noWrap sx={{ fontWeight: 500 }} title={job.title}>
                    {job.title}
                  </Typography>
                  <Typography variant="caption" color="text.secondary" component="p">
                    {formatDateTime(job.createdAt, timeZone)} · {labelsLine(job)}
                  </Typography>
                  {job.error || job.note ? (
                    <Typography variant="caption" color={job.error ? 'error' : 'text.secondary'} component="p">
                      {job.error ?? job.note}
                    </Typography>
                  ) : null}
                  {job.state === 'failed' && !canRetry ? (
                    <Typography variant="caption" color="text.secondary" component="p">
                      Print it again from its order.
                    </Typography>
                  ) : null}
                </Box>
                <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-end', gap: 0.5 }}>
                  <StatusChip label={chip.label} tone={chip.tone} small kind="Print job" />
                  {job.state === 'failed' ? (
                    <Box sx={{ display: 'flex', alignItems: 'center' }}>
                      {canRetry ? (
                        <Button size="small" onClick={() => void printer.retry(job.id)}>
                          Retry
                        </Button>
                      ) : null}
                      <Tooltip title="Remove from the queue">
                        <IconButton
                          size="small"
                          aria-label={`Remove ${job.title}`}
                          onClick={() => dispatch(printJobRemoved({ user, id: job.id }))}
                        >
                          <CloseIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    </Box>
                  ) : null}
                </Box>
              </ListItem>
            );
          })}
        </List>
      )}
    </Box>
  );
}
