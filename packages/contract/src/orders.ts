import Type from 'typebox';
import { literalUnion, Nullable, schema } from './schema-kit.ts';
import { LabelPurchaseSchema, PURCHASE_STATES, ShippingLabelSchema } from './labels.ts';
import { MAX_PAGE_SIZE } from './constants.ts';
import { IdSchema, INT32_MAX } from './ids.ts';
import { OrderShippingSchema } from './shipping-methods.ts';
import { RuleSettingsSchema } from './shipping-rules.ts';
import { MAX_MINOR_UNITS } from './money.ts';
import { ArchivedAt } from './setup-deletion.ts';
import { TrackingStatusSchema } from './tracking.ts';
import { ORDER_EVENTS, ORDER_STATUSES, PAYMENT_STATUSES, SHIPMENT_STATUSES, SOURCE_TYPES } from './enums.ts';

/**
 * Orders on the wire (spec 3, 7.1). Money is in integer minor units (cents) with the order's
 * currency; weights in grams; timestamps ISO 8601 UTC strings. Ids are strings (bigint in the database).
 */

export const OrderStatusSchema = literalUnion(ORDER_STATUSES);
export const PaymentStatusSchema = literalUnion(PAYMENT_STATUSES);
export const ShipmentStatusSchema = literalUnion(SHIPMENT_STATUSES);
const SourceTypeSchema = literalUnion(SOURCE_TYPES);
export const OrderEventNameSchema = literalUnion(ORDER_EVENTS);

/**
 * `POST /api/v1/store/1/orders`: the spec's only create path. Store 1 is not a row of `stores` (no store may have
 * that id; the database refuses it): it names the manual channel (Wholesale), and orders created there have
 * `storeId: null` and `sourceType: 'Wholesale'`.
 */
export const MANUAL_STORE_ID = '1';

/** Header of every mutating POST of the orders API: same key and same body -> the first answer, replayed. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

/** Reason codes of refusals (409 unless noted) in the error envelope's `reason`, and of fsmFlow's `reason`. */
export type OrderRefusalReason =
  | 'invalid_status'
  | 'no_lines'
  | 'incomplete_shipping_address'
  | 'nothing_due'
  | 'amount_exceeds_balance'
  | 'reason_required'
  | 'all_deliveries_labelled'
  | 'labels_not_configured'
  | 'stale_version'
  | 'idempotency_key_reused'
  | 'not_a_flow_event'
  | 'not_note_author';

/** What a delivery (a planned shipment of some lines) goes through. */
export const DELIVERY_STATUSES = ['planned', 'labelled', 'shipped', 'canceled'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

const Id = IdSchema;
const MinorUnits = Type.Integer({ minimum: 0, maximum: MAX_MINOR_UNITS, description: 'amount in minor units' });
const Currency = Type.String({ pattern: '^[A-Z]{3}$' });
const DateTime = Type.String({ format: 'date-time' });

const AddressInputSchema = Type.Object(
  {
    name: Type.String({
      minLength: 1,
      maxLength: 200,
      description: 'full name; split into first/last at the first space',
    }),
    company: Type.Optional(Type.String({ maxLength: 200 })),
    address1: Type.String({ minLength: 1, maxLength: 200 }),
    address2: Type.Optional(Type.String({ maxLength: 200 })),
    city: Type.String({ minLength: 1, maxLength: 100 }),
    state: Type.Optional(Type.String({ maxLength: 100 })),
    postalCode: Type.Optional(Type.String({ maxLength: 20 })),
    country: Type.String({ pattern: '^[A-Z]{2}$', description: 'ISO 3166-1 alpha-2' }),
    phone: Type.Optional(Type.String({ maxLength: 40 })),
    email: Type.Optional(Type.String({ format: 'email', maxLength: 254 })),
  },
  { additionalProperties: false },
);
export type AddressInput = Type.Static<typeof AddressInputSchema>;

/** Body of `POST /call/order/{orderId}/{billing|shipping}/updateOrderAddress`; `version` (optional) guards. */
export const OrderAddressUpdateSchema = schema(() =>
  Type.Object(
    {
      ...AddressInputSchema.properties,
      version: Type.Optional(
        Type.Integer({ minimum: 1, maximum: INT32_MAX, description: "the order's version the form was loaded with" }),
      ),
    },
    { additionalProperties: false },
  ),
);
export type OrderAddressUpdate = Type.Static<typeof OrderAddressUpdateSchema>;

const AddressSchema = Type.Object({
  type: Type.Union([Type.Literal('billing'), Type.Literal('shipping')]),
  firstName: Type.String(),
  lastName: Type.String(),
  company: Type.Union([Type.String(), Type.Null()]),
  address1: Type.String(),
  address2: Type.Union([Type.String(), Type.Null()]),
  city: Type.String(),
  state: Type.Union([Type.String(), Type.Null()]),
  postalCode: Type.Union([Type.String(), Type.Null()]),
  country: Type.String(),
  phone: Type.Union([Type.String(), Type.Null()]),
  email: Type.Union([Type.String(), Type.Null()]),
});
export type Address = Type.Static<typeof AddressSchema>;

export const OrderLineInputSchema = Type.Object(
  {
    sku: Type.String({ minLength: 1, maxLength: 100 }),
    name: Type.String({ minLength: 1, maxLength: 300 }),
    quantity: Type.Integer({ minimum: 1, maximum: 100_000 }),
    unitPrice: MinorUnits,
    weight: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000, description: 'grams per unit' })),
    category: Type.Optional(Type.String({ maxLength: 100 })),
    hazardous: Type.Optional(Type.Boolean()),
    /** A code of HAZARD_CLASSES (GET /call/shippingRuleSet/getHazardous); the line is then hazardous. */
    hazardClass: Type.Optional(Type.String({ pattern: '^[A-Z][A-Z0-9_]{0,39}$' })),
  },
  { additionalProperties: false },
);
export type OrderLineInput = Type.Static<typeof OrderLineInputSchema>;

