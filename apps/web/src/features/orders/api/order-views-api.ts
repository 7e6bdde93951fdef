import {
  DEFAULT_ORDER_LIST_PREFERENCES,
  type OrderListPreferences,
  type OrderListPreferencesUpdate,
  type OrderListView,
  type OrderListViewInput,
  type OrderListViewUpdate,
  type SuccessEnvelope,
} from '@shipdesk/contract';
import { api } from '@/lib/api/base-api';

function data<T>(response: SuccessEnvelope<T>): T {
  return response.data;
}

const PREFERENCES = { type: 'OrderListView', id: 'PREFERENCES' } as const;
const VIEWS = { type: 'OrderListView', id: 'LIST' } as const;

/**
 * The order list as the signed-in user keeps it (docs/orders.md, "The list as you keep it"): page size, density and
 * hidden columns, their saved views, and the requested services the filter offers.
 */
export const orderViewsApi = api.enhanceEndpoints({ addTagTypes: ['OrderListView'] }).injectEndpoints({
  endpoints: (build) => ({
    getOrderListPreferences: build.query<OrderListPreferences, void>({
      query: () => 'api/v1/orderListPreferences',
      transformResponse: data<OrderListPreferences>,
      providesTags: [PREFERENCES],
    }),
    /** Shown at once (the cache changes before the server answers); undone when the server refuses. */
    updateOrderListPreferences: build.mutation<OrderListPreferences, OrderListPreferencesUpdate>({
      query: (body) => ({ url: 'api/v1/orderListPreferences', method: 'PATCH', body }),
      transformResponse: data<OrderListPreferences>,
      async onQueryStarted(change, { dispatch, queryFulfilled }) {
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
      transformResponse: data<OrderListView[]>,
      providesTags: [VIEWS],
    }),
    createOrderView: build.mutation<OrderListView, OrderListViewInput>({
      query: (body) => ({ url: 'api/v1/orderListViews', method: 'POST', body }),
      transformResponse: data<OrderListView>,
      invalidatesTags: (_result, error) => (error?.status === 400 || error?.status === 409 ? [] : [VIEWS]),
    }),
    updateOrderView: build.mutation<OrderListView, { id: string; change: OrderListViewUpdate }>({
      query: ({ id, change }) => ({
        url: `api/v1/orderListViews/${encodeURIComponent(id)}`,
        method: 'PATCH',
        body: change,
      }),
      transformResponse: data<OrderListView>,
      invalidatesTags: (_result, error) => (error?.status === 400 || error?.status === 409 ? [] : [VIEWS]),
    }),
    deleteOrderView: build.mutation<{ id: string }, string>({
      query: (id) => ({ url: `api/v1/orderListViews/${encodeURIComponent(id)}`, method: 'DELETE' }),
      transformResponse: data<{ id: string }>,
      invalidatesTags: [VIEWS],
    }),
    requestedServices: build.query<string[], void>({
      query: () => 'call/orderList/requestedServices',
      transformResponse: data<string[]>,
    }),
  }),
});

export const {
  useGetOrderListPreferencesQuery,
  useUpdateOrderListPreferencesMutation,
  useListOrderViewsQuery,
  useCreateOrderViewMutation,
  useUpdateOrderViewMutation,
  useDeleteOrderViewMutation,
  useRequestedServicesQuery,
} = orderViewsApi;

/**
 * The user's list preferences, the defaults while they load or when they cannot be read (the list still works);
 * `settled` once the server answered either way, so the first page is asked with the right size.
 */
export function useOrderListPreferences() {
  const query = useGetOrderListPreferencesQuery();
  return {
    preferences: query.data ?? DEFAULT_ORDER_LIST_PREFERENCES,
    settled: !query.isLoading,
  };
}
