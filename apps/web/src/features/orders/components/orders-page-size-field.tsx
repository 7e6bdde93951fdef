import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { PAGE_SIZES } from '../list-params';

interface OrdersPageSizeFieldProps {
  size: number;
  onSize(size: number): void;
  /** The seller reached for the placeholder before this was drawn: take the focus, and open if it was to open. */
  reach: { open: boolean } | null;
}

/** "Rows per page": MUI's select, loaded by OrdersPageSize when the browser is idle or on the first use. */
export function OrdersPageSizeField({ size, onSize, reach }: OrdersPageSizeFieldProps) {
  return (
    <TextField
      select
      size="small"
      variant="standard"
      label="Rows per page"
      value={size}
      onChange={(event) => onSize(Number(event.target.value))}
      sx={{ width: 110 }}
      slotProps={{ select: { autoFocus: reach !== null, defaultOpen: reach?.open ?? false } }}
    >
      {PAGE_SIZES.map((value) => (
        <MenuItem key={value} value={value}>
          {value}
        </MenuItem>
      ))}
    </TextField>
  );
}
