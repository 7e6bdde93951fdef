import type {
  ReturnLabel,
  ReturnLabelCreate,
  ReturnLabelDefaults,
  ReturnLabelsCreate,
  ReturnLabelsResult,
} from '@shipdesk/contract';
import { ORDER_LIST_TAG, orderTag } from '@/entities/orders/order-tags';
import { api } from '@/lib/api/base-api';
import { envelopeData } from '@/lib/api/envelope-data';
import { fetchBlob } from '@/lib/api/fetch-blob';
import { idempotentPost } from '@/lib/api/idempotency';

const orderPath = (orderId: string) => `call/order/${encodeURIComponent(orderId)}`;
const returnPath = (id: string) => `call/returnLabel/${encodeURIComponent(id)}`;

/** A change of one return: its order, with its returns, timeline and fsmFlow answers, and the order lists. */
const changedOrder = (orderId: string) => [orderTag(orderId), ORDER_LIST_TAG];

/**
 * Return labels (docs/returns.md). What is read about an order's returns hangs on `Order:<id>`, like its timeline:
 * a return made, voided or e-mailed refreshes the order view, and the order's realtime push ('orders:changed', which
 * the server sends when the e-mail goes out or fails) refetches the list. Documents are binary and go around the
 * cache (`fetchReturnLabelDocument`).
 */
const returnsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getReturnLabelDefaults: build.query<ReturnLabelDefaults, string>({
      query: (orderId) => `${orderPath(orderId)}/returnLabelDefaults`,
      transformResponse: envelopeData<ReturnLabelDefaults>,
      providesTags: (_result, _error, orderId) => [orderTag(orderId)],
      // Asked each time the form opens: the RMA proposed and the order's version move on.
      keepUnusedDataFor: 0,
    }),
    listReturnLabels: build.query<ReturnLabel[], string>({
      query: (orderId) => `${orderPath(orderId)}/returnLabels`,
      transformResponse: envelopeData<ReturnLabel[]>,
      providesTags: (_result, _error, orderId) => [orderTag(orderId)],
    }),
    createReturnLabel: build.mutation<
      ReturnLabel,
      { orderId: string; body: ReturnLabelCreate; idempotencyKey: string }
    >({
      query: ({ orderId, body, idempotencyKey }) =>
        idempotentPost(`${orderPath(orderId)}/returnLabel`, body, idempotencyKey),
      transformResponse: envelopeData<ReturnLabel>,
      // A 400 names fields of the form; anything else (a 409 above all) may mean the order moved.
      invalidatesTags: (_result, error, { orderId }) => (error?.status === 400 ? [] : changedOrder(orderId)),
    }),
    createReturnLabels: build.mutation<ReturnLabelsResult, { body: ReturnLabelsCreate; idempotencyKey: string }>({
      query: ({ body, idempotencyKey }) => idempotentPost('call/returnLabels', body, idempotencyKey),
      transformResponse: envelopeData<ReturnLabelsResult>,
      invalidatesTags: (_result, _error, { body }) => [ORDER_LIST_TAG, ...body.orderIds.map(orderTag)],
    }),
    voidReturnLabel: build.mutation<ReturnLabel, { orderId: string; id: string }>({
      query: ({ id }) => ({ url: `${returnPath(id)}/void`, method: 'POST' }),
      transformResponse: envelopeData<ReturnLabel>,
      invalidatesTags: (_result, _error, { orderId }) => changedOrder(orderId),
    }),
    emailReturnLabel: build.mutation<ReturnLabel, { orderId: string; id: string; email?: string }>({
      query: ({ id, email }) => ({ url: `${returnPath(id)}/email`, method: 'POST', body: email ? { email } : {} }),
      transformResponse: envelopeData<ReturnLabel>,
      invalidatesTags: (_result, _error, { orderId }) => [orderTag(orderId)],
    }),
  }),
});

export const {
  useGetReturnLabelDefaultsQuery,
  useListReturnLabelsQuery,
  useCreateReturnLabelMutation,
  useCreateReturnLabelsMutation,
  useVoidReturnLabelMutation,
  useEmailReturnLabelMutation,
} = returnsApi;

/** A return label as bought (PDF or ZPL), or with `preview` what a browser shows (ZPL drawn to PNG). */
export function fetchReturnLabelDocument(id: string, options: { preview?: boolean } = {}): Promise<Blob> {
  return fetchBlob(`/${returnPath(id)}/${options.preview ? 'preview' : 'document'}`);
}
