import type { DeliveriesShape, Delivery, SuccessEnvelope } from '@shipdesk/contract';
import { ORDER_LIST_TAG, orderTag } from '@/entities/orders/order-tags';
import { api } from '@/lib/api/base-api';
import { idempotentPost } from '@/lib/api/idempotency';

/**
 * An order's deliveries (GET /api/v1/deliveries?orderId=), what the labels are bought for, and the boxes they are
 * split into or merged from. They hang on `Order:<id>` too: whatever changes the order refreshes them.
 */
const deliveriesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getDeliveries: build.query<Delivery[], string>({
      query: (orderId) => `api/v1/deliveries?orderId=${encodeURIComponent(orderId)}`,
      transformResponse: (response: SuccessEnvelope<Delivery[]>) => response.data,
      providesTags: (_result, _error, orderId) => [{ type: 'Delivery', id: orderId }, orderTag(orderId)],
    }),
    shapeDeliveries: build.mutation<Delivery[], { orderId: string; body: DeliveriesShape; idempotencyKey: string }>({
      query: ({ orderId, body, idempotencyKey }) =>
        idempotentPost(`call/order/${encodeURIComponent(orderId)}/shapeDeliveries`, body, idempotencyKey),
      transformResponse: (response: SuccessEnvelope<Delivery[]>) => response.data,
      invalidatesTags: (_result, error, { orderId }) =>
        error?.status === 400 ? [] : [orderTag(orderId), ORDER_LIST_TAG],
    }),
  }),
});

export const { useGetDeliveriesQuery, useShapeDeliveriesMutation } = deliveriesApi;
