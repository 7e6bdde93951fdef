import type { CarrierCatalogue, SuccessEnvelope } from '@shipdesk/contract';
import { api } from '@/lib/api/base-api';

/** Settings' carrier calls refresh the catalogue under this tag; the same name here keeps both caches in step. */
const CATALOGUE = 'CarrierCatalogue' as const;

/**
 * `GET /call/carriers/catalogue`: the services and package types of the carriers the tenant can ship with, for
 * choosing one order's carrier service. Settings declares the same call; features do not import each other, and an
 * endpoint name injected twice is refused, so this one has a name of its own and shares only the tag.
 */
export const orderCarrierCatalogueApi = api.enhanceEndpoints({ addTagTypes: [CATALOGUE] }).injectEndpoints({
  endpoints: (build) => ({
    getOrderCarrierCatalogue: build.query<CarrierCatalogue['carriers'], void>({
      query: () => 'call/carriers/catalogue',
      transformResponse: (response: SuccessEnvelope<CarrierCatalogue>) => response.data.carriers,
      providesTags: [CATALOGUE],
    }),
  }),
});

export const { useGetOrderCarrierCatalogueQuery } = orderCarrierCatalogueApi;
