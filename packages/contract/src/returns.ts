import Type from 'typebox';
import type { Carrier } from './carrier-names.ts';
import { CarrierSchema } from './carriers.ts';
import { MAX_PARCEL_GRAMS, MAX_PARCEL_INCHES } from './constants.ts';
import { IdSchema } from './ids.ts';
import { LABEL_FORMATS, LABEL_STATUSES } from './labels.ts';
import { literalUnion, Nullable, schema } from './schema-kit.ts';

/**
 * Return labels on the wire (docs/returns.md): a label from the buyer's address back to the seller's returns address
 * (config `returns_address`, else the ship-from), bought for an order with shipped units, with a return authorisation
 * number (RMA) printed as its reference, e-mailed to the buyer and kept on the order. Weights in grams, lengths in
 * inches, money in minor units of `currency`.
 */

/** Whether a carrier's return labels are charged when the buyer uses them (scanned) rather than when bought. */
export const RETURN_PAY_ON_USE: Record<Carrier, boolean> = {
  usps: true,
  shippo: true,
  ups: false,
  fedex: false,
  local: false,
};

/** The e-mail to the buyer: not asked for, queued (the engine sends it), sent, or failed (the mailer's words). */
export const RETURN_EMAIL_STATUSES = ['not_sent', 'queued', 'sent', 'failed'] as const;
export type ReturnEmailStatus = (typeof RETURN_EMAIL_STATUSES)[number];

/** An RMA as printed on labels: letters, digits, dashes, 1 to 30 characters (every carrier's reference field). */
export const RMA_PATTERN = '^[A-Za-z0-9][A-Za-z0-9-]{0,29}$';

const Id = IdSchema;
const Inches = Type.Number({ exclusiveMinimum: 0, maximum: MAX_PARCEL_INCHES, description: 'inches' });

/** `POST /call/order/{orderId}/returnLabel`: every field optional; the defaults are what `returnLabelDefaults` says. */
export const ReturnLabelCreateSchema = schema(() =>
  Type.Object(
    {
      /** The outbound delivery the buyer sends back (default: the order's latest labelled delivery). */
      deliveryId: Type.Optional(Id),
      carrier: Type.Optional(CarrierSchema),
      carrierAccountId: Type.Optional(Nullable(Id)),
      /** A domestic service of the carrier's catalogue; its return service is bought. */
      serviceCode: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
      weight: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PARCEL_GRAMS, description: 'grams' })),
      length: Type.Optional(Inches),
      width: Type.Optional(Inches),
      height: Type.Optional(Inches),
      rma: Type.Optional(Type.String({ pattern: RMA_PATTERN, description: 'return authorisation number' })),
      format: Type.Optional(literalUnion(LABEL_FORMATS.filter((f) => f !== 'png'))),
      /** E-mail the label to the buyer (default: yes when the order has the buyer's e-mail). */
      emailBuyer: Type.Optional(Type.Boolean()),
      /** Where to e-mail it instead of the order's buyer e-mail. */
      email: Type.Optional(Type.String({ format: 'email', maxLength: 254 })),
      /** The order version the form showed (409 `stale_version` when it moved). */
      version: Type.Optional(Type.Integer({ minimum: 0 })),
    },
    { additionalProperties: false },
  ),
);
export type ReturnLabelCreate = Type.Static<typeof ReturnLabelCreateSchema>;

