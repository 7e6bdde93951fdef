import { useId, type FormEvent, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { DialogButtons } from './dialog-buttons';

interface FormDialogProps {
  open: boolean;
  title: string;
  /** Text above the fields. */
  message?: ReactNode;
  /** The form's fields. */
  children: ReactNode;
  onCancel(): void;
  onSubmit(): void;
  submitLabel?: string;
  /** While the submitted action runs: buttons disabled, Escape and backdrop clicks ignored. */
  busy?: boolean;
  /** Submitting is not possible yet (the submit label says why): the submit button is disabled and Enter does nothing. */
  submitDisabled?: boolean;
  /** A failure that belongs to no single field. */
  error?: string | null;
  maxWidth?: 'xs' | 'sm' | 'md';
}

/**
 * A confirmation that needs input (a reason, an amount, an address): the confirm dialog's layout around a <form>.
 * Enter in a field submits; Escape cancels; focus stays inside while it is open.
 */
export function FormDialog({
  open,
  title,
  message,
  children,
  onCancel,
  onSubmit,
  submitLabel = 'Confirm',
  busy = false,
  submitDisabled = false,
  error,
  maxWidth = 'xs',
}: FormDialogProps) {
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={() => {
        if (!busy) onCancel();
      }}
      aria-labelledby={titleId}
      maxWidth={maxWidth}
      fullWidth
      slotProps={{
        paper: {
          component: 'form',
          // Our own messages beside the fields replace the browser's validation bubbles.
          ...({ noValidate: true } as object),
          onSubmit: (event: FormEvent) => {
            event.preventDefault();
            if (!busy && !submitDisabled) onSubmit();
          },
        },
      }}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        {/* Room above the first field for its outlined label, which DialogContent's scrolling box would clip. */}
        <Stack spacing={2} sx={{ pt: 1.25 }}>
          {message ? <DialogContentText component="div">{message}</DialogContentText> : null}
          {error ? (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          ) : null}
          {children}
        </Stack>
      </DialogContent>
      <DialogButtons onCancel={onCancel} confirmLabel={submitLabel} busy={busy} confirmDisabled={submitDisabled} />
    </Dialog>
  );
}
