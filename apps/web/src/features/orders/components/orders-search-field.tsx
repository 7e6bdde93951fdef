import SearchOutlined from '@mui/icons-material/SearchOutlined';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { SEARCH_MAX_LENGTH, SEARCH_PLACEHOLDER, SEARCH_TITLE } from './orders-filter-placeholders';

interface OrdersSearchFieldProps {
  value: string;
  onChange(value: string): void;
  /** Enter: search now, without waiting for the pause in typing. */
  onEnter(): void;
}

/** The list's search box, MUI's TextField (OrdersFilters draws SearchPlaceholder, its look-alike, until it loads). */
export function OrdersSearchField({ value, onChange, onEnter }: OrdersSearchFieldProps) {
  return (
    <TextField
      size="small"
      type="search"
      label="Search"
      placeholder={SEARCH_PLACEHOLDER}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') onEnter();
      }}
      sx={{ flex: '1 1 280px', maxWidth: 420 }}
      slotProps={{
        htmlInput: { maxLength: SEARCH_MAX_LENGTH, title: SEARCH_TITLE },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchOutlined fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
