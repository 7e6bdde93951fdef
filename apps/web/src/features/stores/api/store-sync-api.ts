import type { ConnectableStore, ConnectionResult, SuccessEnvelope, SyncRun, TestConnection } from '@shipdesk/contract';
import { STORE_LIST_TAG, storeTag } from '@/entities/stores/stores-api';
import { api } from '@/lib/api/base-api';
import { envelopeData } from '@/lib/api/envelope-data';

/**
 * Cache tags of this screen besides the stores' own (entities/stores): each store's sync log, so a sync that ends
 * refreshes that store's log without refetching the other stores' logs, and the marketplace installs.
 */
export const CONNECTABLE_TAG = { type: 'Store', id: 'CONNECTABLE' } as const;
export const syncRunsTag = (storeId: string) => ({ type: 'Store' as const, id: `runs:${storeId}` });

/** What a change of one store makes stale on this screen. */
export const tagsForStoreChange = (storeId: string) => [
  STORE_LIST_TAG,
  storeTag(storeId),
  syncRunsTag(storeId),
  CONNECTABLE_TAG,
];

function rows<T>(response: SuccessEnvelope<{ rows: T[] }>): T[] {
  return response.data.rows;
}

const storePath = (id: string) => `call/store/${encodeURIComponent(id)}`;

/**
 * The store calls of spec 7.3 that talk to a store's platform (a connection test, a pull and its sync log) and the
 * marketplace installs; the stores themselves are entities/stores.
 */
const storeSyncApi = api.injectEndpoints({
  endpoints: (build) => ({
    testStoreConnection: build.mutation<ConnectionResult, TestConnection>({
      query: (body) => ({ url: 'call/store/testConnection', method: 'POST', body }),
      transformResponse: envelopeData<ConnectionResult>,
    }),
    pullStoreOrders: build.mutation<SyncRun, string>({
      query: (storeId) => `${storePath(storeId)}/pullOrders`,
      transformResponse: envelopeData<SyncRun>,
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
  useTestStoreConnectionMutation,
  usePullStoreOrdersMutation,
  useListSyncRunsQuery,
  useConnectableStoresQuery,
} = storeSyncApi;
