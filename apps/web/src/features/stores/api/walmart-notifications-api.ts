import type { WalmartNotifications, WalmartNotificationsSetup } from '@shipdesk/contract';
import { STORE_LIST_TAG, storeTag } from '@/entities/stores/stores-api';
import { api } from '@/lib/api/base-api';
import { envelopeData } from '@/lib/api/envelope-data';

/** A Walmart store's order notifications: their state, turning them on and off (which changes the store's row too). */
const notificationsTag = (storeId: string) => ({ type: 'Store' as const, id: `walmartNotifications:${storeId}` });
const notificationsPath = (storeId: string) => `call/store/${encodeURIComponent(storeId)}/walmartNotifications`;
const changed = (storeId: string) => [notificationsTag(storeId), storeTag(storeId), STORE_LIST_TAG];

const walmartNotificationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    walmartNotifications: build.query<WalmartNotifications, string>({
      query: (storeId) => notificationsPath(storeId),
      transformResponse: envelopeData<WalmartNotifications>,
      providesTags: (_result, _error, storeId) => [notificationsTag(storeId)],
    }),
    turnOnWalmartNotifications: build.mutation<WalmartNotifications, { storeId: string } & WalmartNotificationsSetup>({
      query: ({ storeId, ...body }) => ({ url: notificationsPath(storeId), method: 'PUT', body }),
      transformResponse: envelopeData<WalmartNotifications>,
      invalidatesTags: (_result, error, { storeId }) => (error ? [] : changed(storeId)),
    }),
    turnOffWalmartNotifications: build.mutation<WalmartNotifications, string>({
      query: (storeId) => ({ url: notificationsPath(storeId), method: 'DELETE' }),
      transformResponse: envelopeData<WalmartNotifications>,
      invalidatesTags: (_result, error, storeId) => (error ? [] : changed(storeId)),
    }),
  }),
});

export const {
  useWalmartNotificationsQuery,
  useTurnOnWalmartNotificationsMutation,
  useTurnOffWalmartNotificationsMutation,
} = walmartNotificationsApi;
