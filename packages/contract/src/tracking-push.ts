import Type from 'typebox';
import { literalUnion, Nullable } from './schema-kit.ts';

/**
 * A carrier account's tracking pushes (docs/tracking.md "Pushes"): the carrier POSTs its events to Shipdesk's
 * listener instead of being asked. USPS and Shippo are subscribed through their APIs; UPS Track Alert and FedEx are
 * set up in the carrier's developer portal with the listener's address (and, for UPS, the token endpoint and the
 * client id and secret shown once here).
 */
const CARRIER_PUSH_STATUSES = ['pending', 'active', 'failed', 'disabled'] as const;
export type CarrierPushStatus = (typeof CARRIER_PUSH_STATUSES)[number];

/** `POST /call/carriers/{accountId}/trackingPush`: for FedEx (and Shippo's HMAC) the secret the carrier gave. */
export const CarrierPushSetupSchema = Type.Object(
  {
    secret: Type.Optional(Type.String({ minLength: 16, maxLength: 200, description: "the carrier's signing secret" })),
    /** FedEx: the header its signature comes in (unconfirmed; default `x-fedex-signature`). */
    signatureHeader: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9-]{1,64}$' })),
  },
  { additionalProperties: false },
);
export type CarrierPushSetup = Type.Static<typeof CarrierPushSetupSchema>;

export const CarrierPushSchema = Type.Object({
  carrierAccountId: Type.String(),
  carrier: Type.String(),
  status: literalUnion(CARRIER_PUSH_STATUSES),
  message: Nullable(Type.String()),
  /** Where the carrier pushes to. */
  listenerUrl: Type.String(),
  /** UPS Track Alert: where UPS gets its bearer token (client credentials). */
  tokenUrl: Nullable(Type.String()),
  /** UPS Track Alert's client id and secret, shown only in the answer that made them. */
  clientId: Nullable(Type.String()),
  clientSecret: Nullable(Type.String()),
});
export type CarrierPush = Type.Static<typeof CarrierPushSchema>;

/**
 * `GET /call/carriers/{accountId}/trackingPush` (Managers and Admins): the account's push as it stands, null when it
 * was never set up. Never carries the UPS client secret (`clientSecret` is null): only the POST that made it shows it.
 */
export const CarrierPushStateSchema = Nullable(CarrierPushSchema);
export type CarrierPushState = Type.Static<typeof CarrierPushStateSchema>;

/** The carriers whose pushes can be turned on (the others, and the built-in carrier, are only polled). */
export const TRACKING_PUSH_CARRIERS = ['usps', 'shippo', 'ups', 'fedex'] as const;
