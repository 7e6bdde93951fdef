import type {
  CarrierAccount,
  CarrierAccountList,
  CarrierConnectionResult,
  CreateCarrierAccount,
  SuccessEnvelope,
  TestCarrierConnection,
  UpdateCarrierAccount,
} from '@shipdesk/contract';
import { api } from '@/lib/api/base-api';
import { envelopeData } from '@/lib/api/envelope-data';
import { CARRIER_CATALOGUE_TAG } from '../carrier-catalogue/carrier-catalogue-api';

const CARRIER_ACCOUNT_TAG = 'CarrierAccount' as const;

/**
 * Carrier accounts (GET/POST /api/v1/carrierAccounts, PUT /{id}) and their connection test. The catalogue lists a
 * carrier once one of its accounts is verified, so whatever can change a verdict (an edit of the connection, a test
 * of a saved account) refreshes it with the accounts.
 */
const carrierAccountsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listCarrierAccounts: build.query<CarrierAccount[], void>({
      query: () => 'api/v1/carrierAccounts',
      transformResponse: (response: SuccessEnvelope<CarrierAccountList>) => response.data.rows,
      providesTags: [CARRIER_ACCOUNT_TAG],
    }),
    createCarrierAccount: build.mutation<CarrierAccount, CreateCarrierAccount>({
      query: (body) => ({ url: 'api/v1/carrierAccounts', method: 'POST', body }),
      transformResponse: envelopeData<CarrierAccount>,
      invalidatesTags: (_result, error) => (error ? [] : [CARRIER_ACCOUNT_TAG, CARRIER_CATALOGUE_TAG]),
    }),
    updateCarrierAccount: build.mutation<CarrierAccount, { id: string; body: UpdateCarrierAccount }>({
      query: ({ id, body }) => ({ url: `api/v1/carrierAccounts/${encodeURIComponent(id)}`, method: 'PUT', body }),
      transformResponse: envelopeData<CarrierAccount>,
      invalidatesTags: (_result, error) => (error ? [] : [CARRIER_ACCOUNT_TAG, CARRIER_CATALOGUE_TAG]),
    }),
    /** A saved account's verdict is kept by the server; a form not saved yet changes nothing. */
    testCarrierConnection: build.mutation<CarrierConnectionResult, TestCarrierConnection>({
      query: (body) => ({ url: 'call/carriers/testConnection', method: 'POST', body }),
      transformResponse: envelopeData<CarrierConnectionResult>,
      invalidatesTags: (_result, _error, body) => (body.accountId ? [CARRIER_ACCOUNT_TAG, CARRIER_CATALOGUE_TAG] : []),
    }),
  }),
});

export const {
  useListCarrierAccountsQuery,
  useCreateCarrierAccountMutation,
  useUpdateCarrierAccountMutation,
  useTestCarrierConnectionMutation,
} = carrierAccountsApi;
