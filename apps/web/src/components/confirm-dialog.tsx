import { useId, type ReactNode } from 'react';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { DialogButtons } from './dialog-buttons';

interface ConfirmDialogProps {
  open: boolean;
  message: ReactNode;
  onCancel(): void;
  onConfirm(): void;
  /** Defaults to 'Please Confirm' (spec 2.3). */
  title?: string;
  confirmLabel?: string;
  /** While the confirmed action runs: both buttons disabled, Escape and backdrop clicks ignored. */
  busy?: boolean;
}

/**
 * The generic confirmation dialog of spec 2.3. Focus starts on Cancel, so pressing Enter by
 * reflex does not confirm; Escape cancels; MUI keeps focus inside the dialog while it is open.
 */
export function ConfirmDialog({
  open,
  message,
  onCancel,
  onConfirm,
  title = 'Please Confirm',
  confirmLabel = 'Confirm',
  busy = false,
}: ConfirmDialogProps) {
  const titleId = useId();
  const messageId = useId();
  return (
    <Dialog
      open={open}
      onClose={() => {
        if (!busy) onCancel();
      }}
      aria-labelledby={titleId}
      aria-describedby={messageId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={messageId} component="div">
          {message}
        </DialogContentText>
      </DialogContent>
      <DialogButtons onCancel={onCancel} onConfirm={onConfirm} confirmLabel={confirmLabel} busy={busy} focusCancel />
    </Dialog>
  );
}