const OrderLineSchema = Type.Object({
  id: Id,
  sku: Type.String(),
  name: Type.String(),
  quantity: Type.Integer(),
  quantityShipped: Type.Integer(),
  unitPrice: Type.Integer(),
  weight: Type.Integer(),
  category: Type.Union([Type.String(), Type.Null()]),
  hazardous: Type.Boolean(),
  hazardClass: Type.Union([Type.String(), Type.Null()]),
});

/** Body of `POST /api/v1/store/1/orders`: a manual order sent as a whole. */
export const CreateOrderSchema = Type.Object(
  {
    orderNumber: Type.Optional(Type.String({ minLength: 1, maxLength: 50, description: 'generated when absent' })),
    orderDate: Type.Optional(DateTime),
    currency: Type.Optional(Currency),
    customerName: Type.Optional(Type.String({ maxLength: 200 })),
    customerEmail: Type.Optional(Type.String({ format: 'email', maxLength: 254 })),
    requestedShippingMethod: Type.Optional(Type.String({ maxLength: 200 })),
    shippingTotal: Type.Optional(MinorUnits),
    taxTotal: Type.Optional(MinorUnits),
    discountTotal: Type.Optional(MinorUnits),
    tags: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 50 }), { maxItems: 20 })),
    lines: Type.Array(OrderLineInputSchema, { minItems: 1, maxItems: 500 }),
    shippingAddress: AddressInputSchema,
    billingAddress: Type.Optional(AddressInputSchema),
  },
  { additionalProperties: false },
);
export type CreateOrder = Type.Static<typeof CreateOrderSchema>;

/** A row of the order list. */
const OrderSummarySchema = Type.Object({
  id: Id,
  storeId: Type.Union([Id, Type.Null()]),
  storeName: Type.Union([Type.String(), Type.Null()]),
  sourceType: SourceTypeSchema,
  orderNumber: Type.String(),
  orderDate: DateTime,
  created: DateTime,
  orderStatus: OrderStatusSchema,
  paymentStatus: PaymentStatusSchema,
  shipmentStatus: ShipmentStatusSchema,
  customerName: Type.Union([Type.String(), Type.Null()]),
  customerEmail: Type.Union([Type.String(), Type.Null()]),
  shipTo: Type.Union([Type.String(), Type.Null()], { description: 'city, state, country of the shipping address' }),
  itemCount: Type.Integer(),
  currency: Currency,
  total: Type.Integer(),
  requestedShippingMethod: Type.Union([Type.String(), Type.Null()]),
  /** Where its parcels are (docs/tracking.md): the least advanced of its labels' statuses, a problem first. */
  parcelStatus: Type.Union([TrackingStatusSchema, Type.Null()]),
  /** The latest day a carrier promised for its parcels not yet delivered (YYYY-MM-DD): late after it. */
  parcelExpected: Type.Union([Type.String(), Type.Null()]),
  /** How it ships: resolved from the requested service through the mappings, or chosen by hand. */
  shipping: OrderShippingSchema,
  version: Type.Integer(),
});
export type OrderSummary = Type.Static<typeof OrderSummarySchema>;

