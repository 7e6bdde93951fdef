import type { DeliveriesShape, Delivery, SuccessEnvelope } from '@shipdesk/contract';
import { ORDER_LIST_TAG, orderTag } from '@/entities/orders/order-tags';
import { api } from '@/lib/api/base-api';
import { idempotentPost } from '@/lib/api/idempotency';

/**
 * The boxes an order's deliveries are split into or merged from (the deliveries themselves are read through
 * entities/deliveries, which the order view's Boxes card shares).
 */
const deliveriesApi = api.injectEndpoints({
  endpoints: (build) => ({
    shapeDeliveries: build.mutation<Delivery[], { orderId: string; body: DeliveriesShape; idempotencyKey: string }>({
      query: ({ orderId, body, idempotencyKey }) =>
        idempotentPost(`call/order/${encodeURIComponent(orderId)}/shapeDeliveries`, body, idempotencyKey),
      transformResponse: (response: SuccessEnvelope<Delivery[]>) => response.data,
      invalidatesTags: (_result, error, { orderId }) =>
        error?.status === 400 ? [] : [orderTag(orderId), ORDER_LIST_TAG],
    }),
  }),
});

export const { useShapeDeliveriesMutation } = deliveriesApi;
