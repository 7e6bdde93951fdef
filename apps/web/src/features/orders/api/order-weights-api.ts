import type {
  Delivery,
  DeliveryParcelUpdate,
  Order,
  OrderLineWeightsUpdate,
  SuccessEnvelope,
} from '@shipdesk/contract';
import { ORDER_LIST_TAG, orderTag } from '@/entities/orders/order-tags';
import { api } from '@/lib/api/base-api';
import { idempotentPost } from '@/lib/api/idempotency';
import { envelopeData } from '@/lib/api/envelope-data';

/**
 * The weights a seller enters on the order view (docs/order-editing.md, "Weights and boxes"): its lines' weights,
 * channel orders included, and its planned deliveries' boxes. The deliveries are read through entities/deliveries
 * and hang on `Order:<id>`, so a change here refreshes them.
 */
const orderWeightsApi = api.injectEndpoints({
  endpoints: (build) => ({
    updateLineWeights: build.mutation<Order, { orderId: string; body: OrderLineWeightsUpdate; idempotencyKey: string }>(
      {
        query: ({ orderId, body, idempotencyKey }) =>
          idempotentPost(`call/order/${encodeURIComponent(orderId)}/updateLineWeights`, body, idempotencyKey),
        transformResponse: envelopeData<Order>,
        // A 409 may mean the order changed under us, so it refreshes too; a 400 only names fields of the form.
        invalidatesTags: (_result, error, { orderId }) =>
          error?.status === 400 ? [] : [orderTag(orderId), ORDER_LIST_TAG],
      },
    ),
    updateDeliveryParcel: build.mutation<
      Delivery[],
      { orderId: string; body: DeliveryParcelUpdate; idempotencyKey: string }
    >({
      query: ({ orderId, body, idempotencyKey }) =>
        idempotentPost(`call/order/${encodeURIComponent(orderId)}/updateDeliveryParcel`, body, idempotencyKey),
      transformResponse: (response: SuccessEnvelope<Delivery[]>) => response.data,
      invalidatesTags: (_result, error, { orderId }) =>
        error?.status === 400 ? [] : [orderTag(orderId), ORDER_LIST_TAG],
    }),
  }),
});

export const { useUpdateLineWeightsMutation, useUpdateDeliveryParcelMutation } = orderWeightsApi;