export const OrderSchema = Type.Interface([OrderSummarySchema], {
  externalId: Type.Union([Type.String(), Type.Null()]),
  subtotal: Type.Integer(),
  shippingTotal: Type.Integer(),
  taxTotal: Type.Integer(),
  discountTotal: Type.Integer(),
  paidTotal: Type.Integer(),
  tags: Type.Array(Type.String()),
  lines: Type.Array(OrderLineSchema),
  billingAddress: Type.Union([AddressSchema, Type.Null()]),
  shippingAddress: Type.Union([AddressSchema, Type.Null()]),
  linkedOrderId: Type.Union([Id, Type.Null()], { description: 'the order this one was reordered/reshipped from' }),
  /** What shipping rules (or a person) set besides the service: box, insurance, signature, hold. */
  ruleSettings: RuleSettingsSchema,
  updatedAt: DateTime,
});
export type Order = Type.Static<typeof OrderSchema>;

/** Sorts the list accepts (`order` query parameter). */
export const ORDER_SORTS = ['id desc', 'id asc', 'orderDate desc', 'orderDate asc', 'total desc', 'total asc'] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];

/**
 * The days a time filter of the order list may name (a browser's date field sends "0002-11-20" while its year is
 * being typed, and a time zone's offset has no answer for such a year). Outside: 400 naming the filter.
 */
export const ORDER_LIST_FIRST_DAY = '1900-01-01';
export const ORDER_LIST_LAST_DAY = '9999-12-31';

/** Filter fields and the operators each accepts (ARCHITECTURE.md filter grammar). Anything else is a 400. */
export const ORDER_FILTER_FIELDS = {
  orderStatus: ['eq', 'ne', 'in'],
  paymentStatus: ['eq', 'ne', 'in'],
  shipmentStatus: ['eq', 'ne', 'in'],
  storeId: ['eq', 'in'],
  sourceType: ['eq', 'in'],
  orderDate: ['eq', 'gte', 'lte', 'between'],
  created: ['eq', 'gte', 'lte', 'between'],
  created_at: ['eq', 'gte', 'lte', 'between'],
  search: ['like', 'eq'],
  /** The order's requested service (the channel's text), case and outer spaces ignored. */
  requestedService: ['eq'],
  /** The status of the order's address check (docs/address-checks.md); `pending` includes orders not yet swept. */
  addressCheck: ['eq', 'in'],
  /** Where its parcels are (TRACKING_STATUSES, or `late`: past the promised day, not delivered). */
  parcelStatus: ['eq', 'in'],
} as const;

export const OrderListQuerySchema = Type.Object(
  {
    size: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: 10 })),
    page: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
    hide: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
    filters: Type.Optional(Type.String({ maxLength: 4000, description: 'JSON object field -> value (op@value)' })),
    order: Type.Optional(literalUnion(ORDER_SORTS)),
    cursor: Type.Optional(
      Type.String({ maxLength: 500, description: 'opaque keyset cursor from the previous answer (next or prev)' }),
    ),
    last: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: 1,
        description: '1: the last page (read backwards from the end, no OFFSET); page is ignored',
      }),
    ),
  },
  { additionalProperties: false },
);
export type OrderListQuery = Type.Static<typeof OrderListQuerySchema>;

export const OrderListSchema = Type.Object({
  rows: Type.Array(OrderSummarySchema),
  page: Type.Integer(),
  size: Type.Integer(),
  total: Type.Integer(),
  totalIsEstimate: Type.Boolean(),
  nextCursor: Type.Union([Type.String(), Type.Null()], { description: 'pass as cursor with page+1' }),
  prevCursor: Type.Union([Type.String(), Type.Null()], { description: 'pass as cursor with page-1' }),
  statusCounts: Type.Record(Type.String(), Type.Integer(), { description: 'orderStatus -> count, for the tabs' }),
});
export type OrderList = Type.Static<typeof OrderListSchema>;

export const DeliverySchema = Type.Object({
  deliveryId: Id,
  orderId: Id,
  requestedShipMethod: Type.Union([Type.String(), Type.Null()]),
  carrierMethod: Type.Union([Type.String(), Type.Null()]),
  boxSizeId: Type.Union([Id, Type.Null()]),
  weight: Type.Integer({ description: 'grams' }),
  status: literalUnion(DELIVERY_STATUSES),
  lineIds: Type.Array(Id),
  /** The units of each line in this delivery. */
  lines: Type.Array(Type.Object({ lineId: Id, quantity: Type.Integer() })),
  trackingNumber: Type.Union([Type.String(), Type.Null()]),
  packageType: Nullable(Type.String()),
  length: Nullable(Type.Number()),
  width: Nullable(Type.Number()),
  height: Nullable(Type.Number()),
  purchaseState: Nullable(literalUnion(PURCHASE_STATES)),
  /** Why the carrier has not yet said whether it made the label of an unconfirmed purchase, in its words. */
  purchaseProblem: Nullable(Type.String()),
  /** The standing label, or the last voided one; null before any purchase. */
  label: Nullable(ShippingLabelSchema),
});
export type Delivery = Type.Static<typeof DeliverySchema>;

