import { useEffect, useState } from 'react';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { StoreOption } from '../api/orders-api';
import { hasFilters, type OrderListParams } from '../list-params';

const SEARCH_DELAY_MS = 350;

export interface OrdersFiltersProps {
  params: OrderListParams;
  stores: readonly StoreOption[];
  onChange(change: Partial<OrderListParams>): void;
}

/** Search, order date range and store. The search waits for a pause in typing before it asks the server. */
export function OrdersFilters({ params, stores, onChange }: OrdersFiltersProps) {
  const [search, setSearch] = useState(params.search);

  // Back/forward or a cleared filter changes the URL: show what it says.
  useEffect(() => setSearch(params.search), [params.search]);

  useEffect(() => {
    if (search === params.search) return undefined;
    const timer = setTimeout(() => onChange({ search }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, params.search, onChange]);

  return (
    <Box
      role="search"
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', px: 2, pt: 2, pb: 1.5 }}
    >
      <TextField
        size="small"
        type="search"
        label="Search"
        placeholder="Name, e-mail, order, SKU, tracking, city, postcode"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') onChange({ search });
        }}
        sx={{ flex: '1 1 280px', maxWidth: 420 }}
        slotProps={{
          htmlInput: { maxLength: 100 },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchOutlined fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
      <TextField
        size="small"
        type="date"
        label="From"
        value={params.from}
        onChange={(event) => onChange({ from: event.target.value })}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: params.to || undefined } }}
        sx={{ width: 160 }}
      />
      <TextField
        size="small"
        type="date"
        label="To"
        value={params.to}
        onChange={(event) => onChange({ to: event.target.value })}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: params.from || undefined } }}
        sx={{ width: 160 }}
      />
      {stores.length > 0 ? (
        <TextField
          select
          size="small"
          label="Store"
          value={params.storeId}
          onChange={(event) => onChange({ storeId: event.target.value })}
          sx={{ width: 200 }}
        >
          <MenuItem value="">All stores</MenuItem>
          {stores.map((store) => (
            <MenuItem key={store.id} value={store.id}>
              {store.name}
            </MenuItem>
          ))}
        </TextField>
      ) : null}
      {hasFilters(params) ? (
        <Button
          onClick={() => {
            setSearch('');
            onChange({ search: '', from: '', to: '', storeId: '' });
          }}
        >
          Clear filters
        </Button>
      ) : null}
    </Box>
  );
}
