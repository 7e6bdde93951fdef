import Button from '@mui/material/Button';
import type { SxProps, Theme } from '@mui/material/styles';

interface ConfigSaveButtonProps {
  /** The form's `formState.isSubmitting`. */
  submitting: boolean;
  /** Managers see settings read-only. */
  readOnly: boolean;
  sx?: SxProps<Theme>;
}

/** A settings form's submit button: 'Saving…' while its save is on its way. */
export function ConfigSaveButton({ submitting, readOnly, sx }: ConfigSaveButtonProps) {
  return (
    <Button type="submit" variant="contained" sx={sx} disabled={readOnly || submitting}>
      {submitting ? 'Saving…' : 'Save'}
    </Button>
  );
}