export const BoxSizeSchema = Type.Object({
  id: Id,
  name: Type.String(),
  length: Type.Number({ description: 'inches' }),
  width: Type.Number(),
  height: Type.Number(),
  emptyWeight: Type.Integer({ description: 'grams: the box itself' }),
  maxWeight: Type.Integer({ description: 'grams' }),
  archivedAt: ArchivedAt,
});
export type BoxSize = Type.Static<typeof BoxSizeSchema>;

export const OrderNoteInputSchema = Type.Object(
  { order_id: Id, note: Type.String({ minLength: 1, maxLength: 5000 }) },
  { additionalProperties: false },
);
export const OrderNoteUpdateSchema = Type.Object(
  { note: Type.String({ minLength: 1, maxLength: 5000 }) },
  { additionalProperties: false },
);
export const OrderNoteSchema = Type.Object({
  id: Id,
  order_id: Id,
  note: Type.String(),
  author: Type.String({ description: 'e-mail of the user who wrote it' }),
  editable: Type.Boolean({ description: 'whether the caller may edit it (the author, or an Admin)' }),
  created_at: DateTime,
  updated_at: DateTime,
});
export type OrderNote = Type.Static<typeof OrderNoteSchema>;

const OrderStateSchema = Type.Object({
  orderStatus: OrderStatusSchema,
  paymentStatus: PaymentStatusSchema,
  shipmentStatus: ShipmentStatusSchema,
});
export type OrderState = Type.Static<typeof OrderStateSchema>;

export const OrderEventRecordSchema = Type.Object({
  id: Id,
  event: Type.String(),
  actor: Type.String({ description: 'e-mail of the user, or the system' }),
  at: DateTime,
  before: Type.Union([OrderStateSchema, Type.Null()]),
  after: Type.Union([OrderStateSchema, Type.Null()]),
  payload: Type.Record(Type.String(), Type.Unknown()),
});
export type OrderEventRecord = Type.Static<typeof OrderEventRecordSchema>;

/** Answer of `GET /call/orders/{orderId}/{eventName}/fsmFlow`. */
export const FsmFlowSchema = Type.Object({
  event: Type.String(),
  allowed: Type.Boolean(),
  reason: Type.Union([Type.String(), Type.Null()], { description: 'reason code when not allowed' }),
  message: Type.Union([Type.String(), Type.Null()], { description: 'why not, for people' }),
  next: Type.Union([OrderStateSchema, Type.Null()], { description: 'statuses the event would produce' }),
  defaults: Type.Record(Type.String(), Type.Unknown(), { description: "what the event's form starts with" }),
  version: Type.Integer(),
});
export type FsmFlow = Type.Static<typeof FsmFlowSchema>;

/** Body of `POST /call/orders/{orderId}/{eventName}/orderFlow`. `version` guards against stale screens. */
export const OrderFlowBodySchema = Type.Object(
  {
    version: Type.Integer({ minimum: 1, maximum: INT32_MAX }),
    amount: Type.Optional(
      Type.Integer({ minimum: 1, maximum: MAX_MINOR_UNITS, description: 'processPayment: minor units' }),
    ),
    reason: Type.Optional(Type.String({ maxLength: 500, description: 'cancel, reship' })),
    method: Type.Optional(Type.String({ maxLength: 100, description: 'processPayment: cash, card, check, ...' })),
    label: Type.Optional(LabelPurchaseSchema),
  },
  { additionalProperties: false },
);
export type OrderFlowBody = Type.Static<typeof OrderFlowBodySchema>;

export const OrderFlowResultSchema = Type.Object({
  order: OrderSchema,
  createdOrderId: Type.Union([Id, Type.Null()], { description: 'reorder and reship create a linked order' }),
  label: Type.Optional(ShippingLabelSchema),
});
export type OrderFlowResult = Type.Static<typeof OrderFlowResultSchema>;

/** `POST /call/orders/{orderId}/packingSlip` options (GET uses the defaults for one order). */
export const PackingSlipOptionsSchema = Type.Object(
  {
    orderIds: Type.Optional(Type.Array(Id, { minItems: 1, maxItems: 200 })),
    format: Type.Optional(Type.Union([Type.Literal('4x6'), Type.Literal('letter')])),
  },
  { additionalProperties: false },
);
export type PackingSlipOptions = Type.Static<typeof PackingSlipOptionsSchema>;

/** Realtime events pushed to `tenant:<id>` when orders change. */
export const OrderRealtimeEvent = {
  Changed: 'orders:changed',
} as const;
export interface OrderChangedMessage {
  orderIds: string[];
  event: string;
  version?: number;
}
