import type {
  CarrierAccount,
  CarrierAccountList,
  CarrierCatalogue,
  CarrierConnectionResult,
  CreateCarrierAccount,
  SuccessEnvelope,
  TestCarrierConnection,
  UpdateCarrierAccount,
} from '@shipdesk/contract';
import { api } from '@/lib/api/base-api';

const ACCOUNTS = 'CarrierAccount' as const;
const CATALOGUE = 'CarrierCatalogue' as const;

function data<T>(response: SuccessEnvelope<T>): T {
  return response.data;
}

/**
 * Carrier accounts (GET/POST /api/v1/carrierAccounts, PUT /{id}), their connection test and the catalogue of what the
 * tenant can ship with. The catalogue lists a carrier once one of its accounts is verified, so whatever can change
 * a verdict (an edit of the connection, a test of a saved account) refreshes it with the accounts.
 */
export const carriersApi = api.enhanceEndpoints({ addTagTypes: [ACCOUNTS, CATALOGUE] }).injectEndpoints({
  endpoints: (build) => ({
    listCarrierAccounts: build.query<CarrierAccount[], void>({
      query: () => 'api/v1/carrierAccounts',
      transformResponse: (response: SuccessEnvelope<CarrierAccountList>) => response.data.rows,
      providesTags: [ACCOUNTS],
    }),
    createCarrierAccount: build.mutation<CarrierAccount, CreateCarrierAccount>({
      query: (body) => ({ url: 'api/v1/carrierAccounts', method: 'POST', body }),
      transformResponse: data<CarrierAccount>,
      invalidatesTags: (_result, error) => (error ? [] : [ACCOUNTS, CATALOGUE]),
    }),
    updateCarrierAccount: build.mutation<CarrierAccount, { id: string; body: UpdateCarrierAccount }>({
      query: ({ id, body }) => ({ url: `api/v1/carrierAccounts/${encodeURIComponent(id)}`, method: 'PUT', body }),
      transformResponse: data<CarrierAccount>,
      invalidatesTags: (_result, error) => (error ? [] : [ACCOUNTS, CATALOGUE]),
    }),
    /** A saved account's verdict is kept by the server; a form not saved yet changes nothing. */
    testCarrierConnection: build.mutation<CarrierConnectionResult, TestCarrierConnection>({
      query: (body) => ({ url: 'call/carriers/testConnection', method: 'POST', body }),
      transformResponse: data<CarrierConnectionResult>,
      invalidatesTags: (_result, _error, body) => (body.accountId ? [ACCOUNTS, CATALOGUE] : []),
    }),
    getCarrierCatalogue: build.query<CarrierCatalogue['carriers'], void>({
      query: () => 'call/carriers/catalogue',
      transformResponse: (response: SuccessEnvelope<CarrierCatalogue>) => response.data.carriers,
      providesTags: [CATALOGUE],
    }),
  }),
});

export const {
  useListCarrierAccountsQuery,
  useCreateCarrierAccountMutation,
  useUpdateCarrierAccountMutation,
  useTestCarrierConnectionMutation,
  useGetCarrierCatalogueQuery,
} = carriersApi;
