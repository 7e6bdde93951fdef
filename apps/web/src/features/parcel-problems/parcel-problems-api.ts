import type {
  Order,
  OrderFlowResult,
  ParcelProblemDigest,
  ParcelProblemList,
  ResolvedParcelProblems,
  SuccessEnvelope,
} from '@shipdesk/contract';
import { ORDER_LIST_TAG, orderTag } from '@/entities/orders/order-tags';
import { api } from '@/lib/api/base-api';
import { envelopeData } from '@/lib/api/envelope-data';
import { idempotentPost } from '@/lib/api/idempotency';

interface ProblemPageArgs {
  cursor: string | null;
  size: number;
}

/**
 * Parcel problems (docs/tracking.md, "Problems and the dashboard"). The list hangs on the order lists' tag, so the
 * orders' realtime push and any order change (a reship, a note, a label) refresh it; the daily e-mail switch on the
 * settings' tag. Reship and note go to the orders' own routes: the orderFlow `reship` (with the order's version,
 * read first) and the order notes.
 */
const parcelProblemsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listParcelProblems: build.query<ParcelProblemList, ProblemPageArgs>({
      query: ({ cursor, size }) => ({ url: 'call/parcelProblems', params: { size, ...(cursor ? { cursor } : {}) } }),
      transformResponse: envelopeData<ParcelProblemList>,
      providesTags: [ORDER_LIST_TAG],
    }),
    resolveParcelProblems: build.mutation<ResolvedParcelProblems, string[]>({
      query: (labelIds) => ({ url: 'call/parcelProblems/resolve', method: 'POST', body: { labelIds } }),
      transformResponse: envelopeData<ResolvedParcelProblems>,
      invalidatesTags: [ORDER_LIST_TAG],
    }),
    getProblemDigest: build.query<ParcelProblemDigest, void>({
      query: () => 'call/parcelProblems/digest',
      transformResponse: envelopeData<ParcelProblemDigest>,
      providesTags: ['Config'],
    }),
    setProblemDigest: build.mutation<ParcelProblemDigest, boolean>({
      query: (subscribed) => ({ url: 'call/parcelProblems/digest', method: 'PUT', body: { subscribed } }),
      transformResponse: envelopeData<ParcelProblemDigest>,
      invalidatesTags: ['Config'],
    }),
    /** A reship of one order (a linked draft with the reason), at the order's current version. */
    reshipProblemOrder: build.mutation<OrderFlowResult, { orderId: string; reason: string; idempotencyKey: string }>({
      async queryFn({ orderId, reason, idempotencyKey }, _api, _extra, baseQuery) {
        const read = await baseQuery(`api/v1/orders/${encodeURIComponent(orderId)}`);
        if (read.error) return { error: read.error };
        const order = (read.data as SuccessEnvelope<Order>).data;
        const path = `call/orders/${encodeURIComponent(orderId)}/reship/orderFlow`;
        const answer = await baseQuery(idempotentPost(path, { version: order.version, reason }, idempotencyKey));
        if (answer.error) return { error: answer.error };
        return { data: (answer.data as SuccessEnvelope<OrderFlowResult>).data };
      },
      invalidatesTags: (_result, _error, { orderId }) => [orderTag(orderId), ORDER_LIST_TAG, 'Dashboard'],
    }),
    addProblemNote: build.mutation<unknown, { orderId: string; note: string }>({
      query: ({ orderId, note }) => ({ url: 'api/v1/orderNotes', method: 'POST', body: { order_id: orderId, note } }),
      invalidatesTags: (_result, _error, { orderId }) => [{ type: 'OrderNote', id: orderId }, orderTag(orderId)],
    }),
  }),
});

export const {
  useListParcelProblemsQuery,
  useResolveParcelProblemsMutation,
  useGetProblemDigestQuery,
  useSetProblemDigestMutation,
  useReshipProblemOrderMutation,
  useAddProblemNoteMutation,
} = parcelProblemsApi;
