import Type from 'typebox';
import { Nullable, schema } from './schema-kit.ts';
import { IdSchema, INT32_MAX } from './ids.ts';
import type { OrderStatus, PaymentStatus, ShipmentStatus, SourceType } from './enums.ts';
import { OrderLineInputSchema } from './orders.ts';
import { MAX_PARCEL_GRAMS, MAX_PARCEL_INCHES } from './constants.ts';

/**
 * Edits of an order beside its lifecycle events (docs/order-editing.md): its lines, and the payment status Terms.
 * The lifecycle table (order-lifecycle.ts) moves an order between statuses; these say which orders may be edited,
 * for the server (which refuses with the reason) and the web (which shows the reason instead of the controls).
 */

const Version = Type.Integer({
  minimum: 1,
  maximum: INT32_MAX,
  description: "the order's version the form was loaded with",
});

/**
 * Body of `POST /call/order/{orderId}/updateOrderLines`: the order's lines as they are to be, in order. A line with
 * `lineId` is that line of the order changed (its category and hazard kept unless sent); a line without is added; a line
 * of the order not sent is removed. The version is required: a lines form is always loaded from one.
 */
export const OrderLinesUpdateSchema = schema(() =>
  Type.Object(
    {
      version: Version,
      lines: Type.Array(
        Type.Object(
          { lineId: Type.Optional(IdSchema), ...OrderLineInputSchema.properties },
          { additionalProperties: false },
        ),
        { minItems: 1, maxItems: 500 },
      ),
    },
    { additionalProperties: false },
  ),
);
export type OrderLinesUpdate = Type.Static<typeof OrderLinesUpdateSchema>;

/**
 * Body of `POST /call/order/{orderId}/updateLineWeights`: the weight per unit of some of the order's lines, channel
 * orders included (a weight is the seller's fact, not the channel's). Lines not sent keep theirs.
 */
export const OrderLineWeightsUpdateSchema = schema(() =>
  Type.Object(
    {
      version: Version,
      lines: Type.Array(
        Type.Object(
          {
            lineId: IdSchema,
            weight: Type.Integer({ minimum: 1, maximum: MAX_PARCEL_GRAMS, description: 'grams per unit' }),
          },
          { additionalProperties: false },
        ),
        { minItems: 1, maxItems: 500 },
      ),
    },
    { additionalProperties: false },
  ),
);
export type OrderLineWeightsUpdate = Type.Static<typeof OrderLineWeightsUpdateSchema>;

const Inches = Type.Number({ exclusiveMinimum: 0, maximum: MAX_PARCEL_INCHES, description: 'inches' });

/**
 * Body of `POST /call/order/{orderId}/updateDeliveryParcel`: one planned delivery's box, weight and dimensions, as
 * the label will start from them. `weight` null: its lines' weight plus the box's own; dimensions null: the box's
 * (or, without a box, the smallest box that holds the weight, when the label is bought). The three sides go together.
 */
export const DeliveryParcelUpdateSchema = schema(() =>
  Type.Object(
    {
      version: Version,
      deliveryId: IdSchema,
      boxSizeId: Nullable(IdSchema),
      weight: Nullable(
        Type.Integer({ minimum: 1, maximum: MAX_PARCEL_GRAMS, description: 'grams, box included; null: computed' }),
      ),
      length: Nullable(Inches),
      width: Nullable(Inches),
      height: Nullable(Inches),
    },
    { additionalProperties: false },
  ),
);
export type DeliveryParcelUpdate = Type.Static<typeof DeliveryParcelUpdateSchema>;

/** Body of `POST /call/order/{orderId}/paymentTerms`: `terms: true` sets Terms, `false` takes it back. */
export const PaymentTermsUpdateSchema = Type.Object(
  { terms: Type.Boolean(), version: Version },
  { additionalProperties: false },
);
export type PaymentTermsUpdate = Type.Static<typeof PaymentTermsUpdateSchema>;

/** What the edit rules read of an order. */
interface EditedOrder {
  sourceType: SourceType | string;
  storeName?: string | null;
  orderStatus: OrderStatus;
  paymentStatus: PaymentStatus;
  shipmentStatus: ShipmentStatus;
  paidTotal: number;
}

