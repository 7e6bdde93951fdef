import Type from 'typebox';
import type { Carrier } from './carrier-names.ts';
import { CarrierSchema } from './carriers.ts';
import { MAX_PARCEL_GRAMS, MAX_PARCEL_INCHES } from './constants.ts';
import { BoughtCustomsSchema, CustomsDeclarationSchema, type CustomsDraft } from './customs.ts';
import { IdSchema } from './ids.ts';
import { literalUnion, Nullable, schema } from './schema-kit.ts';

/**
 * Shipping labels on the wire: the rates a delivery can ship at, the parcel it ships as, a purchase, the label
 * bought (its document is fetched by `GET /call/shipment/{deliveryId}/shipLabel`), its void and the state of telling
 * the order's channel. Weights in grams, lengths in inches, money in minor units of `currency`.
 */
export const LABEL_FORMATS = ['pdf', 'zpl', 'png'] as const;
export type LabelFormat = (typeof LABEL_FORMATS)[number];

/** active: the label stands. voided: the carrier took it back. refund_requested: voided, the refund still pending. */
export const LABEL_STATUSES = ['active', 'voided', 'refund_requested'] as const;

/** Telling the channel: not_needed (a manual or wholesale order), pending (queued or retrying), pushed, failed. */
export const TRACKING_PUSH_STATUSES = ['not_needed', 'pending', 'pushed', 'failed'] as const;

/** A purchase in flight for a delivery: being bought, or bought with its answer lost and not yet found again. */
export const PURCHASE_STATES = ['buying', 'unconfirmed'] as const;

const Id = IdSchema;

const Inches = Type.Number({ exclusiveMinimum: 0, maximum: MAX_PARCEL_INCHES, description: 'inches' });

/** One box as the label is bought for it. */
const ParcelSchema = Type.Object(
  {
    boxSizeId: Type.Optional(Nullable(Id)),
    packageType: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: "the carrier's package code" })),
    weight: Type.Integer({ minimum: 1, maximum: MAX_PARCEL_GRAMS, description: 'grams, box included' }),
    length: Inches,
    width: Inches,
    height: Inches,
  },
  { additionalProperties: false },
);
export type Parcel = Type.Static<typeof ParcelSchema>;

/** Signature on delivery: standard, or an adult's (21+, with ID). */
export const LABEL_SIGNATURES = ['standard', 'adult'] as const;
export type LabelSignature = (typeof LABEL_SIGNATURES)[number];
/** Whose insurance: the carrier's own coverage, or the aggregator's insurer (Shippo's) where the carrier offers both. */
const INSURANCE_PROVIDERS = ['carrier', 'aggregator'] as const;
export type InsuranceProvider = (typeof INSURANCE_PROVIDERS)[number];
/** At most $1,000,000 declared (in minor units); each carrier's own limit is lower and checked at purchase. */
export const MAX_INSURED_MINOR = 100_000_000;

/**
 * The options a label is bought with (docs/label-options.md). Absent from a purchase: the order's (a rule's or a
 * person's). `insuredValue` in minor units of the order's currency, null for none; `signature` null for none.
 */
const LabelOptionsSchema = Type.Object(
  {
    insuredValue: Nullable(Type.Integer({ minimum: 0, maximum: MAX_INSURED_MINOR, description: 'minor units' })),
    insuranceProvider: Type.Optional(literalUnion(INSURANCE_PROVIDERS)),
    signature: Nullable(literalUnion(LABEL_SIGNATURES)),
  },
  { additionalProperties: false },
);
export type LabelOptions = Type.Static<typeof LabelOptionsSchema>;

/** One price a delivery can ship at. `mapped` marks the service the order's shipping method maps to. */
export type LabelRate = {
  carrier: Carrier;
  carrierAccountId: string | null;
  accountName: string;
  serviceCode: string;
  serviceName: string;
  amount: number;
  currency: string;
  deliveryDays: number | null;
  mapped: boolean;
};

/** A carrier account that could not quote, in its own words: the other accounts' rates are still shown. */
export type RateError = {
  carrier: Carrier;
  carrierAccountId: string | null;
  accountName: string;
  message: string;
};

/** `fsmFlow` defaults of shipLabel and zpl: the delivery to label next, its parcel, and what it can ship at. */
export type ShipLabelDefaults = {
  deliveryId: string;
  parcel: {
    boxSizeId: string | null;
    packageType: string | null;
    weight: number;
    length: number;
    width: number;
    height: number;
  };
  format: LabelFormat;
  /** The options the label will be bought with: the order's unless this query changed them; `currency` of the value. */
  options: LabelOptions & { currency: string; insuranceProvider: InsuranceProvider };
  rates: LabelRate[];
  rateErrors: RateError[];
  /** Why the parcel cannot be priced yet (no weight, no dimensions), for people; null when it can. */
  parcelProblem: string | null;
  /** The customs declaration to send (prefilled, docs/customs.md) when the shipment needs one; null when not. */
  customs: CustomsDraft | null;
};

/** `fsmFlow` of shipLabel / zpl may price another delivery or another parcel than the defaults. */
export const ShipLabelQuerySchema = schema(() =>
  Type.Object(
    {
      deliveryId: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,14}$' })),
      boxSizeId: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,14}$' })),
      packageType: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
      weight: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PARCEL_GRAMS })),
      length: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: MAX_PARCEL_INCHES })),
      width: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: MAX_PARCEL_INCHES })),
      height: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: MAX_PARCEL_INCHES })),
      rates: Type.Optional(
        Type.Boolean({
          description: 'false: the delivery and parcel only, without asking the carriers (default true)',
        }),
      ),
      insuredValue: Type.Optional(
        Type.Integer({ minimum: 0, maximum: MAX_INSURED_MINOR, description: 'minor units; 0: not insured' }),
      ),
      insuranceProvider: Type.Optional(literalUnion(INSURANCE_PROVIDERS)),
      signature: Type.Optional(literalUnion(['none', ...LABEL_SIGNATURES] as const)),
    },
    { additionalProperties: false },
  ),
);
export type ShipLabelQuery = Type.Static<typeof ShipLabelQuerySchema>;

