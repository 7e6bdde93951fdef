import type { BoxSize, BoxSizeInput } from '@shipdesk/contract';
import { api } from '@/lib/api/base-api';
import { envelopeData } from '@/lib/api/envelope-data';

/** Every screen that lists the boxes reads them under this tag, so a box saved in Settings is fresh everywhere. */
const BOX_SIZE_TAG = 'BoxSize' as const;

/**
 * The seller's boxes (GET/POST /api/v1/orderBoxSizes, PUT /{id}): edited in Settings, chosen for a label's parcel
 * and for an order's box. The rule editor's reference lists (getPackageSizes) carry them too, so a save refreshes
 * those as well.
 */
const boxSizesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Live boxes (what pickers offer); `{ archived: true }` adds the archived ones an order may still name. */
    listBoxSizes: build.query<BoxSize[], { archived: true } | void>({
      query: (args) => (args?.archived ? 'api/v1/orderBoxSizes?archived=true' : 'api/v1/orderBoxSizes'),
      transformResponse: envelopeData<BoxSize[]>,
      providesTags: [BOX_SIZE_TAG],
    }),
    saveBoxSize: build.mutation<BoxSize, { id?: string; body: BoxSizeInput }>({
      query: ({ id, body }) =>
        id
          ? { url: `api/v1/orderBoxSizes/${encodeURIComponent(id)}`, method: 'PUT', body }
          : { url: 'api/v1/orderBoxSizes', method: 'POST', body },
      transformResponse: envelopeData<BoxSize>,
      invalidatesTags: (_result, error) => (error ? [] : [BOX_SIZE_TAG, 'Reference']),
    }),
  }),
});

export const { useListBoxSizesQuery, useSaveBoxSizeMutation } = boxSizesApi;
