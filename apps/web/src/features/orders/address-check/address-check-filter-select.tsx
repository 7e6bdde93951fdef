import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { ADDRESS_FILTER_LABELS, ADDRESS_FILTERS, isAddressFilter, type AddressFilter } from './address-check-filter';

interface AddressCheckFilterSelectProps {
  value: AddressFilter | '';
  onChange(value: AddressFilter | ''): void;
}

/** The order list's "Address" filter: any, or the orders whose ship-to check says verified, needs review, and so on. */
export function AddressCheckFilterSelect({ value, onChange }: AddressCheckFilterSelectProps) {
  return (
    <TextField
      select
      size="small"
      label="Address"
      value={value}
      onChange={(event) => onChange(isAddressFilter(event.target.value) ? event.target.value : '')}
      sx={{ width: 170 }}
      slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
    >
      <MenuItem value="">Any address</MenuItem>
      {ADDRESS_FILTERS.map((filter) => (
        <MenuItem key={filter} value={filter}>
          {ADDRESS_FILTER_LABELS[filter]}
        </MenuItem>
      ))}
    </TextField>
  );
}
