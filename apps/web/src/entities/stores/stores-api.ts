import { MAX_PAGE_SIZE, type CreateStore, type Store, type StoreList, type UpdateStore } from '@shipdesk/contract';
import { api } from '@/lib/api/base-api';
import { envelopeData } from '@/lib/api/envelope-data';

interface StoreListArgs {
  page: number;
  size: number;
}

/** Every store of the tenant in one page, for the screens that name or choose stores (filters, store mappings). */
export const ALL_STORES: StoreListArgs = { page: 1, size: MAX_PAGE_SIZE };

/**
 * Cache tags of the stores. The list and each store have their own id, so a change of one store refreshes the lists
 * that show it without refetching what belongs to the others. Plain 'Store' (no id) reaches every store query of the
 * app: the stores screen, the order list's store filter, the store mappings and the rule sets (one per store).
 */
export const STORE_LIST_TAG = { type: 'Store', id: 'LIST' } as const;
export const storeTag = (id: string) => ({ type: 'Store' as const, id });

/** The stores (spec 7.3): one list, read by every screen that shows stores, and the changes that make it stale. */
const storesApi = api.injectEndpoints({
  endpoints: (build) => ({
    listStores: build.query<StoreList, StoreListArgs>({
      query: ({ page, size }) => `api/v1/stores?${new URLSearchParams({ size: String(size), page: String(page) })}`,
      transformResponse: envelopeData<StoreList>,
      providesTags: (result) => [STORE_LIST_TAG, ...(result?.rows ?? []).map((row) => storeTag(row.id))],
    }),
    createStore: build.mutation<Store, CreateStore>({
      query: (body) => ({ url: 'api/v1/stores', method: 'POST', body }),
      transformResponse: envelopeData<Store>,
      // Every store query, and the steps and figures that count stores.
      invalidatesTags: (_result, error) => (error ? [] : ['Store', 'SetupGuide', 'Dashboard']),
    }),
    updateStore: build.mutation<Store, { id: string; body: UpdateStore }>({
      query: ({ id, body }) => ({ url: `api/v1/stores/${encodeURIComponent(id)}`, method: 'PUT', body }),
      transformResponse: envelopeData<Store>,
      invalidatesTags: (_result, error) => (error ? [] : ['Store']),
    }),
  }),
});

export const { useListStoresQuery, useCreateStoreMutation, useUpdateStoreMutation } = storesApi;
