import type {
  FsmFlow,
  OrderFlowBody,
  OrderFlowResult,
  ShipLabelDefaults,
  ShipLabelQuery,
  ShippingLabel,
  SuccessEnvelope,
  VoidResult,
} from '@shipdesk/contract';
import { ORDER_LIST_TAG, orderTag } from '@/entities/orders/order-tags';
import { api } from '@/lib/api/base-api';
import { idempotentPost } from '@/lib/api/idempotency';
import { fetchBlob } from '@/lib/api/fetch-blob';

export type LabelEvent = 'shipLabel' | 'zpl';

/** What the label form asks the server: shipLabel's (or zpl's) fsmFlow, with the parcel as the seller shaped it. */
interface LabelRatesArgs {
  orderId: string;
  event: LabelEvent;
  query: ShipLabelQuery;
}

interface LabelFlow {
  flow: FsmFlow;
  /** Present when the event is allowed now. */
  defaults: ShipLabelDefaults | null;
}

function queryString(query: ShipLabelQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * Labels (spec 7.1's shipment calls and the shipLabel / zpl events): rates through fsmFlow, the purchase through
 * orderFlow, the void, the tracking push retry; each change of a label changes its order, so it invalidates the
 * order's tags. Documents are binary and go around the cache (`fetchLabelDocument`).
 */
const labelsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getLabelRates: build.query<LabelFlow, LabelRatesArgs>({
      query: ({ orderId, event, query }) =>
        `call/orders/${encodeURIComponent(orderId)}/${event}/fsmFlow${queryString(query)}`,
      transformResponse: (response: SuccessEnvelope<FsmFlow>) => ({
        flow: response.data,
        defaults: response.data.allowed ? (response.data.defaults as unknown as ShipLabelDefaults) : null,
      }),
      // Asked again whenever the order changes, and each time the form opens (rates are not kept).
      providesTags: (_result, _error, { orderId }) => [orderTag(orderId)],
      keepUnusedDataFor: 0,
    }),
    buyLabel: build.mutation<
      OrderFlowResult,
      { orderId: string; event: LabelEvent; body: OrderFlowBody; idempotencyKey: string }
    >({
      query: ({ orderId, event, body, idempotencyKey }) =>
        idempotentPost(`call/orders/${encodeURIComponent(orderId)}/${event}/orderFlow`, body, idempotencyKey),
      transformResponse: (response: SuccessEnvelope<OrderFlowResult>) => response.data,
      invalidatesTags: (_result, _error, { orderId }) => [orderTag(orderId), ORDER_LIST_TAG, 'Dashboard'],
    }),
    voidLabel: build.mutation<VoidResult, { orderId: string; deliveryId: string }>({
      query: ({ deliveryId }) => `call/usps/cancelShipment/${encodeURIComponent(deliveryId)}`,
      transformResponse: (response: SuccessEnvelope<VoidResult>) => response.data,
      invalidatesTags: (_result, _error, { orderId }) => [orderTag(orderId), ORDER_LIST_TAG, 'Dashboard'],
    }),
    retryTrackingPush: build.mutation<ShippingLabel, { orderId: string; deliveryId: string }>({
      query: ({ deliveryId }) => `call/shipment/${encodeURIComponent(deliveryId)}/retryTrackingPush`,
      transformResponse: (response: SuccessEnvelope<ShippingLabel>) => response.data,
      invalidatesTags: (_result, _error, { orderId }) => [orderTag(orderId)],
    }),
  }),
});

export const { useGetLabelRatesQuery, useBuyLabelMutation, useVoidLabelMutation, useRetryTrackingPushMutation } =
  labelsApi;

/**
 * A delivery's label document: `preview` asks for what a browser shows (ZPL drawn to PNG by the server), else the
 * document as bought. Rejects with an ApiError.
 */
export function fetchLabelDocument(
  deliveryId: string,
  options: { preview?: boolean; labelId?: string } = {},
): Promise<Blob> {
  const path = options.preview ? 'labelPreview' : 'shipLabel';
  const query = options.labelId ? `?labelId=${encodeURIComponent(options.labelId)}` : '';
  return fetchBlob(`/call/shipment/${encodeURIComponent(deliveryId)}/${path}${query}`);
}

/**
 * The customs form kept beside a delivery's label (a CN 22 / CN 23 page or a commercial invoice, PDF), when the carrier
 * gave one apart from the label; `labelId` for an earlier, voided label. Rejects with an ApiError.
 */
export function fetchCustomsForm(deliveryId: string, options: { labelId?: string } = {}): Promise<Blob> {
  const query = options.labelId ? `?labelId=${encodeURIComponent(options.labelId)}` : '';
  return fetchBlob(`/call/shipment/${encodeURIComponent(deliveryId)}/customsForms${query}`);
}
