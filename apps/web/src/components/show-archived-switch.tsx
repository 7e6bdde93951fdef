import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';

/** The "Show archived" toggle of a setup list: archived rows are listed too, each with its Restore action. */
export function ShowArchivedSwitch({ checked, onChange }: { checked: boolean; onChange(next: boolean): void }) {
  return (
    <FormControlLabel
      control={<Switch size="small" checked={checked} onChange={(event) => onChange(event.target.checked)} />}
      label="Show archived"
      sx={{ mr: 0 }}
    />
  );
}
