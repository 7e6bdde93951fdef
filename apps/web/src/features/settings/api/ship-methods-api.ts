import {
  MAX_PAGE_SIZE,
  type CarrierMapping,
  type CarrierMappingInput,
  type CarrierMappingList,
  type ShipMethod,
  type ShipMethodList,
  type StoreList,
  type StoreMapping,
  type StoreMappingData,
  type StoreMappingList,
  type SuccessEnvelope,
} from '@shipdesk/contract';
import { api } from '@/lib/api/base-api';

function data<T>(response: SuccessEnvelope<T>): T {
  return response.data;
}

/** A store by id and name, for the store mappings. */
export interface StoreName {
  id: string;
  name: string;
}

const byMethod = (shipMethodId: string) =>
  new URLSearchParams({ ship_method: shipMethodId, size: String(MAX_PAGE_SIZE), page: '1' }).toString();

/**
 * What a change of methods or mappings makes stale at once: the methods (their `mapped` flag, the unmapped services)
 * and the setup guide's steps. The orders move later, when the server's re-resolution says it is done.
 */
const METHOD_CHANGE = ['ShipMethod', 'SetupGuide'] as const;

/** Shipping methods and their carrier and store mappings (spec 7.5); every change asks the server to re-resolve. */
export const shipMethodsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listShipMethods: build.query<ShipMethodList, void>({
      query: () => `api/v1/shipMethods?size=${MAX_PAGE_SIZE}&page=1`,
      transformResponse: data<ShipMethodList>,
      providesTags: ['ShipMethod'],
    }),
    createShipMethod: build.mutation<ShipMethod, { name: string }>({
      query: (body) => ({ url: 'api/v1/shipMethods', method: 'POST', body }),
      transformResponse: data<ShipMethod>,
      invalidatesTags: (_result, error) => (error ? [] : [...METHOD_CHANGE]),
    }),
    renameShipMethod: build.mutation<ShipMethod, { id: string; name: string }>({
      query: ({ id, name }) => ({ url: `api/v1/shipMethods/${encodeURIComponent(id)}`, method: 'PUT', body: { name } }),
      transformResponse: data<ShipMethod>,
      // The mappings answer the method's name too.
      invalidatesTags: (_result, error) => (error ? [] : [...METHOD_CHANGE, 'CarrierMapping', 'StoreMapping']),
    }),
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
      transformResponse: data<CarrierMapping>,
      invalidatesTags: (_result, error, { body }) =>
        error ? [] : [...METHOD_CHANGE, { type: 'CarrierMapping', id: body.shipMethodId }],
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
      transformResponse: data<StoreMapping>,
      invalidatesTags: (_result, error, { data: mapping }) =>
        error ? [] : [...METHOD_CHANGE, { type: 'StoreMapping', id: mapping.shipMethodId }],
    }),
    /** The tenant's stores, for naming them in store mappings. */
    listShippingStores: build.query<StoreName[], void>({
      query: () => `api/v1/stores?size=${MAX_PAGE_SIZE}&page=1`,
      transformResponse: (response: SuccessEnvelope<StoreList>) =>
        response.data.rows.map((store) => ({ id: store.id, name: store.name })),
      providesTags: ['Store'],
    }),
  }),
});

export const {
  useListShipMethodsQuery,
  useCreateShipMethodMutation,
  useRenameShipMethodMutation,
  useListCarrierMappingsQuery,
  useSaveCarrierMappingMutation,
  useListStoreMappingsQuery,
  useSaveStoreMappingMutation,
  useListShippingStoresQuery,
} = shipMethodsApi;
