import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { toast } from '@/lib/toast/toast';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { LabelBatchItem } from '@shipdesk/contract';
import { QueryError } from '@/components/query-error';
import { StatusChip, type StatusTone } from '@/components/status-chip';
import { hrefs } from '@/config/paths';
import { apiErrorMessage } from '@/lib/errors';
import { formatMoney } from '@/lib/format';
import { fetchBatchDocument, useGetLabelBatchQuery, useRetryLabelBatchMutation } from '../api/label-batches-api';
import { downloadBlob } from '@/lib/printing/print-output';
import { includedText } from './delivery-facts';

const STATE: Record<LabelBatchItem['status'], { label: string; tone: StatusTone }> = {
  queued: { label: 'Waiting', tone: 'neutral' },
  buying: { label: 'Buying', tone: 'info' },
  bought: { label: 'Bought', tone: 'success' },
  failed: { label: 'Failed', tone: 'error' },
};

/**
 * Beside a batch's "give the product MUG-1 a weight (Settings > Products)": a link to that product, found. The
 * order's own number links to its Items card, the other place the message names.
 */
function UnweighedProductLink({ message }: { message: string | null | undefined }) {
  const sku = message ? /give the products? ([^,\s]+)/.exec(message)?.[1] : undefined;
  if (!sku || !message?.includes('(Settings > Products)')) return null;
  return (
    <Box component="span" sx={{ display: 'block', mt: 0.5 }}>
      <Link component={RouterLink} to={`${hrefs.settings('products')}?search=${encodeURIComponent(sku)}`}>
        Weigh {sku} in Products
      </Link>
    </Box>
  );
}

/** Under a label's price: the options it includes ("incl. insurance and signature"), when it was bought with some. */
function PriceIncludes({ item }: { item: LabelBatchItem }) {
  const included = includedText(item.insuredValue !== null, item.signature !== null);
  if (!included) return null;
  return (
    <Typography variant="caption" color="text.secondary" component="div">
      {included}
    </Typography>
  );
}

/** A batch's result per order (failures with their reason first), retry of the failures, and its documents. */
export function LabelBatchDialog({ batchId, locale, onClose }: { batchId: string; locale: string; onClose(): void }) {
  const titleId = useId();
  const query = useGetLabelBatchQuery(batchId);
  const [retry, retrying] = useRetryLabelBatchMutation();
  const [saving, setSaving] = useState<'labels' | 'slips' | null>(null);
  const detail = query.data;
  const batch = detail?.batch;
  const items = detail
    ? [...detail.items].sort((a, b) => Number(b.status === 'failed') - Number(a.status === 'failed'))
    : [];

  const download = async (packingSlips: boolean) => {
    if (!batch) return;
    setSaving(packingSlips ? 'slips' : 'labels');
    try {
      const blob = await fetchBatchDocument(batch.id, packingSlips);
      const extension = blob.type.startsWith('text/plain') ? 'zpl' : 'pdf';
      downloadBlob(blob, `${packingSlips ? 'packing-slips' : 'labels'}-batch-${batch.id}.${extension}`);
    } catch (error) {
      toast.error(apiErrorMessage(error, 'Could not make the document.'));
    } finally {
      setSaving(null);
    }
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>Label batch {batchId}</DialogTitle>
      <DialogContent>
        {query.isError ? (
          <QueryError error={query.error} fallback="Could not load the batch." refetch={query.refetch} />
        ) : null}
        {batch ? (
          <Alert
            severity={batch.failed > 0 ? 'warning' : batch.status === 'running' ? 'info' : 'success'}
            sx={{ mb: 2 }}
          >
            {batch.status === 'running' ? 'Still buying. ' : ''}
            {batch.bought} bought, {batch.failed} failed, {batch.total} orders. Started by {batch.createdBy}.
          </Alert>
        ) : null}
        {query.isLoading ? (
          <Skeleton variant="rounded" height={160} />
        ) : (
          <TableContainer sx={{ maxHeight: 420 }}>
            <Table size="small" stickyHeader aria-label="Orders of the batch">
              <TableHead>
                <TableRow sx={{ '& th': { fontWeight: 600 } }}>
                  <TableCell>Order</TableCell>
                  <TableCell>Result</TableCell>
                  <TableCell>Label or reason</TableCell>
                  <TableCell align="right">Cost</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {items.map((item) => (
                  <TableRow key={item.orderId} sx={{ verticalAlign: 'top' }}>
                    <TableCell>
                      <Link component={RouterLink} to={hrefs.orderView(item.orderId)}>
                        {item.orderNumber}
                      </Link>
                    </TableCell>
                    <TableCell>
                      <StatusChip small label={STATE[item.status].label} tone={STATE[item.status].tone} kind="Result" />
                    </TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>
                      {item.status === 'bought'
                        ? `${item.serviceName} · ${item.trackingNumber}`
                        : (item.message ?? '—')}
                      <UnweighedProductLink message={item.status === 'bought' ? null : item.message} />
                    </TableCell>
                    <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                      {item.amount === null
                        ? '—'
                        : item.amount === 0
                          ? 'no postage'
                          : formatMoney(item.amount, item.currency ?? 'USD', locale)}
                      {item.amount ? <PriceIncludes item={item} /> : null}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose}>Close</Button>
        {batch && batch.failed > 0 && batch.status === 'done' ? (
          <Button
            onClick={() =>
              void retry(batch.id)
                .unwrap()
                .then(() => toast.info('Trying the failed orders again.'))
                .catch((error: unknown) => toast.error(apiErrorMessage(error, 'Could not retry.')))
            }
            disabled={retrying.isLoading}
          >
            Retry failed
          </Button>
        ) : null}
        <Button onClick={() => void download(true)} disabled={!batch || batch.bought === 0 || saving !== null}>
          Packing slips
        </Button>
        <Button
          variant="contained"
          onClick={() => void download(false)}
          disabled={!batch || batch.bought === 0 || saving !== null}
        >
          {batch?.event === 'zpl' ? 'Download labels (ZPL)' : 'Download labels (PDF)'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
