import { useId, useState } from 'react';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';

/**
 * Shows a new API key, the only time it is ever shown. A click outside does not close it, so the key is not lost
 * by accident; "Done" (or Escape) does.
 */
export function NewApiKeyDialog({ apiKey, onClose }: { apiKey: string | null; onClose(): void }) {
  const titleId = useId();
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(apiKey ?? '');
      setCopied('yes');
    } catch {
      // Clipboard access can be refused (permissions, insecure origin); the field stays selectable.
      setCopied('failed');
    }
  };
  const close = () => {
    setCopied(null);
    onClose();
  };

  return (
    <Dialog
      open={apiKey !== null}
      onClose={(_event, reason) => {
        if (reason !== 'backdropClick') close();
      }}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id={titleId}>Your new API key</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          Copy this key now. It is shown only once: Shipdesk keeps no readable copy of it.
        </Alert>
        <TextField
          label="API key"
          value={apiKey ?? ''}
          fullWidth
          onFocus={(event) => event.target.select()}
          slotProps={{ htmlInput: { readOnly: true, spellCheck: false, sx: { fontFamily: 'monospace' } } }}
        />
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          Send it as <code>Authorization: Bearer &lt;key&gt;</code>. It acts with an administrator&apos;s rights in this
          organisation.
        </Typography>
        {copied === 'failed' ? (
          <Typography variant="body2" color="error" role="alert" sx={{ mt: 1 }}>
            The browser did not allow copying. Select the key and copy it by hand.
          </Typography>
        ) : null}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button startIcon={<ContentCopyOutlined />} onClick={() => void copy()}>
          {copied === 'yes' ? 'Copied' : 'Copy'}
        </Button>
        <Button variant="contained" onClick={close}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}
