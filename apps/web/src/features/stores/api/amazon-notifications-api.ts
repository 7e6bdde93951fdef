import type { AmazonNotificationsSetup, AmazonNotificationsState } from '@shipdesk/contract';
import { api } from '@/lib/api/base-api';
import { envelopeData } from '@/lib/api/envelope-data';
import { STORE_LIST_TAG, storeTag } from '@/entities/stores/stores-api';

/** An Amazon store's ORDER_CHANGE notifications through the seller's SQS queue: read, turn on, turn off. */
const notificationsTag = (storeId: string) => ({ type: 'Store' as const, id: `amazonNotifications:${storeId}` });
const notificationsPath = (storeId: string) => `call/store/${encodeURIComponent(storeId)}/amazonNotifications`;
/** The store's row shows its sync mode and last heard: it changes with the notifications. */
const changed = (storeId: string) => [notificationsTag(storeId), storeTag(storeId), STORE_LIST_TAG];

const amazonNotificationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    amazonNotifications: build.query<AmazonNotificationsState, string>({
      query: (storeId) => notificationsPath(storeId),
      transformResponse: envelopeData<AmazonNotificationsState>,
      providesTags: (_result, _error, storeId) => [notificationsTag(storeId)],
    }),
    turnOnAmazonNotifications: build.mutation<
      AmazonNotificationsState,
      { storeId: string; body: AmazonNotificationsSetup }
    >({
      query: ({ storeId, body }) => ({ url: notificationsPath(storeId), method: 'PUT', body }),
      transformResponse: envelopeData<AmazonNotificationsState>,
      invalidatesTags: (_result, error, { storeId }) => (error ? [] : changed(storeId)),
    }),
    turnOffAmazonNotifications: build.mutation<AmazonNotificationsState, string>({
      query: (storeId) => ({ url: notificationsPath(storeId), method: 'DELETE' }),
      transformResponse: envelopeData<AmazonNotificationsState>,
      invalidatesTags: (_result, error, storeId) => (error ? [] : changed(storeId)),
    }),
  }),
});

export const {
  useAmazonNotificationsQuery,
  useTurnOnAmazonNotificationsMutation,
  useTurnOffAmazonNotificationsMutation,
} = amazonNotificationsApi;
