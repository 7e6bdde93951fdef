import type { BoxSize, BoxSizeInput, SuccessEnvelope } from '@shipdesk/contract';
import { api } from '@/lib/api/base-api';

const BOX_SIZES = 'BoxSize' as const;

function data<T>(response: SuccessEnvelope<T>): T {
  return response.data;
}

/**
 * The seller's boxes (GET/POST /api/v1/orderBoxSizes, PUT /{id}). The reference lists (getPackageSizes) carry them
 * too, so a change refreshes those as well.
 */
export const boxSizesApi = api.enhanceEndpoints({ addTagTypes: [BOX_SIZES] }).injectEndpoints({
  endpoints: (build) => ({
    listBoxSizes: build.query<BoxSize[], void>({
      query: () => 'api/v1/orderBoxSizes',
      transformResponse: data<BoxSize[]>,
      providesTags: [BOX_SIZES],
    }),
    saveBoxSize: build.mutation<BoxSize, { id?: string; body: BoxSizeInput }>({
      query: ({ id, body }) =>
        id
          ? { url: `api/v1/orderBoxSizes/${encodeURIComponent(id)}`, method: 'PUT', body }
          : { url: 'api/v1/orderBoxSizes', method: 'POST', body },
      transformResponse: data<BoxSize>,
      invalidatesTags: (_result, error) => (error ? [] : [BOX_SIZES, 'Reference']),
    }),
  }),
});

export const { useListBoxSizesQuery, useSaveBoxSizeMutation } = boxSizesApi;
