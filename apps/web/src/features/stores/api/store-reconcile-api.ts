import type { ReconcileView } from '@shipdesk/contract';
import { api } from '@/lib/api/base-api';
import { envelopeData } from '@/lib/api/envelope-data';

/** A store's missing-orders check: the latest with its findings, a new one, and "Fetch and fix". */
const reconcileTag = (storeId: string) => ({ type: 'Store' as const, id: `reconcile:${storeId}` });
const reconcilePath = (storeId: string) => `call/store/${encodeURIComponent(storeId)}/reconcile`;

const storeReconcileApi = api.injectEndpoints({
  endpoints: (build) => ({
    storeReconcile: build.query<ReconcileView, string>({
      query: (storeId) => reconcilePath(storeId),
      transformResponse: envelopeData<ReconcileView>,
      providesTags: (_result, _error, storeId) => [reconcileTag(storeId)],
    }),
    startStoreReconcile: build.mutation<ReconcileView, { storeId: string; days: number }>({
      query: ({ storeId, days }) => ({ url: reconcilePath(storeId), method: 'POST', body: { days } }),
      transformResponse: envelopeData<ReconcileView>,
      invalidatesTags: (_result, error, { storeId }) => (error ? [] : [reconcileTag(storeId)]),
    }),
    fixStoreReconcile: build.mutation<ReconcileView, string>({
      query: (storeId) => ({ url: `${reconcilePath(storeId)}/fix`, method: 'POST' }),
      transformResponse: envelopeData<ReconcileView>,
      invalidatesTags: (_result, error, storeId) => (error ? [] : [reconcileTag(storeId)]),
    }),
  }),
});

export const { useStoreReconcileQuery, useStartStoreReconcileMutation, useFixStoreReconcileMutation } =
  storeReconcileApi;
