import type { CreateLabelBatch, LabelBatch, LabelBatchDetail, SuccessEnvelope } from '@shipdesk/contract';
import { api } from '@/lib/api/base-api';
import { fetchBlob } from '@/lib/api/fetch-blob';

const batchTag = (id: string) => ({ type: 'LabelBatch' as const, id });
const LIST = { type: 'LabelBatch' as const, id: 'LIST' };

/** Label batches: start one, follow it (realtime `labels:batch` refreshes these), retry its failures. */
export const labelBatchesApi = api.injectEndpoints({
  endpoints: (build) => ({
    listLabelBatches: build.query<LabelBatch[], void>({
      query: () => 'call/labelBatches',
      transformResponse: (response: SuccessEnvelope<LabelBatch[]>) => response.data,
      providesTags: [LIST],
    }),
    getLabelBatch: build.query<LabelBatchDetail, string>({
      query: (id) => `call/labelBatches/${encodeURIComponent(id)}`,
      transformResponse: (response: SuccessEnvelope<LabelBatchDetail>) => response.data,
      providesTags: (_result, _error, id) => [batchTag(id)],
    }),
    createLabelBatch: build.mutation<LabelBatch, CreateLabelBatch>({
      query: (body) => ({ url: 'call/labelBatches', method: 'POST', body }),
      transformResponse: (response: SuccessEnvelope<LabelBatch>) => response.data,
      invalidatesTags: [LIST],
    }),
    retryLabelBatch: build.mutation<LabelBatch, string>({
      query: (id) => ({ url: `call/labelBatches/${encodeURIComponent(id)}/retry`, method: 'POST' }),
      transformResponse: (response: SuccessEnvelope<LabelBatch>) => response.data,
      invalidatesTags: (_result, _error, id) => [LIST, batchTag(id)],
    }),
  }),
});

export const {
  useListLabelBatchesQuery,
  useGetLabelBatchQuery,
  useCreateLabelBatchMutation,
  useRetryLabelBatchMutation,
} = labelBatchesApi;

/** A batch's labels as one document (PDF, or a ZPL stream), or its packing slips. Rejects with an ApiError. */
export function fetchBatchDocument(id: string, packingSlips: boolean): Promise<Blob> {
  return fetchBlob(`/call/labelBatches/${encodeURIComponent(id)}/document${packingSlips ? '?packingSlips=true' : ''}`);
}
