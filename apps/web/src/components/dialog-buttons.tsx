import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';

interface DialogButtonsProps {
  onCancel(): void;
  /** Omit for a submit button of the dialog's form. */
  onConfirm?: () => void;
  confirmLabel: string;
  busy: boolean;
  /** Focus Cancel first, so a reflexive Enter does not confirm. */
  focusCancel?: boolean;
  /** The primary action cannot be taken yet (its label says why); Cancel still can. */
  confirmDisabled?: boolean;
}

/** Cancel and the primary action of the product's dialogs; the primary shows a spinner while busy. */
export function DialogButtons({
  onCancel,
  onConfirm,
  confirmLabel,
  busy,
  focusCancel = false,
  confirmDisabled = false,
}: DialogButtonsProps) {
  return (
    <DialogActions sx={{ px: 3, pb: 2 }}>
      <Button onClick={onCancel} disabled={busy} autoFocus={focusCancel}>
        Cancel
      </Button>
      <Button
        type={onConfirm ? 'button' : 'submit'}
        onClick={onConfirm}
        disabled={busy || confirmDisabled}
        variant="contained"
        startIcon={busy ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
      >
        {confirmLabel}
      </Button>
    </DialogActions>
  );
}
