import { useEffect, useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import type { ShippingLabel } from '@shipdesk/contract';
import { apiErrorMessage } from '@/lib/errors';
import { downloadBlob } from '@/lib/printing/print-output';
import type { PrintOutcome } from '@/lib/printing/print-runner';
import { usePrint } from '@/lib/printing/use-print';
import { fetchCustomsForm } from '../api/labels-api';
import { FORM_NAMES } from '../label-customs-form';

/**
 * The customs form a label travels with when the carrier gave it apart from the label (a CN 22 / CN 23 page, a
 * commercial invoice: a PDF), shown as the label preview shows a PDF; Download saves it, Print sends it through the
 * print queue (the default printer through QZ Tray, else the browser's print dialog). Attach it to the parcel.
 */
export function CustomsFormDialog({ label, onClose }: { label: ShippingLabel; onClose(): void }) {
  const titleId = useId();
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'saving' | 'printing' | null>(null);
  const [printed, setPrinted] = useState<PrintOutcome | null>(null);
  const { print } = usePrint();
  const labelId = label.status === 'active' ? undefined : label.id;
  const name = label.customs ? FORM_NAMES[label.customs.form] : 'Customs form';
  const fileName = `${label.customs?.form === 'commercial_invoice' ? 'invoice' : 'customs'}-${label.trackingNumber}.pdf`;

  useEffect(() => {
    let url: string | null = null;
    let live = true;
    fetchCustomsForm(label.deliveryId, { labelId })
      .then((blob) => {
        if (!live) return;
        url = URL.createObjectURL(blob);
        setPreview(url);
      })
      .catch((failure: unknown) => live && setError(apiErrorMessage(failure, `Could not load the ${name}.`)));
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [label.deliveryId, labelId, name]);

  const fetchThen = async (what: 'saving' | 'printing', withBlob: (blob: Blob) => Promise<void> | void) => {
    setBusy(what);
    try {
      await withBlob(await fetchCustomsForm(label.deliveryId, { labelId }));
    } catch (failure) {
      setError(apiErrorMessage(failure, `Could not load the ${name}.`));
    } finally {
      setBusy(null);
    }
  };
  const download = () => fetchThen('saving', (blob) => downloadBlob(blob, fileName));
  const printForm = () =>
    fetchThen('printing', async (blob) => {
      setPrinted(null);
      setPrinted(
        await print({
          title: `${name} ${label.trackingNumber}`,
          documents: [{ blob, format: 'pdf', fileName }],
        }),
      );
    });

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>
        {name} · {label.trackingNumber}
      </DialogTitle>
      <DialogContent>
        {label.status !== 'active' ? (
          <Alert severity="warning" sx={{ mb: 2 }}>
            Its label was voided; do not ship with it.
          </Alert>
        ) : null}
        {error ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        ) : null}
        {printed ? (
          <Alert severity={printed.state === 'failed' ? 'error' : printed.fallback ? 'info' : 'success'} sx={{ mb: 2 }}>
            {printed.message}
          </Alert>
        ) : null}
        <Box sx={{ display: 'flex', justifyContent: 'center', bgcolor: 'action.hover', borderRadius: 1, p: 2 }}>
          {preview ? (
            <Box
              component="iframe"
              title={`${name} ${label.trackingNumber}`}
              src={`${preview}#navpanes=0&view=Fit`}
              sx={{ width: '100%', height: 480, border: 0, bgcolor: 'common.white' }}
            />
          ) : !error ? (
            <Skeleton variant="rectangular" width="100%" height={480} aria-label={`Loading the ${name}`} />
          ) : (
            <Box sx={{ height: 120 }} />
          )}
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>Close</Button>
        <Button onClick={() => void download()} disabled={busy !== null}>
          Download PDF
        </Button>
        {label.status === 'active' ? (
          <Button variant="contained" onClick={() => void printForm()} disabled={busy !== null}>
            {busy === 'printing' ? 'Printing…' : 'Print'}
          </Button>
        ) : null}
      </DialogActions>
    </Dialog>
  );
}
