import CancelIcon from '@mui/icons-material/Cancel';
import type { FilterChipItem } from './orders-filter-chips';
import './orders-filter-chips.css';

/**
 * The filters in force as MUI's small chips draw them, without their code, while it loads (drawn only when a filter is
 * in force, for the moment before the chips' code is there): the same size, label and delete icon, not yet usable.
 */
export function FilterChipPlaceholders({ filters }: { filters: readonly FilterChipItem[] }) {
  return (
    <>
      {filters.map((filter) => (
        <li key={filter.key}>
          <span className="sd-filter-chip">
            <span className="sd-filter-chip-label">{filter.label}</span>
            <CancelIcon aria-hidden className="sd-filter-chip-delete" />
          </span>
        </li>
      ))}
    </>
  );
}
