import { toast } from '@/lib/toast/toast';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';

async function copy(label: string, value: string) {
  try {
    await navigator.clipboard.writeText(value);
    toast.success(`${label} copied.`);
  } catch {
    // Clipboard access can be refused (permissions, insecure origin); the field stays selectable.
    toast.error(`Could not copy the ${label}. Select it and copy it by hand.`);
  }
}

/** A value to paste into a carrier's portal: read-only, selected on focus, with a copy button. */
export function CarrierPushCopyField({
  label,
  value,
  autoFocus = false,
}: {
  label: string;
  value: string;
  /** Focused (and so selected) when it appears: the secret shown once, ready to copy. */
  autoFocus?: boolean;
}) {
  return (
    <TextField
      label={label}
      value={value}
      size="small"
      fullWidth
      autoFocus={autoFocus}
      onFocus={(event) => event.target.select()}
      slotProps={{
        htmlInput: { readOnly: true, spellCheck: false, sx: { fontFamily: 'monospace', fontSize: '0.8125rem' } },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton edge="end" size="small" aria-label={`Copy ${label}`} onClick={() => void copy(label, value)}>
                <ContentCopyOutlined fontSize="small" />
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
