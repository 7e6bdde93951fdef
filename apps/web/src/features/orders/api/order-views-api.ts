import { useEffect, useState } from 'react';
import {
  DEFAULT_ORDER_LIST_PREFERENCES,
  ORDER_LIST_COLUMNS,
  ORDER_LIST_DENSITIES,
  ORDER_LIST_PAGE_SIZES,
  type OrderListPreferences,
  type OrderListPreferencesUpdate,
  type OrderListView,
  type OrderListViewInput,
  type OrderListViewUpdate,
} from '@shipdesk/contract';
import { api } from '@/lib/api/base-api';
import { envelopeData } from '@/lib/api/envelope-data';
import { forgetFirstRequests } from '@/lib/api/first-requests';
import { readJson, STORAGE_KEYS, writeItem } from '@/lib/storage/local-storage';
import { useHydrated } from '@/lib/hydration/use-hydrated';

const PREFERENCES = { type: 'OrderListView', id: 'PREFERENCES' } as const;
const VIEWS = { type: 'OrderListView', id: 'LIST' } as const;

/**
 * The order list as the signed-in user keeps it (docs/orders.md, "The list as you keep it"): page size, density and
 * hidden columns, their saved views, and the requested services the filter offers.
 */
const orderViewsApi = api.enhanceEndpoints({ addTagTypes: ['OrderListView'] }).injectEndpoints({
  endpoints: (build) => ({
    getOrderListPreferences: build.query<OrderListPreferences, void>({
      query: () => 'api/v1/orderListPreferences',
      transformResponse: envelopeData<OrderListPreferences>,
      providesTags: [PREFERENCES],
    }),
    /** Shown at once (the cache changes before the server answers); undone when the server refuses. */
    updateOrderListPreferences: build.mutation<OrderListPreferences, OrderListPreferencesUpdate>({
      query: (body) => ({ url: 'api/v1/orderListPreferences', method: 'PATCH', body }),
      transformResponse: envelopeData<OrderListPreferences>,
      async onQueryStarted(change, { dispatch, queryFulfilled }) {
        // The list's request carries the page size: what the last loads asked for may be stale now.
        forgetFirstRequests();
        const patch = dispatch(
          orderViewsApi.util.updateQueryData('getOrderListPreferences', undefined, (draft) => {
            Object.assign(draft, change);
          }),
        );
        try {
          const { data: saved } = await queryFulfilled;
          dispatch(orderViewsApi.util.upsertQueryData('getOrderListPreferences', undefined, saved));
        } catch {
          patch.undo();
        }
      },
    }),
    listOrderViews: build.query<OrderListView[], void>({
      query: () => 'api/v1/orderListViews',
      transformResponse: envelopeData<OrderListView[]>,
      providesTags: [VIEWS],
    }),
    createOrderView: build.mutation<OrderListView, OrderListViewInput>({
      query: (body) => ({ url: 'api/v1/orderListViews', method: 'POST', body }),
      transformResponse: envelopeData<OrderListView>,
      invalidatesTags: (_result, error) => (error?.status === 400 || error?.status === 409 ? [] : [VIEWS]),
    }),
    updateOrderView: build.mutation<OrderListView, { id: string; change: OrderListViewUpdate }>({
      query: ({ id, change }) => ({
        url: `api/v1/orderListViews/${encodeURIComponent(id)}`,
        method: 'PATCH',
        body: change,
      }),
      transformResponse: envelopeData<OrderListView>,
      invalidatesTags: (_result, error) => (error?.status === 400 || error?.status === 409 ? [] : [VIEWS]),
    }),
    deleteOrderView: build.mutation<{ id: string }, string>({
      query: (id) => ({ url: `api/v1/orderListViews/${encodeURIComponent(id)}`, method: 'DELETE' }),
      transformResponse: envelopeData<{ id: string }>,
      invalidatesTags: [VIEWS],
    }),
    requestedServices: build.query<string[], void>({
      query: () => 'call/orderList/requestedServices',
      transformResponse: envelopeData<string[]>,
    }),
  }),
});

export const {
  useUpdateOrderListPreferencesMutation,
  useListOrderViewsQuery,
  useCreateOrderViewMutation,
  useUpdateOrderViewMutation,
  useDeleteOrderViewMutation,
  useRequestedServicesQuery,
} = orderViewsApi;

/** The preferences last read on this browser (cleared at logout), or null when none are kept or they do not fit. */
function rememberedOrderListPreferences(): OrderListPreferences | null {
  const kept = readJson<Partial<OrderListPreferences>>(STORAGE_KEYS.orderListPreferences);
  if (!kept || typeof kept !== 'object') return null;
  const { pageSize, density, hiddenColumns } = kept;
  const fits =
    (ORDER_LIST_PAGE_SIZES as readonly unknown[]).includes(pageSize) &&
    (ORDER_LIST_DENSITIES as readonly unknown[]).includes(density) &&
    Array.isArray(hiddenColumns) &&
    hiddenColumns.every((column) => (ORDER_LIST_COLUMNS as readonly unknown[]).includes(column));
  return fits ? { pageSize: pageSize!, density: density!, hiddenColumns: hiddenColumns! } : null;
}

/**
 * The user's list preferences: the server's once it answered; meanwhile the ones last read on this browser, or the
 * defaults. `settled` once the server answered either way, or at once when preferences are remembered, so the first
 * page is asked with the right size without waiting for a round trip (a size changed elsewhere asks again).
 */
export function useOrderListPreferences() {
  const query = orderViewsApi.useGetOrderListPreferencesQuery();
  const [stored] = useState(rememberedOrderListPreferences);
  // The page's HTML is drawn with the defaults (it is the same for every user): the stored ones once hydrated.
  const remembered = useHydrated() ? stored : null;
  useEffect(() => {
    if (query.data) writeItem(STORAGE_KEYS.orderListPreferences, JSON.stringify(query.data));
  }, [query.data]);
  return {
    preferences: query.data ?? remembered ?? DEFAULT_ORDER_LIST_PREFERENCES,
    settled: !query.isLoading || remembered !== null,
  };
}
