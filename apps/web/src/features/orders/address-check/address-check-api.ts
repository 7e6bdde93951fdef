import type { AddressCheck, AddressCheckApply, Order } from '@shipdesk/contract';
import { ORDER_LIST_TAG, orderTag } from '@/entities/orders/order-tags';
import { api } from '@/lib/api/base-api';
import { envelopeData } from '@/lib/api/envelope-data';
import { idempotentPost } from '@/lib/api/idempotency';

/** What taking the carrier's address answers: the order with its new ship-to, and its check (now verified). */
interface AddressCheckApplied {
  order: Order;
  addressCheck: AddressCheck;
}

/**
 * An order's address check (docs/address-checks.md). It hangs on `Order:<id>`: an address edit, a check asked again
 * or a carrier's address taken refreshes the order and its check together.
 */
const addressCheckApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAddressCheck: build.query<AddressCheck, string>({
      query: (orderId) => `api/v1/orders/${encodeURIComponent(orderId)}/addressCheck`,
      transformResponse: envelopeData<AddressCheck>,
      providesTags: (_result, _error, orderId) => [orderTag(orderId)],
    }),
    /** The orders' checks pending again and their carrier asked now (202 `{ queued }`). */
    checkAddresses: build.mutation<{ queued: number }, { orderIds: string[] }>({
      query: (body) => ({ url: 'call/addressChecks', method: 'POST', body }),
      transformResponse: envelopeData<{ queued: number }>,
      invalidatesTags: (_result, error, { orderIds }) => (error ? [] : orderIds.map(orderTag)),
    }),
    applyAddressCheck: build.mutation<
      AddressCheckApplied,
      { orderId: string; body: AddressCheckApply; idempotencyKey: string }
    >({
      query: ({ orderId, body, idempotencyKey }) =>
        idempotentPost(`call/orders/${encodeURIComponent(orderId)}/addressCheck/apply`, body, idempotencyKey),
      transformResponse: envelopeData<AddressCheckApplied>,
      // A 409 (the order or its address changed since) refreshes too, as the other order writes; a 400 changes nothing.
      invalidatesTags: (_result, error, { orderId }) =>
        error?.status === 400 ? [] : [orderTag(orderId), ORDER_LIST_TAG],
    }),
  }),
});

export const { useGetAddressCheckQuery, useCheckAddressesMutation, useApplyAddressCheckMutation } = addressCheckApi;