/** The shipLabel / zpl part of the orderFlow body: which delivery, which service, which parcel. */
export const LabelPurchaseSchema = Type.Object(
  {
    deliveryId: Type.Optional(Id),
    carrier: CarrierSchema,
    carrierAccountId: Type.Optional(Nullable(Id)),
    serviceCode: Type.String({ minLength: 1, maxLength: 64 }),
    parcel: ParcelSchema,
    options: Type.Optional(LabelOptionsSchema),
    customs: Type.Optional(CustomsDeclarationSchema),
  },
  { additionalProperties: false },
);
export type LabelPurchase = Type.Static<typeof LabelPurchaseSchema>;

const TrackingPushSchema = Type.Object({
  status: literalUnion(TRACKING_PUSH_STATUSES),
  attempts: Type.Integer(),
  message: Nullable(Type.String({ description: "the channel's words when the last attempt failed" })),
  pushedAt: Nullable(Type.String({ format: 'date-time' })),
});

/**
 * The options a label was bought with, as recorded on it: `insuredValue` in minor units of `insuredCurrency` (null:
 * not insured), whose insurance, the signature asked for (null: none). Labels bought before these were recorded
 * (migration 0023) answer nulls, whatever they were bought with (their purchase's timeline row has them).
 */
const BoughtOptionsSchema = Type.Object({
  insuredValue: Nullable(Type.Integer({ description: 'minor units of insuredCurrency' })),
  insuredCurrency: Nullable(Type.String()),
  insuranceProvider: Nullable(literalUnion(INSURANCE_PROVIDERS)),
  signature: Nullable(literalUnion(LABEL_SIGNATURES)),
});

export const ShippingLabelSchema = Type.Object({
  id: Id,
  deliveryId: Id,
  orderId: Id,
  carrier: CarrierSchema,
  carrierAccountId: Nullable(Id),
  serviceCode: Type.String(),
  serviceName: Type.String(),
  packageType: Type.String(),
  weight: Type.Integer(),
  length: Type.Number(),
  width: Type.Number(),
  height: Type.Number(),
  trackingNumber: Type.String(),
  trackingUrl: Nullable(Type.String()),
  format: literalUnion(LABEL_FORMATS),
  amount: Type.Integer(),
  currency: Type.String(),
  status: literalUnion(LABEL_STATUSES),
  createdAt: Type.String({ format: 'date-time' }),
  createdBy: Type.String(),
  voidedAt: Nullable(Type.String({ format: 'date-time' })),
  voidMessage: Nullable(Type.String()),
  trackingPush: TrackingPushSchema,
  options: BoughtOptionsSchema,
  /** The customs it was bought with (docs/customs.md); null for a shipment that needed none. */
  customs: Nullable(BoughtCustomsSchema),
});
export type ShippingLabel = Type.Static<typeof ShippingLabelSchema>;

/** `GET /call/usps/cancelShipment/{deliveryId}`: the label voided (or its refund requested). */
export const VoidResultSchema = Type.Object({
  label: ShippingLabelSchema,
  order: Type.Object({ id: Id, version: Type.Integer() }),
});
export type VoidResult = Type.Static<typeof VoidResultSchema>;

/** Where a buyer follows a parcel, by carrier; the built-in carrier has no public tracking page. */
export function trackingUrl(carrier: string, trackingNumber: string): string | null {
  const n = encodeURIComponent(trackingNumber);
  switch (carrier) {
    case 'usps':
      return `https://tools.usps.com/go/TrackConfirmAction?tLabels=${n}`;
    case 'ups':
      return `https://www.ups.com/track?tracknum=${n}`;
    case 'fedex':
      return `https://www.fedex.com/fedextrack/?trknbr=${n}`;
    default:
      return null;
  }
}

/** One box of `POST /call/order/{orderId}/shapeDeliveries`: which units of which lines go in it, and its parcel. */
const DeliveryShapeSchema = Type.Object(
  {
    deliveryId: Type.Optional(Id),
    lines: Type.Array(
      Type.Object(
        { lineId: Id, quantity: Type.Integer({ minimum: 1, maximum: 1_000_000 }) },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: 500 },
    ),
    boxSizeId: Type.Optional(Nullable(Id)),
    weight: Type.Optional(
      Type.Integer({ minimum: 0, maximum: MAX_PARCEL_GRAMS, description: 'grams; 0: from the lines' }),
    ),
    length: Type.Optional(Nullable(Inches)),
    width: Type.Optional(Nullable(Inches)),
    height: Type.Optional(Nullable(Inches)),
  },
  { additionalProperties: false },
);

/**
 * The order's unlabelled deliveries as the seller wants them: split into several boxes or merged into one. Every
 * unit not in a labelled delivery goes in exactly one of them.
 */
export const DeliveriesShapeSchema = Type.Object(
  {
    version: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
    deliveries: Type.Array(DeliveryShapeSchema, { minItems: 1, maxItems: 100 }),
  },
  { additionalProperties: false },
);
export type DeliveriesShape = Type.Static<typeof DeliveriesShapeSchema>;
