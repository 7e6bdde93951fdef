import { useCallback, useMemo, useRef } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import type { OrderSort, OrderSummary, Store } from '@shipdesk/contract';
import { ProgressBar } from '@/components/progress/progress';
import { QueryError } from '@/components/query-error';
import { ALL_STORES, useListStoresQuery } from '@/entities/stores/stores-api';
import { useTenantCurrencyQuery } from '@/lib/api/tenant-configs';
import { usePageDrawn } from '@/lib/lazy/page-drawn';
import { useTenantTimeZone } from '@/lib/state/tenant-time-zone';
import { BULK_ACTIONS_BAR_COVERS } from './components/bulk-actions-bar';
import { BulkReport } from './components/bulk-report';
import { NoOrders } from './components/no-orders';
import { OrderStatusTabs } from './components/order-status-tabs';
import { OrdersFilters, storeNamer } from './components/orders-filters';
import { OrdersListEmpty } from './components/orders-list-empty';
import { OrdersPagination } from './components/orders-pagination';
import { OrdersList } from './components/orders-list';
import { OrdersListToolbar } from './components/orders-list-toolbar';
import { OrdersPageHeader } from './components/orders-page-header';
import { useOrderList } from './hooks/use-order-list';
import { useOrderSelection } from './hooks/use-order-selection';
import { useOrdersRealtime } from './hooks/use-orders-realtime';
import { activeFilters, CLEARED_FILTERS, hasFilters, withQueryChange } from './list-params';
import type { OrdersPageSlots } from './orders-page-slots';

const NO_STORES: readonly Store[] = [];
const NO_ROWS: readonly OrderSummary[] = [];

/**
 * /, /orders and /orders/:filterStatus (spec 2.2): the order list with status tabs, filters and paging. `slots` are
 * the parts other features draw (app/ gives them): a banner above the list, actions on the selection.
 */
export function OrdersPage({ slots = {} }: { slots?: OrdersPageSlots }) {
  const { listBanner: ListBanner, selectionActions: SelectionActions } = slots;
  useOrdersRealtime();
  const {
    filterStatus,
    status,
    unknownStatus,
    params,
    args,
    list,
    navigateTo,
    changeQuery,
    writeParams,
    preferencesSettled,
  } = useOrderList();
  const timeZone = useTenantTimeZone();
  const { data: settings } = useTenantCurrencyQuery();
  // The store filter: kept in place while the stores load (most sellers have some); no stores hides it.
  const storesQuery = useListStoresQuery(ALL_STORES);
  const stores = storesQuery.data?.rows ?? NO_STORES;
  const data = list.data;
  const rowsForArgs = list.currentData?.rows;
  const selection = useOrderSelection(JSON.stringify(args), rowsForArgs);
  // Where the focus goes when the bulk report is closed: the list that follows it (its tabs, filters and rows).
  const listRef = useRef<HTMLElement>(null);
  const failed = list.isError && !list.isFetching;
  // The list is memoised: its props stay the same objects while other requests of the page start and answer.
  const onSort = useCallback((sort: OrderSort) => changeQuery({ sort }), [changeQuery]);
  const empty = useMemo(
    () =>
      failed ? null : (
        <OrdersListEmpty
          filtered={hasFilters(params)}
          filters={activeFilters(params, storeNamer(stores)).map((filter) => filter.label)}
          status={status}
          onClearFilters={() => changeQuery(CLEARED_FILTERS)}
        />
      ),
    [failed, params, stores, status, changeQuery],
  );

  const header = (
    <OrdersPageHeader
      status={status}
      unknownStatus={unknownStatus ? (filterStatus ?? '') : null}
      args={args}
      locale={settings?.locale}
    />
  );
  const noOrdersAtAll =
    list.currentData !== undefined &&
    list.currentData.total === 0 &&
    !status &&
    !hasFilters(params) &&
    params.page === 1;
  // Drawn without the list (which says so itself once its rows are drawn).
  usePageDrawn(unknownStatus || noOrdersAtAll);
  if (unknownStatus) return header;
  if (noOrdersAtAll) {
    return (
      <>
        {header}
        <NoOrders />
      </>
    );
  }

  // The first page waits for the user's page size (useOrderList): skeleton rows meanwhile.
  const firstLoad = data === undefined && (list.isFetching || !preferencesSettled);
  const current = list.currentData;
  const hasNext = current
    ? current.nextCursor !== null || (!current.totalIsEstimate && params.page * params.size < current.total)
    : false;

  return (
    <>
      {header}
      {selection.report ? (
        <BulkReport report={selection.report} onClose={selection.dismissReport} focusAfterClose={listRef} />
      ) : null}
      {ListBanner ? <ListBanner locale={settings?.locale ?? 'en'} focusAfterClose={listRef} /> : null}
      <Paper
        ref={listRef}
        component="section"
        aria-label="Order list"
        tabIndex={-1}
        variant="outlined"
        sx={{
          // Clipped to its corners without being a scroll box of its own ('hidden' is one): the bulk actions bar
          // sticks to the page's scrolling, not to this box's, which never scrolls.
          overflow: 'clip',
          // A row given the focus (arrow keys) scrolls out from under the stuck bar.
          ...(selection.selected.size > 0 ? { '& [data-order-id]': { scrollMarginTop: BULK_ACTIONS_BAR_COVERS } } : {}),
        }}
      >
        <OrderStatusTabs
          status={status}
          counts={data?.statusCounts}
          estimate={data?.totalIsEstimate ?? false}
          search={writeParams(withQueryChange(params, {})).toString()}
        />
        <OrdersListToolbar
          selection={selection}
          SelectionActions={SelectionActions}
          filters={
            <OrdersFilters
              params={params}
              stores={stores}
              storesLoading={storesQuery.isLoading}
              onChange={changeQuery}
            />
          }
        />
        <Box sx={{ height: 4 }}>{list.isFetching && !firstLoad ? <ProgressBar label="Loading orders" /> : null}</Box>
        {failed ? (
          <QueryError
            error={list.error}
            fallback="Could not load the orders."
            refetch={list.refetch}
            isFetching={list.isFetching}
            sx={{ mx: 2, mb: 2 }}
          />
        ) : null}
        <OrdersList
          rows={failed ? NO_ROWS : (rowsForArgs ?? data?.rows)}
          loadingRows={firstLoad ? params.size : null}
          stale={list.isFetching && !firstLoad && rowsForArgs === undefined}
          sort={params.sort}
          onSort={onSort}
          selected={selection.selected}
          onToggle={selection.toggle}
          onToggleAll={selection.toggleAll}
          timeZone={timeZone}
          locale={settings?.locale ?? 'en'}
          empty={empty}
        />
        <OrdersPagination
          page={params.page}
          size={params.size}
          rowCount={(rowsForArgs ?? data?.rows ?? []).length}
          total={data?.total ?? null}
          totalIsEstimate={data?.totalIsEstimate ?? false}
          hasPrev={params.page > 1}
          hasNext={hasNext && !list.isFetching}
          onPrev={() =>
            navigateTo({
              ...params,
              page: params.page - 1,
              cursor: params.page - 1 > 1 ? (current?.prevCursor ?? null) : null,
            })
          }
          onNext={() => navigateTo({ ...params, page: params.page + 1, cursor: current?.nextCursor ?? null })}
          onSize={(size) => changeQuery({ size })}
        />
      </Paper>
    </>
  );
}
