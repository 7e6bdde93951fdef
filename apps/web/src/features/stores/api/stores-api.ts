import type {
  ConnectableStore,
  ConnectionResult,
  CreateStore,
  Store,
  StoreList,
  SuccessEnvelope,
  SyncRun,
  TestConnection,
  UpdateStore,
} from '@shipdesk/contract';
import { api } from '@/lib/api/base-api';

export interface StoreListArgs {
  page: number;
  size: number;
}

/**
 * Cache tags of this screen. The list, each store and each store's sync log have their own id, so a sync that ends
 * refreshes that store's rows without refetching the other stores' logs. Plain 'Store' (no id) reaches every store
 * query of the app, including the order list's store filter.
 */
export const STORE_LIST_TAG = { type: 'Store', id: 'LIST' } as const;
export const CONNECTABLE_TAG = { type: 'Store', id: 'CONNECTABLE' } as const;
export const storeTag = (id: string) => ({ type: 'Store' as const, id });
export const syncRunsTag = (storeId: string) => ({ type: 'Store' as const, id: `runs:${storeId}` });

/** What a change of one store makes stale on this screen. */
export const tagsForStoreChange = (storeId: string) => [
  STORE_LIST_TAG,
  storeTag(storeId),
  syncRunsTag(storeId),
  CONNECTABLE_TAG,
];

function data<T>(response: SuccessEnvelope<T>): T {
  return response.data;
}

function rows<T>(response: SuccessEnvelope<{ rows: T[] }>): T[] {
  return response.data.rows;
}

const storePath = (id: string) => `call/store/${encodeURIComponent(id)}`;

/** The store calls of spec 7.3 (one declaration per operation; tags say what each change refreshes). */
export const storesApi = api.injectEndpoints({
  endpoints: (build) => ({
    listStores: build.query<StoreList, StoreListArgs>({
      query: ({ page, size }) => `api/v1/stores?${new URLSearchParams({ size: String(size), page: String(page) })}`,
      transformResponse: data<StoreList>,
      providesTags: (result) => [STORE_LIST_TAG, ...(result?.rows ?? []).map((row) => storeTag(row.id))],
    }),
    createStore: build.mutation<Store, CreateStore>({
      query: (body) => ({ url: 'api/v1/stores', method: 'POST', body }),
      transformResponse: data<Store>,
      // Every store query (the order list's store filter too), and the steps that count stores.
      invalidatesTags: (_result, error) => (error ? [] : ['Store', 'SetupGuide', 'Dashboard']),
    }),
    updateStore: build.mutation<Store, { id: string; body: UpdateStore }>({
      query: ({ id, body }) => ({ url: `api/v1/stores/${encodeURIComponent(id)}`, method: 'PUT', body }),
      transformResponse: data<Store>,
      invalidatesTags: (_result, error) => (error ? [] : ['Store']),
    }),
    testStoreConnection: build.mutation<ConnectionResult, TestConnection>({
      query: (body) => ({ url: 'call/store/testConnection', method: 'POST', body }),
      transformResponse: data<ConnectionResult>,
    }),
    pullStoreOrders: build.mutation<SyncRun, string>({
      query: (storeId) => `${storePath(storeId)}/pullOrders`,
      transformResponse: data<SyncRun>,
      invalidatesTags: (_result, error, storeId) => (error ? [] : [storeTag(storeId), syncRunsTag(storeId)]),
    }),
    listSyncRuns: build.query<SyncRun[], string>({
      query: (storeId) => `${storePath(storeId)}/syncRuns`,
      transformResponse: rows<SyncRun>,
      providesTags: (_result, _error, storeId) => [syncRunsTag(storeId)],
    }),
    /** Marketplace installs (POST with an empty filter, as the API asks). */
    connectableStores: build.query<ConnectableStore[], void>({
      query: () => ({ url: 'api/v1/cqConnect/stores', method: 'POST', body: {} }),
      transformResponse: rows<ConnectableStore>,
      providesTags: [CONNECTABLE_TAG],
    }),
  }),
});

export const {
  useListStoresQuery,
  useCreateStoreMutation,
  useUpdateStoreMutation,
  useTestStoreConnectionMutation,
  usePullStoreOrdersMutation,
  useListSyncRunsQuery,
  useConnectableStoresQuery,
} = storesApi;
