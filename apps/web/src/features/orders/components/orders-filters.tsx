import { useEffect, useId, useState } from 'react';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import FilterListOutlined from '@mui/icons-material/FilterListOutlined';
import { PAYMENT_STATUSES, SHIPMENT_STATUSES, type Store } from '@shipdesk/contract';
import { AddressCheckFilterSelect } from '../address-check/address-check-filter-select';
import { ParcelFilterSelect } from '../tracking/parcel-filter-select';
import { activeFilters, CLEARED_FILTERS, type OrderListParams } from '../list-params';
import { OrdersColumnChooser, OrdersDensityToggle } from './orders-column-chooser';
import { DayFilterField, RequestedServiceFilter, StatusesSelect } from './orders-filter-inputs';
import { OrdersViewMenu } from './orders-view-menu';

const SEARCH_DELAY_MS = 350;
const MANUAL_STORE = 'manual';

interface OrdersFiltersProps {
  params: OrderListParams;
  stores: readonly Pick<Store, 'id' | 'name'>[];
  onChange(change: Partial<OrderListParams>): void;
}

/** A store's name for the chips and the empty list's words. */
export function storeNamer(stores: readonly Pick<Store, 'id' | 'name'>[]) {
  return (id: string) =>
    id === MANUAL_STORE ? 'Orders added by hand' : (stores.find((store) => store.id === id)?.name ?? `Store ${id}`);
}

/**
 * The list's filters: search, order date range, store, payment and shipment status, requested service, address check,
 * delivery;
 * the filters in force as chips (Delete or Backspace on a chip removes it); the user's saved views, columns and row
 * density. The search waits for a pause in typing before it asks the server. On a phone the filters but the search
 * fold behind a "Filters" button (the list's cards come first), and the columns and density, which the cards do not
 * have, are left out.
 */
export function OrdersFilters({ params, stores, onChange }: OrdersFiltersProps) {
  const [search, setSearch] = useState(params.search);

  // Back/forward or a cleared filter changes the URL: show what it says.
  useEffect(() => setSearch(params.search), [params.search]);

  useEffect(() => {
    if (search === params.search) return undefined;
    const timer = setTimeout(() => onChange({ search }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, params.search, onChange]);

  const active = activeFilters(params, storeNamer(stores));
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const [unfolded, setUnfolded] = useState(false);
  const moreId = useId();
  const folded = phone && !unfolded;
  const inForce = active.filter((filter) => filter.key !== 'search').length;

  return (
    <Box sx={{ px: 2, pt: 2, pb: 1 }}>
      <Box role="search" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
        <TextField
          size="small"
          type="search"
          label="Search"
          placeholder="Name, e-mail, order, SKU, tracking…"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') onChange({ search });
          }}
          sx={{ flex: '1 1 280px', maxWidth: 420 }}
          slotProps={{
            htmlInput: {
              maxLength: 100,
              title:
                'Any word of a name, an e-mail, an order number or channel id, a SKU, a tracking number, a city or postcode',
            },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchOutlined fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        {phone ? (
          <Button
            size="small"
            variant={inForce > 0 ? 'contained' : 'outlined'}
            startIcon={<FilterListOutlined />}
            aria-expanded={unfolded}
            aria-controls={moreId}
            onClick={() => setUnfolded((open) => !open)}
          >
            {inForce > 0 ? `Filters (${inForce})` : 'Filters'}
          </Button>
        ) : null}
        <Box id={moreId} sx={{ display: folded ? 'none' : 'contents' }}>
          <DayFilterField label="From" value={params.from} max={params.to} onChange={(from) => onChange({ from })} />
          <DayFilterField label="To" value={params.to} min={params.from} onChange={(to) => onChange({ to })} />
          {stores.length > 0 ? (
            <TextField
              select
              size="small"
              label="Store"
              value={params.storeId}
              onChange={(event) => onChange({ storeId: event.target.value })}
              sx={{ width: 190 }}
              slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
            >
              <MenuItem value="">All stores</MenuItem>
              <MenuItem value={MANUAL_STORE}>Orders added by hand</MenuItem>
              {stores.map((store) => (
                <MenuItem key={store.id} value={store.id}>
                  {store.name}
                </MenuItem>
              ))}
            </TextField>
          ) : null}
          <StatusesSelect
            label="Payment"
            anyLabel="Any payment"
            options={PAYMENT_STATUSES}
            value={params.paymentStatus}
            onChange={(paymentStatus) => onChange({ paymentStatus })}
          />
          <StatusesSelect
            label="Shipment"
            anyLabel="Any shipment"
            options={SHIPMENT_STATUSES}
            value={params.shipmentStatus}
            onChange={(shipmentStatus) => onChange({ shipmentStatus })}
          />
          <RequestedServiceFilter
            value={params.requestedService}
            onChange={(requestedService) => onChange({ requestedService })}
          />
          <AddressCheckFilterSelect
            value={params.addressCheck}
            onChange={(addressCheck) => onChange({ addressCheck })}
          />
          <ParcelFilterSelect value={params.parcelStatus} onChange={(parcelStatus) => onChange({ parcelStatus })} />
        </Box>
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mt: 1.5, minHeight: 32 }}>
        {active.length > 0 ? (
          <Box
            component="ul"
            aria-label="Filters in force"
            sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', m: 0, p: 0 }}
          >
            {active.map((filter) => (
              <li key={filter.key}>
                <Chip
                  size="small"
                  label={filter.label}
                  onDelete={() => {
                    if (filter.key === 'search') setSearch('');
                    onChange(filter.clear);
                  }}
                  aria-label={`${filter.label}. Press Delete to remove this filter`}
                  sx={{ maxWidth: 320 }}
                />
              </li>
            ))}
          </Box>
        ) : null}
        {active.length > 0 ? (
          <Button
            size="small"
            onClick={() => {
              setSearch('');
              onChange(CLEARED_FILTERS);
            }}
          >
            Clear filters
          </Button>
        ) : null}
        <Box sx={{ flex: 1 }} />
        <OrdersViewMenu params={params} />
        {phone ? null : <OrdersColumnChooser />}
        {phone ? null : <OrdersDensityToggle />}
      </Box>
    </Box>
  );
}
