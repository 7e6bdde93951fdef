import { Suspense, useEffect, useId, useState, memo } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FilterListOutlined from '@mui/icons-material/FilterListOutlined';
import type { Store } from '@shipdesk/contract';
import { activeFilters, CLEARED_FILTERS, type OrderListParams } from '../list-params';
import { OrdersColumnChooser, OrdersDensityToggle } from './orders-column-chooser';
import { FilterChipPlaceholders } from './orders-filter-chip-placeholders';
import { FilterFieldPlaceholders, type FilterReach } from './orders-filter-placeholders';
import { OrdersSearchField } from './orders-search-field';
import { lazyLoaded, loadOnce, useLoadedWhenIdle, useWhenIdle } from '@/lib/lazy/lazy-load';
import { OrdersViewMenu } from './orders-view-menu';

const loadFields = loadOnce(() => import('./orders-filter-fields'));
const OrdersFilterFields = lazyLoaded(loadFields, (m) => m.OrdersFilterFields);
const loadChips = loadOnce(() => import('./orders-filter-chips'));
const OrdersFilterChips = lazyLoaded(loadChips, (m) => m.OrdersFilterChips);

const SEARCH_DELAY_MS = 350;
/** The store filter's value for the orders added by hand. */
export const MANUAL_STORE = 'manual';
/** Where the filters fold: below MUI's sm breakpoint (a phone), as orders-filters.css says. */
const WIDE = '(min-width: 600px)';

interface OrdersFiltersProps {
  params: OrderListParams;
  stores: readonly Pick<Store, 'id' | 'name'>[];
  /** The stores are still being asked for: the store filter keeps its place (most sellers have stores). */
  storesLoading?: boolean;
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
 * the filters in force as chips (Delete or Backspace on a chip removes it; their code loaded at idle, or when the
 * list opens with filters, look-alikes meanwhile); the user's saved views, columns and row density. The search waits for a pause in typing before it asks the server. On a phone the filters but the search
 * fold behind a "Filters" button (the list's cards come first), and the columns and density, which the cards do not
 * have, are left out; both by CSS (orders-filters.css), so the first render is the same at every width.
 *
 * The search is a plain input drawn as MUI's field (orders-search-field.tsx). The first render draws look-alike
 * placeholders of the fields (orders-filter-placeholders.tsx), not MUI's: their code comes when the browser is idle
 * after the first paint (only on a wide screen, on a phone when they are unfolded), or when the seller reaches for
 * one (which opens once it is there).
 */
export const OrdersFilters = memo(function OrdersFilters({
  params,
  stores,
  storesLoading = false,
  onChange,
}: OrdersFiltersProps) {
  const [search, setSearch] = useState(params.search);

  // Back/forward or a cleared filter changes the URL: show what it says.
  useEffect(() => setSearch(params.search), [params.search]);

  useEffect(() => {
    if (search === params.search) return undefined;
    const timer = setTimeout(() => onChange({ search }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, params.search, onChange]);

  const active = activeFilters(params, storeNamer(stores));
  const [unfolded, setUnfolded] = useState(false);
  const [reach, setReach] = useState<FilterReach | null>(null);
  const moreId = useId();
  const inForce = active.filter((filter) => filter.key !== 'search').length;

  // A phone's folded fields are neither drawn nor loaded until they are unfolded.
  const [wide] = useState(
    () => typeof window === 'undefined' || typeof window.matchMedia !== 'function' || window.matchMedia(WIDE).matches,
  );
  const fieldsLive = useLoadedWhenIdle(loadFields, unfolded || reach !== null, wide);
  // The chips' code, there before a first filter is chosen (drawn at once when the list opens with filters).
  useWhenIdle(() => void loadChips().catch(() => undefined));

  const placeholders = (
    <FilterFieldPlaceholders
      params={params}
      stores={stores}
      storesLoading={storesLoading}
      storeName={storeNamer(stores)}
      onReach={(next) => setReach((current) => current ?? next)}
    />
  );

  return (
    <Box sx={{ px: 2, pt: 2, pb: 1 }}>
      <Box role="search" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
        <OrdersSearchField value={search} onChange={setSearch} onEnter={() => onChange({ search })} />
        <Button
          size="small"
          className="sd-orders-filters-toggle"
          variant={inForce > 0 ? 'contained' : 'outlined'}
          startIcon={<FilterListOutlined />}
          aria-expanded={unfolded}
          aria-controls={moreId}
          onClick={() => setUnfolded((open) => !open)}
        >
          {inForce > 0 ? `Filters (${inForce})` : 'Filters'}
        </Button>
        <div id={moreId} className="sd-orders-filter-fields" data-folded={!unfolded}>
          {fieldsLive ? (
            <Suspense fallback={placeholders}>
              <OrdersFilterFields
                params={params}
                stores={stores}
                storesLoading={storesLoading}
                onChange={onChange}
                containerId={moreId}
                reach={reach}
              />
            </Suspense>
          ) : (
            placeholders
          )}
        </div>
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mt: 1.5, minHeight: 32 }}>
        {active.length > 0 ? (
          <Box
            component="ul"
            aria-label="Filters in force"
            sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', m: 0, p: 0 }}
          >
            <Suspense fallback={<FilterChipPlaceholders filters={active} />}>
              <OrdersFilterChips
                filters={active}
                onRemove={(key) => {
                  const filter = active.find((each) => each.key === key);
                  if (!filter) return;
                  if (filter.key === 'search') setSearch('');
                  onChange(filter.clear);
                }}
              />
            </Suspense>
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
        <div className="sd-orders-table-settings">
          <OrdersColumnChooser />
          <OrdersDensityToggle />
        </div>
      </Box>
    </Box>
  );
});
