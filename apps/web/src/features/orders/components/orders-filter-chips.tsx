import Chip from '@mui/material/Chip';

/** A filter in force, in words, as a chip shows it. */
export interface FilterChipItem {
  key: string;
  label: string;
}

interface OrdersFilterChipsProps {
  filters: readonly FilterChipItem[];
  onRemove(key: string): void;
}

/**
 * The filters in force as MUI's chips (Delete or Backspace on a chip removes it), the items of OrdersFilters' list.
 * Loaded by OrdersFilters when the browser is idle or when a filter is first in force: the list's first screen with
 * no filter has no chip.
 */
export function OrdersFilterChips({ filters, onRemove }: OrdersFilterChipsProps) {
  return (
    <>
      {filters.map((filter) => (
        <li key={filter.key}>
          <Chip
            size="small"
            label={filter.label}
            onDelete={() => onRemove(filter.key)}
            aria-label={`${filter.label}. Press Delete to remove this filter`}
            sx={{ maxWidth: 320 }}
          />
        </li>
      ))}
    </>
  );
}
