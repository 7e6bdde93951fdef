import {
  MAX_PAGE_SIZE,
  type CarrierMapping,
  type CarrierMappingInput,
  type CarrierMappingList,
  type StoreMapping,
  type StoreMappingData,
  type StoreMappingList,
  type SuccessEnvelope,
} from '@shipdesk/contract';
import { SHIP_METHOD_CHANGE_TAGS } from '@/entities/ship-methods/ship-methods-api';
import { api } from '@/lib/api/base-api';
import { envelopeData } from '@/lib/api/envelope-data';

const byMethod = (shipMethodId: string) =>
  new URLSearchParams({ ship_method: shipMethodId, size: String(MAX_PAGE_SIZE), page: '1' }).toString();

/**
 * The carrier and store mappings of the shipping methods (spec 7.5); every change asks the server to re-resolve, and
 * changes the methods' `mapped` flag and the unmapped services (SHIP_METHOD_CHANGE_TAGS).
 */
export const shipMethodMappingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listCarrierMappings: build.query<CarrierMapping[], string>({
      query: (shipMethodId) => `api/v1/shipMethodCarrierMethodMappings?${byMethod(shipMethodId)}`,
      transformResponse: (response: SuccessEnvelope<CarrierMappingList>) => response.data.rows,
      providesTags: (_result, _error, shipMethodId) => [{ type: 'CarrierMapping', id: shipMethodId }],
    }),
    saveCarrierMapping: build.mutation<CarrierMapping, { id?: string; body: CarrierMappingInput }>({
      query: ({ id, body }) =>
        id
          ? { url: `api/v1/shipMethodCarrierMethodMappings/${encodeURIComponent(id)}`, method: 'PUT', body }
          : { url: 'api/v1/shipMethodCarrierMethodMappings', method: 'POST', body },
      transformResponse: envelopeData<CarrierMapping>,
      invalidatesTags: (_result, error, { body }) =>
        error ? [] : [...SHIP_METHOD_CHANGE_TAGS, { type: 'CarrierMapping', id: body.shipMethodId }],
    }),
    listStoreMappings: build.query<StoreMapping[], string>({
      query: (shipMethodId) => `api/v1/shipMethodStoreMappings?${byMethod(shipMethodId)}`,
      transformResponse: (response: SuccessEnvelope<StoreMappingList>) => response.data.rows,
      providesTags: (_result, _error, shipMethodId) => [{ type: 'StoreMapping', id: shipMethodId }],
    }),
    saveStoreMapping: build.mutation<StoreMapping, { id?: string; data: StoreMappingData }>({
      query: ({ id, data: mapping }) =>
        id
          ? { url: `api/v1/shipMethodStoreMappings/${encodeURIComponent(id)}`, method: 'PUT', body: { data: mapping } }
          : { url: 'api/v1/shipMethodStoreMappings', method: 'POST', body: { data: mapping } },
      transformResponse: envelopeData<StoreMapping>,
      invalidatesTags: (_result, error, { data: mapping }) =>
        error ? [] : [...SHIP_METHOD_CHANGE_TAGS, { type: 'StoreMapping', id: mapping.shipMethodId }],
    }),
  }),
});

export const {
  useListCarrierMappingsQuery,
  useSaveCarrierMappingMutation,
  useListStoreMappingsQuery,
  useSaveStoreMappingMutation,
} = shipMethodMappingsApi;
