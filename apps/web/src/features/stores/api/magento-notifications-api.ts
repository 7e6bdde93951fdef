import type { MagentoNotifications, MagentoNotificationsSetup } from '@shipdesk/contract';
import { STORE_LIST_TAG, storeTag } from '@/entities/stores/stores-api';
import { api } from '@/lib/api/base-api';
import { envelopeData } from '@/lib/api/envelope-data';

/** A Magento store's order notifications: their state, the public key set or removed (the store's row changes too). */
const notificationsTag = (storeId: string) => ({ type: 'Store' as const, id: `magentoNotifications:${storeId}` });
const notificationsPath = (storeId: string) => `call/store/${encodeURIComponent(storeId)}/magentoNotifications`;
const changed = (storeId: string) => [notificationsTag(storeId), storeTag(storeId), STORE_LIST_TAG];

const magentoNotificationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    magentoNotifications: build.query<MagentoNotifications, string>({
      query: (storeId) => notificationsPath(storeId),
      transformResponse: envelopeData<MagentoNotifications>,
      providesTags: (_result, _error, storeId) => [notificationsTag(storeId)],
    }),
    turnOnMagentoNotifications: build.mutation<MagentoNotifications, { storeId: string } & MagentoNotificationsSetup>({
      query: ({ storeId, ...body }) => ({ url: notificationsPath(storeId), method: 'PUT', body }),
      transformResponse: envelopeData<MagentoNotifications>,
      invalidatesTags: (_result, error, { storeId }) => (error ? [] : changed(storeId)),
    }),
    turnOffMagentoNotifications: build.mutation<MagentoNotifications, string>({
      query: (storeId) => ({ url: notificationsPath(storeId), method: 'DELETE' }),
      transformResponse: envelopeData<MagentoNotifications>,
      invalidatesTags: (_result, error, storeId) => (error ? [] : changed(storeId)),
    }),
  }),
});

export const {
  useMagentoNotificationsQuery,
  useTurnOnMagentoNotificationsMutation,
  useTurnOffMagentoNotificationsMutation,
} = magentoNotificationsApi;
