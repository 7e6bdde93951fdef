import Type from 'typebox';
import { CarrierSchema } from './carriers.ts';
import { IdSchema } from './ids.ts';
import { literalUnion, Nullable, schema } from './schema-kit.ts';

/**
 * Address checks (docs/address-checks.md): each open order's ship-to is checked against a carrier's address service
 * when it arrives, when it is edited and on demand. The result is kept beside the order, never applied to it:
 * a correction or a candidate is the seller's to take.
 *
 * pending: waiting for its turn (the carrier's rate limit). verified: the carrier knows it as it is. corrected: the
 * carrier knows it in a standardised form (`suggestion`). ambiguous: several addresses match (`candidates`). invalid:
 * the carrier does not know it (`messages`, its words). not_checked: the carrier could not answer (an outage, its
 * rate limit): tried again later, never counted as invalid. format_only: no carrier account of the organisation
 * checks addresses; only the format was checked.
 */
export const ADDRESS_CHECK_STATUSES = [
  'pending',
  'verified',
  'corrected',
  'ambiguous',
  'invalid',
  'not_checked',
  'format_only',
] as const;
export type AddressCheckStatus = (typeof ADDRESS_CHECK_STATUSES)[number];

/** An address as a carrier's address service answers it (a correction or a candidate). */
const CheckedAddressSchema = Type.Object({
  address1: Type.String(),
  address2: Nullable(Type.String()),
  city: Type.String(),
  state: Nullable(Type.String()),
  postalCode: Type.String(),
  country: Type.String(),
});
export type CheckedAddress = Type.Static<typeof CheckedAddressSchema>;

export const AddressCheckSchema = schema(() =>
  Type.Object({
    orderId: IdSchema,
    status: literalUnion(ADDRESS_CHECK_STATUSES),
    /** The carrier whose address service answered; null before an answer, or with format checks only. */
    carrier: Nullable(CarrierSchema),
    /** Residential (true) or commercial (false), when the carrier says; null when it does not. */
    residential: Nullable(Type.Boolean()),
    suggestion: Nullable(CheckedAddressSchema),
    candidates: Type.Array(CheckedAddressSchema),
    /** The carrier's words (why invalid, what it corrected) or, with format checks only, the format's problems. */
    messages: Type.Array(Type.String()),
    checkedAt: Nullable(Type.String({ format: 'date-time' })),
    /** When a pending or not-checked address is asked next (the carrier's rate limit, a retry after an outage). */
    nextAt: Nullable(Type.String({ format: 'date-time' })),
  }),
);
export type AddressCheck = Type.Static<typeof AddressCheckSchema>;

/** `POST /call/addressChecks`: check these orders' ship-to addresses again, now (as the rate limit allows). */
export const AddressCheckRequestSchema = Type.Object(
  { orderIds: Type.Array(IdSchema, { minItems: 1, maxItems: 5000 }) },
  { additionalProperties: false },
);

/**
 * `POST /call/orders/{orderId}/addressCheck/apply`: take the carrier's correction (`suggestion`) or one of its
 * candidates (`candidate`, by index) as the order's ship-to; `version` as every order write.
 */
export const AddressCheckApplySchema = Type.Object(
  {
    version: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
    use: Type.Union([Type.Literal('suggestion'), Type.Literal('candidate')]),
    candidate: Type.Optional(Type.Integer({ minimum: 0, maximum: 49 })),
  },
  { additionalProperties: false },
);
export type AddressCheckApply = Type.Static<typeof AddressCheckApplySchema>;
