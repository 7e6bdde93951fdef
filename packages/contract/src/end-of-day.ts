import Type from 'typebox';
import { CarrierSchema, type Carrier } from './carriers.ts';
import { IdSchema } from './ids.ts';
import { literalUnion, Nullable } from './schema-kit.ts';

/**
 * The end of the day on the wire (docs/end-of-day.md): the day's standing labels by carrier account and ship-from
 * address, each with the SCAN form it is on; the SCAN forms made (USPS) and the pickups booked (USPS, UPS, FedEx).
 * Days are YYYY-MM-DD in the tenant's zone, times HH:MM at the pickup address, weights in grams.
 */

/** The carriers whose day ends with a SCAN form made here (USPS's PS 5630). */
export const SCAN_FORM_CARRIERS: readonly Carrier[] = ['usps'];
/** The carriers a pickup can be booked with here. */
export const PICKUP_CARRIERS: readonly Carrier[] = ['usps', 'ups', 'fedex'];

const PICKUP_STATUSES = ['booked', 'canceled'] as const;

const DaySchema = Type.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$', description: 'YYYY-MM-DD' });
const TimeSchema = Type.String({ pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$', description: 'HH:MM' });

/** `GET /call/endOfDay`: the day asked (default today in the tenant's zone). */
export const EndOfDayQuerySchema = Type.Object({ day: Type.Optional(DaySchema) }, { additionalProperties: false });

const EndOfDayAddressSchema = Type.Object({
  name: Type.String(),
  company: Nullable(Type.String()),
  street1: Type.String(),
  street2: Nullable(Type.String()),
  city: Type.String(),
  state: Nullable(Type.String()),
  postalCode: Type.String(),
  country: Type.String(),
});

const EndOfDayLabelSchema = Type.Object({
  id: IdSchema,
  orderId: IdSchema,
  trackingNumber: Type.String(),
  serviceCode: Type.String(),
  serviceName: Type.String(),
  /** Grams. */
  weight: Type.Integer(),
  /** The SCAN form it is on, or null. */
  scanFormId: Nullable(IdSchema),
});

/** One carrier account's standing labels of the day from one ship-from address. */
const EndOfDayGroupSchema = Type.Object({
  carrier: CarrierSchema,
  carrierAccountId: Nullable(IdSchema),
  accountName: Type.String(),
  /** The ship-from address (the tenant's warehouse address); null when none is set. */
  from: Nullable(EndOfDayAddressSchema),
  labels: Type.Array(EndOfDayLabelSchema),
  /** Labels not on a SCAN form yet, for a carrier that makes one. */
  withoutForm: Type.Integer(),
  /** A SCAN form can be made here (a USPS account with labels not on one). */
  canScanForm: Type.Boolean(),
  /** A pickup can be booked with this account. */
  canPickup: Type.Boolean(),
});
export type EndOfDayGroup = Type.Static<typeof EndOfDayGroupSchema>;

export const ScanFormSchema = Type.Object({
  id: IdSchema,
  carrier: CarrierSchema,
  carrierAccountId: Nullable(IdSchema),
  shipDate: DaySchema,
  /** The carrier's number of the form (USPS's Electronic File Number). */
  carrierRef: Nullable(Type.String()),
  trackingNumbers: Type.Array(Type.String()),
  createdAt: Type.String({ format: 'date-time' }),
  createdByEmail: Type.String(),
});
export type ScanForm = Type.Static<typeof ScanFormSchema>;

export const PickupSchema = Type.Object({
  id: IdSchema,
  carrier: CarrierSchema,
  carrierAccountId: Nullable(IdSchema),
  confirmation: Nullable(Type.String()),
  pickupDate: DaySchema,
  readyBy: TimeSchema,
  closeBy: TimeSchema,
  parcels: Type.Integer(),
  weight: Type.Integer({ description: 'grams' }),
  location: Nullable(Type.String()),
  status: literalUnion(PICKUP_STATUSES),
  message: Nullable(Type.String()),
  createdAt: Type.String({ format: 'date-time' }),
  createdByEmail: Type.String(),
  canceledAt: Nullable(Type.String({ format: 'date-time' })),
});
export type Pickup = Type.Static<typeof PickupSchema>;

export const EndOfDaySchema = Type.Object({
  day: DaySchema,
  timeZone: Type.String(),
  groups: Type.Array(EndOfDayGroupSchema),
  scanForms: Type.Array(ScanFormSchema),
  /** Pickups booked for this day (canceled ones too). */
  pickups: Type.Array(PickupSchema),
});
export type EndOfDay = Type.Static<typeof EndOfDaySchema>;

/** `POST /call/endOfDay/scanForms`: one form for the day's USPS labels of the account not on a form yet. */
export const ScanFormCreateSchema = Type.Object(
  { carrierAccountId: IdSchema, day: Type.Optional(DaySchema) },
  { additionalProperties: false },
);
export type ScanFormCreate = Type.Static<typeof ScanFormCreateSchema>;

/** `POST /call/pickups`: at the ship-from address, with the account's carrier. */
export const PickupCreateSchema = Type.Object(
  {
    carrierAccountId: IdSchema,
    pickupDate: DaySchema,
    readyBy: TimeSchema,
    closeBy: TimeSchema,
    parcels: Type.Integer({ minimum: 1, maximum: 999 }),
    weight: Type.Integer({ minimum: 1, maximum: 10_000_000, description: 'grams' }),
    /** Where the parcels wait (front door, reception...). */
    location: Type.Optional(Type.String({ maxLength: 60 })),
  },
  { additionalProperties: false },
);
export type PickupCreate = Type.Static<typeof PickupCreateSchema>;
