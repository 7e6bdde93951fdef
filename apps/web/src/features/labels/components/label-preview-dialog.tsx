import { useEffect, useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ShippingLabel } from '@shipdesk/contract';
import { QzTrayStatus } from '@/components/printing/qz-tray-status';
import { apiErrorMessage } from '@/lib/errors';
import { downloadBlob } from '@/lib/printing/print-output';
import type { PrintOutcome } from '@/lib/printing/print-runner';
import { usePrint } from '@/lib/printing/use-print';
import { fetchCustomsForm, fetchLabelDocument } from '../api/labels-api';

interface LabelPreviewDialogProps {
  label: ShippingLabel;
  onClose(): void;
}

const EXTENSIONS: Record<ShippingLabel['format'], string> = { pdf: 'pdf', zpl: 'zpl', png: 'png' };

/**
 * A bought label as it will print: a PDF inline, a ZPL label drawn by the server as an image. Print goes through the
 * print queue: to the default printer through QZ Tray (ZPL raw, PDF as a document), else the browser's print dialog
 * for a PDF and a download for ZPL; the dialog says where it went. Download saves the document as bought.
 */
export function LabelPreviewDialog({ label, onClose }: LabelPreviewDialogProps) {
  const titleId = useId();
  const [preview, setPreview] = useState<{ url: string; type: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [printing, setPrinting] = useState(false);
  const [printed, setPrinted] = useState<PrintOutcome | null>(null);
  const { print } = usePrint();
  const labelId = label.status === 'active' ? undefined : label.id;
  const fileName = `label-${label.trackingNumber}.${EXTENSIONS[label.format]}`;

  useEffect(() => {
    let url: string | null = null;
    let live = true;
    fetchLabelDocument(label.deliveryId, { preview: true, labelId })
      .then((blob) => {
        if (!live) return;
        url = URL.createObjectURL(blob);
        setPreview({ url, type: blob.type });
      })
      .catch((failure: unknown) => live && setError(apiErrorMessage(failure, 'Could not load the label.')));
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [label.deliveryId, labelId]);

  const download = async () => {
    setSaving(true);
    try {
      const blob = await fetchLabelDocument(label.deliveryId, { labelId });
      downloadBlob(blob, fileName);
    } catch (failure) {
      setError(apiErrorMessage(failure, 'Could not download the label.'));
    } finally {
      setSaving(false);
    }
  };

  const printLabel = async () => {
    setPrinting(true);
    setPrinted(null);
    try {
      const blob = await fetchLabelDocument(label.deliveryId, { labelId });
      const { deliveryId, trackingNumber, format } = label;
      // Its customs document (a CN 22 / CN 23 page, a commercial invoice) prints with it.
      const forms = label.customs?.hasDocument ? await fetchCustomsForm(deliveryId, { labelId }) : null;
      setPrinted(
        await print({
          title: `Label ${trackingNumber}`,
          documents: [
            { blob, format, fileName },
            ...(forms ? [{ blob: forms, format: 'pdf' as const, fileName: `customs-${trackingNumber}.pdf` }] : []),
          ],
          labels: [{ deliveryId, trackingNumber, format }],
        }),
      );
    } catch (failure) {
      setError(apiErrorMessage(failure, 'Could not load the label to print.'));
    } finally {
      setPrinting(false);
    }
  };

  const isPdf = preview?.type === 'application/pdf';
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>
        {label.serviceName} · {label.trackingNumber}
      </DialogTitle>
      <DialogContent>
        {label.status !== 'active' ? (
          <Alert severity="warning" sx={{ mb: 2 }}>
            This label was voided; do not ship with it.
          </Alert>
        ) : null}
        {error ? <Alert severity="error">{error}</Alert> : null}
        {printed ? (
          <Alert severity={printed.state === 'failed' ? 'error' : printed.fallback ? 'info' : 'success'} sx={{ mb: 2 }}>
            {printed.message}
          </Alert>
        ) : null}
        <Box sx={{ display: 'flex', justifyContent: 'center', bgcolor: 'action.hover', borderRadius: 1, p: 2 }}>
          {!preview && !error ? (
            <Skeleton variant="rectangular" width={288} height={432} aria-label="Loading the label" />
          ) : preview && isPdf ? (
            <Box
              component="iframe"
              title={`Label ${label.trackingNumber}`}
              // The label fills the frame, without the viewer's page thumbnails.
              src={`${preview.url}#navpanes=0&view=Fit`}
              sx={{ width: '100%', height: 480, border: 0, bgcolor: 'common.white' }}
            />
          ) : preview ? (
            <Box
              component="img"
              src={preview.url}
              alt={`Label ${label.trackingNumber}`}
              sx={{ width: 288, maxWidth: '100%', height: 'auto', bgcolor: 'common.white', boxShadow: 1 }}
            />
          ) : null}
        </Box>
        {label.format === 'zpl' ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
            A ZPL label prints on a thermal printer (203 dpi, 4×6 in). With QZ Tray it goes straight to the printer;
            otherwise Print downloads it for the printer's own tool.
          </Typography>
        ) : null}
        {label.status === 'active' ? (
          <Box sx={{ mt: 2, borderRadius: 1, overflow: 'hidden' }}>
            <QzTrayStatus format={label.format} />
          </Box>
        ) : null}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>Close</Button>
        <Button onClick={() => void download()} disabled={saving}>
          Download {label.format.toUpperCase()}
        </Button>
        {label.status === 'active' ? (
          <Button variant="contained" onClick={() => void printLabel()} disabled={printing}>
            {printing ? 'Printing…' : 'Print'}
          </Button>
        ) : null}
      </DialogActions>
    </Dialog>
  );
}
