import type { CarrierPush, CarrierPushSetup, CarrierPushState, SuccessEnvelope } from '@shipdesk/contract';
import { api } from '@/lib/api/base-api';

/**
 * A carrier account's tracking pushes (docs/tracking.md "Pushes"): GET /call/carriers/{accountId}/trackingPush (null
 * when never set up), POST to turn them on (answers UPS's client secret, once) and DELETE to turn them off. What a
 * change answers is put in the read's cache without the secret, so the secret lives only where it is shown.
 */
const trackingPushApi = api.injectEndpoints({
  endpoints: (build) => ({
    getTrackingPush: build.query<CarrierPushState, string>({
      query: (accountId) => `call/carriers/${encodeURIComponent(accountId)}/trackingPush`,
      transformResponse: (response: SuccessEnvelope<CarrierPushState>) => response.data,
    }),
    setupTrackingPush: build.mutation<CarrierPush, { accountId: string; body: CarrierPushSetup }>({
      query: ({ accountId, body }) => ({
        url: `call/carriers/${encodeURIComponent(accountId)}/trackingPush`,
        method: 'POST',
        body,
      }),
      transformResponse: (response: SuccessEnvelope<CarrierPush>) => response.data,
      async onQueryStarted({ accountId }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(trackingPushApi.util.upsertQueryData('getTrackingPush', accountId, withoutSecret(data)));
      },
    }),
    stopTrackingPush: build.mutation<CarrierPush, string>({
      query: (accountId) => ({ url: `call/carriers/${encodeURIComponent(accountId)}/trackingPush`, method: 'DELETE' }),
      transformResponse: (response: SuccessEnvelope<CarrierPush>) => response.data,
      async onQueryStarted(accountId, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(trackingPushApi.util.upsertQueryData('getTrackingPush', accountId, withoutSecret(data)));
      },
    }),
  }),
});

const withoutSecret = (push: CarrierPush): CarrierPush => ({ ...push, clientSecret: null });

export const { useGetTrackingPushQuery, useSetupTrackingPushMutation, useStopTrackingPushMutation } = trackingPushApi;