export interface EditRefusal {
  reason: 'channel_order' | 'invalid_status';
  message: string;
}

/** Orders typed in this app (by hand, or into a Wholesale store): their lines are the seller's. */
const OWN_SOURCE = 'Wholesale';

const SOURCE_NAMES: Record<string, string> = {
  Ebay: 'eBay',
  AmazonSP: 'Amazon',
  Bigcommerce: 'BigCommerce',
  Walmart: 'Walmart',
  Shopify: 'Shopify',
  Magento: 'Magento',
};

/** The order statuses whose lines may change: not yet shipped, canceled or deleted. */
const LINE_EDIT_ORDER_STATUSES: readonly OrderStatus[] = ['Draft Order', 'Sales Order'];
/** Terms is set on open orders only; once completed, what is owed is settled with payments. */
const TERMS_ORDER_STATUSES: readonly OrderStatus[] = ['Draft Order', 'Sales Order'];

/** The channel's name as sellers know it ("Amazon" for AmazonSP). */
export function channelName(sourceType: string): string {
  return SOURCE_NAMES[sourceType] ?? sourceType;
}

function channelRefusal(order: EditedOrder, what: string): EditRefusal | null {
  if (order.sourceType === OWN_SOURCE) return null;
  const channel = channelName(order.sourceType);
  const article = /^[aeiou]/i.test(channel) ? 'an' : 'a';
  return { reason: 'channel_order', message: `${what} of ${article} ${channel} order come from ${channel}` };
}

/**
 * Why the order's lines may not be edited, or null when they may: a channel's order keeps the lines its channel
 * sent; only a Draft or Sales Order with nothing shipped may change (a label bought or in flight is refused by the
 * server, which sees the deliveries).
 */
export function lineEditRefusal(order: EditedOrder): EditRefusal | null {
  const channel = channelRefusal(order, 'The lines');
  if (channel) return channel;
  if (!LINE_EDIT_ORDER_STATUSES.includes(order.orderStatus)) {
    return { reason: 'invalid_status', message: `The lines of a ${order.orderStatus} order cannot change` };
  }
  if (order.shipmentStatus !== 'Unshipped') {
    return { reason: 'invalid_status', message: 'Some of this order has shipped: its lines cannot change' };
  }
  return null;
}

/**
 * Why the weights of the order's lines, or its planned deliveries' boxes, may not change, or null when they may: any
 * channel's order, while it is a Draft or Sales Order with nothing shipped (a line or box with a label is refused by
 * the server, which sees the deliveries).
 */
export function parcelEditRefusal(order: Pick<EditedOrder, 'orderStatus' | 'shipmentStatus'>): EditRefusal | null {
  if (!LINE_EDIT_ORDER_STATUSES.includes(order.orderStatus)) {
    return { reason: 'invalid_status', message: `The weights of a ${order.orderStatus} order cannot change` };
  }
  if (order.shipmentStatus !== 'Unshipped') {
    return { reason: 'invalid_status', message: 'Some of this order has shipped: its weights cannot change' };
  }
  return null;
}

/** Why Terms may not be set (`terms`) or taken back (`!terms`) on the order, or null when it may. */
export function termsRefusal(order: EditedOrder, terms: boolean): EditRefusal | null {
  const channel = channelRefusal(order, 'Payments');
  if (channel) return { ...channel, message: `${channel.message}; Terms is for wholesale and manual orders` };
  if (!TERMS_ORDER_STATUSES.includes(order.orderStatus)) {
    return { reason: 'invalid_status', message: `The payment terms of a ${order.orderStatus} order cannot change` };
  }
  if (terms && order.paymentStatus !== 'Unpaid' && order.paymentStatus !== 'Paid Partial') {
    return { reason: 'invalid_status', message: `A ${order.paymentStatus} order cannot be put on Terms` };
  }
  if (!terms && order.paymentStatus !== 'Terms') {
    return { reason: 'invalid_status', message: 'The order is not on Terms' };
  }
  return null;
}

/** The payment status when Terms is taken back: what the payments so far say. */
export function paymentStatusWithoutTerms(paidTotal: number): PaymentStatus {
  return paidTotal > 0 ? 'Paid Partial' : 'Unpaid';
}
