import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { isParcelFilter, PARCEL_FILTER_LABELS, PARCEL_FILTERS, type ParcelFilter } from './parcel-filter';

interface ParcelFilterSelectProps {
  value: ParcelFilter | '';
  onChange(value: ParcelFilter | ''): void;
}

/** The order list's "Delivery" filter: any, or the orders whose parcels are in transit, delivered, late, and so on. */
export function ParcelFilterSelect({ value, onChange }: ParcelFilterSelectProps) {
  return (
    <TextField
      select
      size="small"
      label="Delivery"
      value={value}
      onChange={(event) => onChange(isParcelFilter(event.target.value) ? event.target.value : '')}
      sx={{ width: 170 }}
      slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
    >
      <MenuItem value="">Any delivery</MenuItem>
      {PARCEL_FILTERS.map((filter) => (
        <MenuItem key={filter} value={filter}>
          {PARCEL_FILTER_LABELS[filter]}
        </MenuItem>
      ))}
    </TextField>
  );
}
