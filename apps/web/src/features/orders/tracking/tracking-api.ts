import type { ParcelTracking } from '@shipdesk/contract';
import { ORDER_LIST_TAG, orderTag } from '@/entities/orders/order-tags';
import { api } from '@/lib/api/base-api';
import { envelopeData } from '@/lib/api/envelope-data';

/** One delivery's parcel; its order, for the cache tag. */
interface ParcelArgs {
  orderId: string;
  deliveryId: string;
}

const shipmentPath = (deliveryId: string) => `call/shipment/${encodeURIComponent(deliveryId)}`;

/**
 * A delivery's parcel as tracked (docs/tracking.md). It hangs on `Order:<id>`, as the returns do: the order's realtime
 * push (`orders:changed`, event `parcelStatus`) refetches it with the order, and a check or a delivery by hand
 * refreshes the order (its delivery status), its timeline and the lists.
 */
const trackingApi = api.injectEndpoints({
  endpoints: (build) => ({
    getParcelTracking: build.query<ParcelTracking, ParcelArgs>({
      query: ({ deliveryId }) => `${shipmentPath(deliveryId)}/tracking`,
      transformResponse: envelopeData<ParcelTracking>,
      providesTags: (_result, _error, { orderId }) => [orderTag(orderId)],
    }),
    trackParcelNow: build.mutation<ParcelTracking, ParcelArgs>({
      query: ({ deliveryId }) => ({ url: `${shipmentPath(deliveryId)}/trackNow`, method: 'POST' }),
      transformResponse: envelopeData<ParcelTracking>,
      // A spent allowance (429) or a refusal (409) changed nothing.
      invalidatesTags: (_result, error, { orderId }) => (error ? [] : [orderTag(orderId), ORDER_LIST_TAG]),
    }),
    markParcelDelivered: build.mutation<ParcelTracking, ParcelArgs>({
      query: ({ deliveryId }) => ({ url: `${shipmentPath(deliveryId)}/markDelivered`, method: 'POST' }),
      transformResponse: envelopeData<ParcelTracking>,
      // `already_delivered` means the view is behind: refetch it either way.
      invalidatesTags: (_result, _error, { orderId }) => [orderTag(orderId), ORDER_LIST_TAG],
    }),
  }),
});

export const { useGetParcelTrackingQuery, useTrackParcelNowMutation, useMarkParcelDeliveredMutation } = trackingApi;
