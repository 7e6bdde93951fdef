import type {
  OrderAddressUpdate,
  CreateOrder,
  FsmFlow,
  Order,
  OrderEventRecord,
  OrderFlowBody,
  OrderFlowResult,
  OrderList,
  OrderNote,
  OrderRuleSettingsUpdate,
  OrderShippingUpdate,
  OrderSort,
  SuccessEnvelope,
} from '@shipdesk/contract';
import { ORDER_LIST_TAG, orderTag } from '@/entities/orders/order-tags';
import { api } from '@/lib/api/base-api';
import { idempotentPost } from '@/lib/api/idempotency';
import { envelopeData } from '@/lib/api/envelope-data';
import { apiErrorMessage, type ApiError } from '@/lib/errors';

/**
 * Events this screen asks fsmFlow about and offers (labels are made on the label screens); all but the return label
 * (its own form and call, returns/) run through orderFlow.
 */
export const VIEW_EVENTS = [
  'approve',
  'processPayment',
  'shipComplete',
  'cancel',
  'reorder',
  'reship',
  'returnLabel',
  'delete',
] as const;
export type ViewEvent = (typeof VIEW_EVENTS)[number];
/** The view's events that run through orderFlow. */
export type FlowEvent = Exclude<ViewEvent, 'returnLabel'>;

export type FsmFlows = Record<ViewEvent, FsmFlow>;

/** A flow answer for an event the server would not answer about: not allowed, with the reason. */
function refusedFlow(event: string, message: string): FsmFlow {
  return { event, allowed: false, reason: 'unavailable', message, next: null, defaults: {}, version: 0 };
}

export interface OrderListArgs {
  page: number;
  size: number;
  order: OrderSort;
  filters: Record<string, string>;
  cursor: string | null;
}

/** Lists come as an array or as a page `{ rows }`; either way, the rows. */
function rowsOf<T>(response: SuccessEnvelope<unknown>): T[] {
  const payload = response?.data;
  if (Array.isArray(payload)) return payload as T[];
  if (payload && typeof payload === 'object' && Array.isArray((payload as { rows?: unknown }).rows)) {
    return (payload as { rows: T[] }).rows;
  }
  return [];
}

function listQueryString(args: OrderListArgs): string {
  const query = new URLSearchParams({ size: String(args.size), page: String(args.page), hide: '0' });
  if (Object.keys(args.filters).length > 0) query.set('filters', JSON.stringify(args.filters));
  query.set('order', args.order);
  if (args.cursor) query.set('cursor', args.cursor);
  return query.toString();
}

/**
 * The order calls of spec 7.1 and 7.2 (one declaration per operation; the tags say what each change refreshes).
 * Every change of an order invalidates `Order:<id>`, which refreshes the order, its fsmFlow answers and its
 * timeline, and `Order:LIST`.
 */
