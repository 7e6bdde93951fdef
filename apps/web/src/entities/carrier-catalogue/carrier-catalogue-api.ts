import type { CarrierCatalogue, SuccessEnvelope } from '@shipdesk/contract';
import { api } from '@/lib/api/base-api';

/**
 * The catalogue lists a carrier once one of its accounts passes its connection test: whatever can change a verdict
 * (carrier-accounts-api.ts) invalidates this tag.
 */
export const CARRIER_CATALOGUE_TAG = 'CarrierCatalogue' as const;

/**
 * `GET /call/carriers/catalogue`: the services and package types of the carriers the tenant can ship with, read by the
 * order's shipping, the carrier mappings and the shipping rules alike.
 */
const carrierCatalogueApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCarrierCatalogue: build.query<CarrierCatalogue['carriers'], void>({
      query: () => 'call/carriers/catalogue',
      transformResponse: (response: SuccessEnvelope<CarrierCatalogue>) => response.data.carriers,
      providesTags: [CARRIER_CATALOGUE_TAG],
    }),
  }),
});

export const { useGetCarrierCatalogueQuery } = carrierCatalogueApi;
