import type { Order, OrderLinesUpdate, PaymentTermsUpdate } from '@shipdesk/contract';
import { ORDER_LIST_TAG, orderTag } from '@/entities/orders/order-tags';
import { api } from '@/lib/api/base-api';
import { idempotentPost } from '@/lib/api/idempotency';
import { envelopeData } from '@/lib/api/envelope-data';

/** Edits of an order beside its lifecycle events: its lines, and the payment status Terms (docs/order-editing.md). */
const orderEditsApi = api.injectEndpoints({
  endpoints: (build) => ({
    updateOrderLines: build.mutation<Order, { orderId: string; body: OrderLinesUpdate; idempotencyKey: string }>({
      query: ({ orderId, body, idempotencyKey }) =>
        idempotentPost(`call/order/${encodeURIComponent(orderId)}/updateOrderLines`, body, idempotencyKey),
      transformResponse: envelopeData<Order>,
      // A 409 may mean the order changed under us, so it refreshes too; a 400 only names fields of the form.
      invalidatesTags: (_result, error, { orderId }) =>
        error?.status === 400 ? [] : [orderTag(orderId), ORDER_LIST_TAG, 'Dashboard'],
    }),
    setPaymentTerms: build.mutation<Order, { orderId: string; body: PaymentTermsUpdate; idempotencyKey: string }>({
      query: ({ orderId, body, idempotencyKey }) =>
        idempotentPost(`call/order/${encodeURIComponent(orderId)}/paymentTerms`, body, idempotencyKey),
      transformResponse: envelopeData<Order>,
      invalidatesTags: (_result, _error, { orderId }) => [orderTag(orderId), ORDER_LIST_TAG, 'Dashboard'],
    }),
  }),
});

export const { useUpdateOrderLinesMutation, useSetPaymentTermsMutation } = orderEditsApi;