const ordersApi = api.injectEndpoints({
  endpoints: (build) => ({
    listOrders: build.query<OrderList, OrderListArgs>({
      query: (args) => `api/v1/orders?${listQueryString(args)}`,
      transformResponse: envelopeData<OrderList>,
      providesTags: (result) => [ORDER_LIST_TAG, ...(result?.rows ?? []).map((row) => orderTag(row.id))],
    }),
    getOrder: build.query<Order, string>({
      query: (id) => `api/v1/orders/${encodeURIComponent(id)}`,
      transformResponse: envelopeData<Order>,
      providesTags: (_result, _error, id) => [orderTag(id)],
    }),
    createOrder: build.mutation<Order, { body: CreateOrder; idempotencyKey: string }>({
      query: ({ body, idempotencyKey }) => idempotentPost('api/v1/store/1/orders', body, idempotencyKey),
      transformResponse: envelopeData<Order>,
      invalidatesTags: [ORDER_LIST_TAG, 'SetupGuide', 'Dashboard'],
    }),
    getOrderEvents: build.query<OrderEventRecord[], string>({
      query: (id) => `api/v1/orders/${encodeURIComponent(id)}/events`,
      transformResponse: rowsOf<OrderEventRecord>,
      providesTags: (_result, _error, id) => [orderTag(id)],
    }),
    /** fsmFlow for every event this screen offers, asked together when the order view loads. */
    getFsmFlows: build.query<FsmFlows, string>({
      async queryFn(orderId, _api, _extra, baseQuery) {
        const answers = await Promise.all(
          VIEW_EVENTS.map((event) => baseQuery(`call/orders/${encodeURIComponent(orderId)}/${event}/fsmFlow`)),
        );
        const flows = {} as FsmFlows;
        let failures = 0;
        VIEW_EVENTS.forEach((event, index) => {
          const answer = answers[index]!;
          const flow = (answer.data as SuccessEnvelope<FsmFlow> | undefined)?.data;
          if (answer.error || !flow) {
            failures += 1;
            flows[event] = refusedFlow(event, apiErrorMessage(answer.error, 'Not available'));
          } else {
            flows[event] = flow;
          }
        });
        // One unknown event is that event's problem; all of them failing means the order could not be asked.
        if (failures === VIEW_EVENTS.length) return { error: answers[0]!.error as ApiError };
        return { data: flows };
      },
      providesTags: (_result, _error, orderId) => [orderTag(orderId)],
    }),
    runOrderFlow: build.mutation<
      OrderFlowResult,
      { orderId: string; event: FlowEvent; body: OrderFlowBody; idempotencyKey: string }
    >({
      query: ({ orderId, event, body, idempotencyKey }) =>
        idempotentPost(`call/orders/${encodeURIComponent(orderId)}/${event}/orderFlow`, body, idempotencyKey),
      transformResponse: envelopeData<OrderFlowResult>,
      // A refused move (409) may mean the order changed under us: refresh it either way.
      invalidatesTags: (_result, _error, { orderId }) => [orderTag(orderId), ORDER_LIST_TAG, 'Dashboard'],
    }),
    updateOrderAddress: build.mutation<
      unknown,
      { orderId: string; type: 'billing' | 'shipping'; address: OrderAddressUpdate }
    >({
      query: ({ orderId, type, address }) => ({
        url: `call/order/${encodeURIComponent(orderId)}/${type}/updateOrderAddress`,
        method: 'POST',
        body: address,
      }),
      invalidatesTags: (_result, error, { orderId }) =>
        error?.status === 400 ? [] : [orderTag(orderId), ORDER_LIST_TAG],
    }),
    /** A carrier service chosen by hand for one order, or `{ automatic: true }` to hand it back to the mappings. */
    updateOrderShipping: build.mutation<Order, { orderId: string; body: OrderShippingUpdate; idempotencyKey: string }>({
      query: ({ orderId, body, idempotencyKey }) =>
        idempotentPost(`call/order/${encodeURIComponent(orderId)}/updateOrderShipping`, body, idempotencyKey),
      transformResponse: envelopeData<Order>,
      // A 409 may mean the order changed under us, so it refreshes too; a 400 only names fields of the form.
      invalidatesTags: (_result, error, { orderId }) =>
        error?.status === 400 ? [] : [orderTag(orderId), ORDER_LIST_TAG],
    }),
    /**
     * Box, insurance, signature and hold set by hand (the rules keep off them), or handed back to the rules, which run
     * again on the order (its "why" hangs on `Order:<id>` too).
     */
    updateOrderRuleSettings: build.mutation<
      Order,
      { orderId: string; body: OrderRuleSettingsUpdate; idempotencyKey: string }
    >({
      query: ({ orderId, body, idempotencyKey }) =>
        idempotentPost(`call/order/${encodeURIComponent(orderId)}/updateRuleSettings`, body, idempotencyKey),
      transformResponse: envelopeData<Order>,
      // As updateOrderShipping: a 409 refreshes the order; a 400 only names fields of the form.
      invalidatesTags: (_result, error, { orderId }) =>
        error?.status === 400 ? [] : [orderTag(orderId), ORDER_LIST_TAG],
    }),
    listOrderNotes: build.query<OrderNote[], string>({
      query: (orderId) => `api/v1/orderNotes?order_id=${encodeURIComponent(orderId)}`,
      transformResponse: rowsOf<OrderNote>,
      providesTags: (_result, _error, orderId) => [{ type: 'OrderNote', id: orderId }],
    }),
    addOrderNote: build.mutation<OrderNote, { orderId: string; note: string }>({
      query: ({ orderId, note }) => ({ url: 'api/v1/orderNotes', method: 'POST', body: { order_id: orderId, note } }),
      transformResponse: envelopeData<OrderNote>,
      invalidatesTags: (_result, _error, { orderId }) => [{ type: 'OrderNote', id: orderId }, orderTag(orderId)],
    }),
    updateOrderNote: build.mutation<OrderNote, { id: string; orderId: string; note: string }>({
      query: ({ id, note }) => ({ url: `api/v1/orderNotes/${encodeURIComponent(id)}`, method: 'PUT', body: { note } }),
      transformResponse: envelopeData<OrderNote>,
      invalidatesTags: (_result, _error, { orderId }) => [{ type: 'OrderNote', id: orderId }, orderTag(orderId)],
    }),
  }),
});

export const {
  useListOrdersQuery,
  useGetOrderQuery,
  useCreateOrderMutation,
  useGetOrderEventsQuery,
  useGetFsmFlowsQuery,
  useRunOrderFlowMutation,
  useUpdateOrderAddressMutation,
  useUpdateOrderShippingMutation,
  useUpdateOrderRuleSettingsMutation,
  useListOrderNotesQuery,
  useAddOrderNoteMutation,
  useUpdateOrderNoteMutation,
} = ordersApi;
