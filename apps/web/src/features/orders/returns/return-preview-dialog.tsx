import { useEffect, useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import type { ReturnLabel } from '@shipdesk/contract';
import { apiErrorMessage } from '@/lib/errors';
import { downloadBlob } from '@/lib/printing/print-output';
import { fetchReturnLabelDocument } from './returns-api';

/** The file a return label is saved as: its RMA and tracking number, with the format's extension. */
const returnFileName = (label: Pick<ReturnLabel, 'rma' | 'trackingNumber' | 'format'>) =>
  `return-${label.rma}-${label.trackingNumber}.${label.format === 'zpl' ? 'zpl' : label.format}`;

/** Saves a return label as bought; rejects with an ApiError. */
export async function downloadReturnLabel(label: ReturnLabel): Promise<void> {
  downloadBlob(await fetchReturnLabelDocument(label.id), returnFileName(label));
}

/** A return label as it prints (a PDF inline, a ZPL label drawn by the server), like an outbound label's preview. */
export function ReturnPreviewDialog({ label, onClose }: { label: ReturnLabel; onClose(): void }) {
  const titleId = useId();
  const [preview, setPreview] = useState<{ url: string; type: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let url: string | null = null;
    let live = true;
    fetchReturnLabelDocument(label.id, { preview: true })
      .then((blob) => {
        if (!live) return;
        url = URL.createObjectURL(blob);
        setPreview({ url, type: blob.type });
      })
      .catch((failure: unknown) => live && setError(apiErrorMessage(failure, 'Could not load the return label.')));
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [label.id]);

  const download = async () => {
    setSaving(true);
    try {
      await downloadReturnLabel(label);
    } catch (failure) {
      setError(apiErrorMessage(failure, 'Could not download the return label.'));
    } finally {
      setSaving(false);
    }
  };

  const voided = label.status !== 'active';
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>
        Return {label.rma} · {label.trackingNumber}
      </DialogTitle>
      <DialogContent>
        {voided ? (
          <Alert severity="warning" sx={{ mb: 2 }}>
            This return label was voided; the buyer must not use it.
          </Alert>
        ) : null}
        {error ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        ) : null}
        <Box sx={{ display: 'flex', justifyContent: 'center', bgcolor: 'action.hover', borderRadius: 1, p: 2 }}>
          {!preview && !error ? (
            <Skeleton variant="rectangular" width={288} height={432} aria-label="Loading the return label" />
          ) : preview?.type === 'application/pdf' ? (
            <Box
              component="iframe"
              title={`Return label ${label.trackingNumber}`}
              src={`${preview.url}#navpanes=0&view=Fit`}
              sx={{ width: '100%', height: 480, border: 0, bgcolor: 'common.white' }}
            />
          ) : preview ? (
            <Box
              component="img"
              src={preview.url}
              alt={`Return label ${label.trackingNumber}`}
              sx={{ width: 288, maxWidth: '100%', height: 'auto', bgcolor: 'common.white', boxShadow: 1 }}
            />
          ) : null}
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>Close</Button>
        <Button variant="contained" onClick={() => void download()} disabled={saving}>
          Download {label.format.toUpperCase()}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
