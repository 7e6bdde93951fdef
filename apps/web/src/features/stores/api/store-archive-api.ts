import { MAX_PAGE_SIZE, type RemovalResult, type Store, type StoreList } from '@shipdesk/contract';
import { STORE_LIST_TAG, storeTag } from '@/entities/stores/stores-api';
import { api } from '@/lib/api/base-api';
import { envelopeData } from '@/lib/api/envelope-data';

/**
 * Archiving a store (DELETE /api/v1/stores/{id}: stores are never deleted, their orders stay, syncing stops), the
 * archived stores, and their restore. Every list and picker of stores reads the same tags.
 */
const storeArchiveApi = api.injectEndpoints({
  endpoints: (build) => ({
    archiveStore: build.mutation<RemovalResult, string>({
      query: (id) => ({ url: `api/v1/stores/${encodeURIComponent(id)}`, method: 'DELETE' }),
      transformResponse: envelopeData<RemovalResult>,
      invalidatesTags: (_result, error, id) =>
        error ? [] : [STORE_LIST_TAG, storeTag(id), 'StoreMapping', 'SetupGuide'],
    }),
    restoreStore: build.mutation<Store, string>({
      query: (id) => ({ url: `api/v1/stores/${encodeURIComponent(id)}/restore`, method: 'POST' }),
      transformResponse: envelopeData<Store>,
      invalidatesTags: (_result, error, id) =>
        error ? [] : [STORE_LIST_TAG, storeTag(id), 'StoreMapping', 'SetupGuide'],
    }),
    listArchivedStores: build.query<Store[], void>({
      query: () => `api/v1/stores?archived=true&size=${MAX_PAGE_SIZE}&page=1`,
      transformResponse: (response: { data: StoreList }) => response.data.rows.filter((s) => s.archivedAt),
      providesTags: [STORE_LIST_TAG],
    }),
  }),
});

export const { useArchiveStoreMutation, useRestoreStoreMutation, useListArchivedStoresQuery } = storeArchiveApi;