/** `POST /call/returnLabels`: return labels for selected orders, each with its defaults. */
export const ReturnLabelsCreateSchema = Type.Object(
  {
    orderIds: Type.Array(Id, { minItems: 1, maxItems: 50, uniqueItems: true }),
    emailBuyer: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type ReturnLabelsCreate = Type.Static<typeof ReturnLabelsCreateSchema>;

const ReturnAddressSchema = Type.Object({
  name: Type.String(),
  company: Nullable(Type.String()),
  street1: Type.String(),
  street2: Nullable(Type.String()),
  city: Type.String(),
  state: Nullable(Type.String()),
  postalCode: Type.String(),
  country: Type.String(),
});
export type ReturnAddress = Type.Static<typeof ReturnAddressSchema>;

const ReturnEmailSchema = Type.Object({
  status: literalUnion(RETURN_EMAIL_STATUSES),
  to: Nullable(Type.String()),
  sentAt: Nullable(Type.String({ format: 'date-time' })),
  /** Why it failed, in the mailer's words. */
  message: Nullable(Type.String()),
});

export const ReturnLabelSchema = Type.Object({
  id: Id,
  orderId: Id,
  /** The outbound delivery it returns; null when that delivery is gone. */
  deliveryId: Nullable(Id),
  carrier: CarrierSchema,
  carrierAccountId: Nullable(Id),
  serviceCode: Type.String(),
  serviceName: Type.String(),
  rma: Type.String(),
  trackingNumber: Type.String(),
  trackingUrl: Nullable(Type.String()),
  payOnUse: Type.Boolean(),
  /** Charged now, or (pay on use) what the carrier will charge when it is used; 0 when it does not say. */
  amount: Type.Integer(),
  currency: Type.String(),
  format: literalUnion(LABEL_FORMATS),
  weight: Type.Integer(),
  length: Type.Number(),
  width: Type.Number(),
  height: Type.Number(),
  from: ReturnAddressSchema,
  to: ReturnAddressSchema,
  status: literalUnion(LABEL_STATUSES),
  email: ReturnEmailSchema,
  createdAt: Type.String({ format: 'date-time' }),
  createdBy: Type.String(),
  voidedAt: Nullable(Type.String({ format: 'date-time' })),
  voidMessage: Nullable(Type.String()),
});
export type ReturnLabel = Type.Static<typeof ReturnLabelSchema>;

/** One service a return label can be bought on: an account's domestic service whose carrier makes return labels. */
const ReturnChoiceSchema = Type.Object({
  carrier: CarrierSchema,
  carrierAccountId: Nullable(Id),
  accountName: Type.String(),
  serviceCode: Type.String(),
  serviceName: Type.String(),
  payOnUse: Type.Boolean(),
});
export type ReturnChoice = Type.Static<typeof ReturnChoiceSchema>;

/** `GET /call/order/{orderId}/returnLabelDefaults`: the form prefilled, or why no return label can be made. */
export const ReturnLabelDefaultsSchema = Type.Object({
  /** Null when a return label can be made; otherwise why not (no shipped units, no returns address, ...). */
  refusal: Nullable(Type.Object({ reason: Type.String(), message: Type.String() })),
  version: Type.Integer(),
  /** The order's labelled deliveries, newest first: what the buyer may send back. */
  deliveries: Type.Array(
    Type.Object({
      deliveryId: Id,
      carrier: CarrierSchema,
      serviceName: Type.String(),
      trackingNumber: Type.String(),
    }),
  ),
  choices: Type.Array(ReturnChoiceSchema),
  proposed: Nullable(
    Type.Object({
      deliveryId: Nullable(Id),
      carrier: CarrierSchema,
      carrierAccountId: Nullable(Id),
      serviceCode: Type.String(),
      weight: Type.Integer(),
      length: Type.Number(),
      width: Type.Number(),
      height: Type.Number(),
      rma: Type.String(),
      format: literalUnion(LABEL_FORMATS),
    }),
  ),
  from: Nullable(ReturnAddressSchema),
  to: Nullable(ReturnAddressSchema),
  /** Where the returns address comes from: Settings > Returns address, or the ship-from. */
  toSource: literalUnion(['returns_address', 'warehouse', 'none'] as const),
  buyerEmail: Nullable(Type.String()),
});
export type ReturnLabelDefaults = Type.Static<typeof ReturnLabelDefaultsSchema>;

/** `POST /call/returnLabels`: each order's outcome, in the order asked. */
export const ReturnLabelsResultSchema = Type.Object({
  results: Type.Array(
    Type.Object({
      orderId: Id,
      orderNumber: Nullable(Type.String()),
      returnLabel: Nullable(ReturnLabelSchema),
      error: Nullable(Type.Object({ reason: Type.String(), message: Type.String() })),
    }),
  ),
});
export type ReturnLabelsResult = Type.Static<typeof ReturnLabelsResultSchema>;
