import { MAX_PAGE_SIZE, type ShipMethod, type ShipMethodList } from '@shipdesk/contract';
import { api } from '@/lib/api/base-api';
import { envelopeData } from '@/lib/api/envelope-data';

/**
 * What a change of methods or their mappings makes stale at once: the methods (their `mapped` flag, the unmapped
 * services) and the setup guide's steps. The orders move later, when the server's re-resolution says it is done.
 */
export const SHIP_METHOD_CHANGE_TAGS = ['ShipMethod', 'SetupGuide'] as const;

/**
 * The shipping methods (spec 7.5), all of them in one page: listed and edited in Settings, chosen in the shipping
 * rules' actions and named in their words.
 */
const shipMethodsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listShipMethods: build.query<ShipMethodList, void>({
      query: () => `api/v1/shipMethods?size=${MAX_PAGE_SIZE}&page=1`,
      transformResponse: envelopeData<ShipMethodList>,
      providesTags: ['ShipMethod'],
    }),
    createShipMethod: build.mutation<ShipMethod, { name: string }>({
      query: (body) => ({ url: 'api/v1/shipMethods', method: 'POST', body }),
      transformResponse: envelopeData<ShipMethod>,
      invalidatesTags: (_result, error) => (error ? [] : [...SHIP_METHOD_CHANGE_TAGS]),
    }),
    renameShipMethod: build.mutation<ShipMethod, { id: string; name: string }>({
      query: ({ id, name }) => ({ url: `api/v1/shipMethods/${encodeURIComponent(id)}`, method: 'PUT', body: { name } }),
      transformResponse: envelopeData<ShipMethod>,
      // The mappings answer the method's name too.
      invalidatesTags: (_result, error) =>
        error ? [] : [...SHIP_METHOD_CHANGE_TAGS, 'CarrierMapping', 'StoreMapping'],
    }),
  }),
});

export const { useListShipMethodsQuery, useCreateShipMethodMutation, useRenameShipMethodMutation } = shipMethodsApi;
