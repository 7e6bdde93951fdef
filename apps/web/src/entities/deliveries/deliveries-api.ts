import type { Delivery, SuccessEnvelope } from '@shipdesk/contract';
import { orderTag } from '@/entities/orders/order-tags';
import { api } from '@/lib/api/base-api';

/**
 * An order's deliveries (GET /api/v1/deliveries?orderId=): what the labels are bought for (the labels' card), and the
 * boxes and weights the order view plans them in (its Boxes card). One endpoint for both, so the order view asks once.
 * They hang on `Order:<id>` too: whatever changes the order refreshes them.
 */
const deliveriesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getDeliveries: build.query<Delivery[], string>({
      query: (orderId) => `api/v1/deliveries?orderId=${encodeURIComponent(orderId)}`,
      transformResponse: (response: SuccessEnvelope<Delivery[]>) => response.data,
      providesTags: (_result, _error, orderId) => [{ type: 'Delivery', id: orderId }, orderTag(orderId)],
    }),
  }),
});

export const { useGetDeliveriesQuery } = deliveriesApi;
