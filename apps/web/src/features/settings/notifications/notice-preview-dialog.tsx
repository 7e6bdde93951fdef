import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { BuyerNoticePreview } from '@shipdesk/contract';

interface NoticePreviewDialogProps {
  preview: BuyerNoticePreview | null;
  onClose(): void;
}

/**
 * The e-mail as the buyer would get it. Its HTML (every value escaped by the server) is shown in a sandboxed frame on
 * white, as a mail client shows it, whatever the app's theme.
 */
export function NoticePreviewDialog({ preview, onClose }: NoticePreviewDialogProps) {
  return (
    <Dialog open={preview !== null} onClose={onClose} maxWidth="md" fullWidth aria-labelledby="notice-preview-title">
      <DialogTitle id="notice-preview-title">E-mail preview</DialogTitle>
      {preview ? (
        <DialogContent dividers>
          {preview.sample ? (
            <Alert severity="info" sx={{ mb: 2 }}>
              Sample values: you have no label yet to preview with.
            </Alert>
          ) : null}
          <Typography variant="body2" color="text.secondary">
            From: {preview.from}
          </Typography>
          <Typography variant="subtitle1" sx={{ mb: 2 }} data-testid="notice-preview-subject">
            {preview.subject}
          </Typography>
          <iframe
            title="E-mail body"
            sandbox=""
            srcDoc={preview.html}
            style={{ width: '100%', height: 360, border: '1px solid #ccc', borderRadius: 4, background: '#fff' }}
          />
        </DialogContent>
      ) : null}
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
