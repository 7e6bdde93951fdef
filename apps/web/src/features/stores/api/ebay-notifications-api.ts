import type { EbayNotifications, EbayNotificationsSetup } from '@shipdesk/contract';
import { STORE_LIST_TAG, storeTag } from '@/entities/stores/stores-api';
import { api } from '@/lib/api/base-api';
import { envelopeData } from '@/lib/api/envelope-data';

/** An eBay store's order notifications: their state, turning them on and off (which changes the store's row too). */
const notificationsTag = (storeId: string) => ({ type: 'Store' as const, id: `ebayNotifications:${storeId}` });
const notificationsPath = (storeId: string) => `call/store/${encodeURIComponent(storeId)}/ebayNotifications`;
const changed = (storeId: string) => [notificationsTag(storeId), storeTag(storeId), STORE_LIST_TAG];

const ebayNotificationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    ebayNotifications: build.query<EbayNotifications, string>({
      query: (storeId) => notificationsPath(storeId),
      transformResponse: envelopeData<EbayNotifications>,
      providesTags: (_result, _error, storeId) => [notificationsTag(storeId)],
    }),
    turnOnEbayNotifications: build.mutation<EbayNotifications, { storeId: string } & EbayNotificationsSetup>({
      query: ({ storeId, ...body }) => ({ url: notificationsPath(storeId), method: 'PUT', body }),
      transformResponse: envelopeData<EbayNotifications>,
      invalidatesTags: (_result, error, { storeId }) => (error ? [] : changed(storeId)),
    }),
    turnOffEbayNotifications: build.mutation<EbayNotifications, string>({
      query: (storeId) => ({ url: notificationsPath(storeId), method: 'DELETE' }),
      transformResponse: envelopeData<EbayNotifications>,
      invalidatesTags: (_result, error, storeId) => (error ? [] : changed(storeId)),
    }),
  }),
});

export const { useEbayNotificationsQuery, useTurnOnEbayNotificationsMutation, useTurnOffEbayNotificationsMutation } =
  ebayNotificationsApi;
