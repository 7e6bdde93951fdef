import {
  MAX_PAGE_SIZE,
  type BoxSize,
  type CarrierAccount,
  type CarrierAccountList,
  type RemovalResult,
  type ShipMethod,
  type ShipMethodList,
} from '@shipdesk/contract';
import { api } from '@/lib/api/base-api';
import { envelopeData } from '@/lib/api/envelope-data';

/** What a removal or a restore of setup can change: every list and picker that shows setup rows. */
const SETUP_TAGS = [
  'BoxSize',
  'Reference',
  'CarrierAccount',
  'CarrierCatalogue',
  'CarrierMapping',
  'StoreMapping',
  'ShipMethod',
  'Store',
  'SetupGuide',
  'Product',
] as const;

/**
 * Deleting what setup made (docs/setup-deletion.md): one DELETE per resource, answered with whether the row was
 * deleted or archived and why; the restore of an archived row; and the lists with their archived rows.
 */
const setupDeletionApi = api.injectEndpoints({
  endpoints: (build) => ({
    removeSetupRow: build.mutation<RemovalResult, { path: string }>({
      query: ({ path }) => ({ url: path, method: 'DELETE' }),
      transformResponse: envelopeData<RemovalResult>,
      invalidatesTags: (_result, error) => (error ? [] : [...SETUP_TAGS]),
    }),
    restoreSetupRow: build.mutation<unknown, { path: string }>({
      query: ({ path }) => ({ url: `${path}/restore`, method: 'POST' }),
      invalidatesTags: (_result, error) => (error ? [] : [...SETUP_TAGS]),
    }),
    listBoxSizesWithArchived: build.query<BoxSize[], void>({
      query: () => 'api/v1/orderBoxSizes?archived=true',
      transformResponse: envelopeData<BoxSize[]>,
      providesTags: ['BoxSize'],
    }),
    /** The archived shipping methods only (the live ones come from the entity's list). */
    listArchivedShipMethods: build.query<ShipMethod[], void>({
      query: () => `api/v1/shipMethods?archived=true&size=${MAX_PAGE_SIZE}&page=1`,
      transformResponse: (response: { data: ShipMethodList }) => response.data.rows.filter((m) => m.archivedAt),
      providesTags: ['ShipMethod'],
    }),
    listCarrierAccountsWithArchived: build.query<CarrierAccount[], void>({
      query: () => 'api/v1/carrierAccounts?archived=true',
      transformResponse: (response: { data: CarrierAccountList }) => response.data.rows,
      providesTags: ['CarrierAccount'],
    }),
  }),
});

export const {
  useRemoveSetupRowMutation,
  useRestoreSetupRowMutation,
  useListBoxSizesWithArchivedQuery,
  useListCarrierAccountsWithArchivedQuery,
  useListArchivedShipMethodsQuery,
} = setupDeletionApi;
