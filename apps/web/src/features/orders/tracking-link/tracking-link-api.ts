import type { TrackingLink } from '@shipdesk/contract';
import { api } from '@/lib/api/base-api';
import { envelopeData } from '@/lib/api/envelope-data';

/**
 * The public tracking page's address of a delivery's parcel (docs/tracking-page.md). A POST: the first ask makes the
 * page's token; every later one answers the same address. Nothing the seller sees changes, so nothing is invalidated.
 */
const trackingLinkApi = api.injectEndpoints({
  endpoints: (build) => ({
    makeTrackingLink: build.mutation<TrackingLink, { deliveryId: string }>({
      query: ({ deliveryId }) => ({
        url: `call/shipment/${encodeURIComponent(deliveryId)}/trackingLink`,
        method: 'POST',
      }),
      transformResponse: envelopeData<TrackingLink>,
    }),
  }),
});

export const { useMakeTrackingLinkMutation } = trackingLinkApi;
