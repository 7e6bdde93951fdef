import Type from 'typebox';
import type { Carrier } from './carrier-names.ts';
import { CarrierSchema } from './carriers.ts';
import { IdSchema } from './ids.ts';
import { literalUnion, Nullable } from './schema-kit.ts';

/**
 * The end of the day on the wire (docs/end-of-day.md): the day's standing labels by carrier account and ship-from
 * address, each with the SCAN form it is on; the SCAN forms made (USPS) and the pickups booked (USPS, UPS, FedEx).
 * Days are YYYY-MM-DD in the tenant's zone, times HH:MM at the pickup address, weights in grams.
 */

/**
 * The form a carrier's day ends with here: USPS's SCAN form (PS 5630), FedEx's Ground End of Day Close (its manifest),
 * a Shippo manifest (USPS labels bought through Shippo); UPS and the built-in carrier need none.
 */
const END_OF_DAY_FORM_KINDS = ['scan_form', 'close', 'manifest', 'none'] as const;
export type EndOfDayFormKind = (typeof END_OF_DAY_FORM_KINDS)[number];
export const END_OF_DAY_FORMS: Record<Carrier, EndOfDayFormKind> = {
  usps: 'scan_form',
  fedex: 'close',
  shippo: 'manifest',
  ups: 'none',
  local: 'none',
};
/** What the page calls each form. */
export const END_OF_DAY_FORM_NAMES: Record<EndOfDayFormKind, string> = {
  scan_form: 'SCAN form',
  close: 'FedEx Ground close',
  manifest: 'Shippo manifest',
  none: 'form',
};
/** The carriers whose day ends with a form made here. */
export const SCAN_FORM_CARRIERS: readonly Carrier[] = ['usps', 'fedex', 'shippo'];
const FEDEX_GROUND_SERVICES = ['FEDEX_GROUND', 'GROUND_HOME_DELIVERY'];

/**
 * Whether the carrier's form covers a label of this service: every USPS label, FedEx Ground and Home Delivery (Express
 * needs no close), USPS labels bought through Shippo (its `usps_` service levels).
 */
export function formCoversService(carrier: Carrier, serviceCode: string): boolean {
  if (carrier === 'usps') return true;
  if (carrier === 'fedex') return FEDEX_GROUND_SERVICES.includes(serviceCode);
  if (carrier === 'shippo') return serviceCode.startsWith('usps_');
  return false;
}
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
  /** The form (SCAN form, close, manifest) it is on, or null. */
  scanFormId: Nullable(IdSchema),
  /** The group's form covers it (false: a FedEx Express label, a UPS label...). */
  needsForm: Type.Boolean(),
});

/** One carrier account's standing labels of the day from one ship-from address. */
const EndOfDayGroupSchema = Type.Object({
  carrier: CarrierSchema,
  carrierAccountId: Nullable(IdSchema),
  accountName: Type.String(),
  /** The ship-from address (the tenant's warehouse address); null when none is set. */
  from: Nullable(EndOfDayAddressSchema),
  labels: Type.Array(EndOfDayLabelSchema),
  /** The form the account's day ends with (`none`: no form is made here). */
  form: literalUnion(END_OF_DAY_FORM_KINDS),
  /** Labels the form covers that are not on one yet. */
  withoutForm: Type.Integer(),
  /** The form can be made now (labels it covers are left, the day is not past, a ship-from is set). */
  canMakeForm: Type.Boolean(),
  /** Why no form is offered (or none needed), in the page's words; null when one can be made. */
  formNote: Nullable(Type.String()),
  /** A pickup can be booked with this account. */
  canPickup: Type.Boolean(),
});
export type EndOfDayGroup = Type.Static<typeof EndOfDayGroupSchema>;

/** A SCAN form, a FedEx Ground close or a Shippo manifest, with the labels it covers. */
export const ScanFormSchema = Type.Object({
  id: IdSchema,
  kind: literalUnion(END_OF_DAY_FORM_KINDS),
  carrier: CarrierSchema,
  carrierAccountId: Nullable(IdSchema),
  shipDate: DaySchema,
  /** The carrier's number of the form (USPS's Electronic File Number, FedEx's shipping cycle, Shippo's id). */
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
  /** Today in the tenant's zone: a day before it is past (forms are not made for it). */
  today: DaySchema,
  timeZone: Type.String(),
  groups: Type.Array(EndOfDayGroupSchema),
  scanForms: Type.Array(ScanFormSchema),
  /** Pickups booked for this day (canceled ones too). */
  pickups: Type.Array(PickupSchema),
});
export type EndOfDay = Type.Static<typeof EndOfDaySchema>;

/**
 * `POST /call/endOfDay/scanForms`: the day's form for the account (USPS SCAN form, FedEx Ground close, Shippo
 * manifest) covering its labels not on a form yet. Today or later only.
 */
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
