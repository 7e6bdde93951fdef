import Type from 'typebox';
import { literalUnion, Nullable } from './schema-kit.ts';
import { IdSchema } from './ids.ts';
import { ArchivedAt } from './setup-deletion.ts';
import { ACCOUNT_CARRIERS, CARRIERS } from './carrier-names.ts';

/**
 * Carrier accounts on the wire. A carrier account connects the tenant to a parcel carrier (USPS, UPS, FedEx) or an
 * aggregator (Shippo); the built-in carrier "Shipdesk Local" needs none. Settings travel in clear, credentials are
 * write-only (sealed at rest, answered masked), exactly as a store's.
 */
/** Whether the account's connection was proven by a real authenticated call. */
export const CARRIER_ACCOUNT_STATUSES = ['verified', 'not_verified', 'failed'] as const;

const FieldValues = Type.Record(Type.String({ maxLength: 64 }), Type.String({ maxLength: 4000 }));

export const CarrierSchema = literalUnion(CARRIERS);

export const CarrierAccountSchema = Type.Object({
  id: IdSchema,
  carrier: CarrierSchema,
  name: Type.String(),
  settings: Type.Record(Type.String(), Type.String()),
  /** Credentials masked: the last four characters at most. */
  credentials: Type.Record(Type.String(), Type.String()),
  status: literalUnion(CARRIER_ACCOUNT_STATUSES),
  /** The carrier's own words from the last failed test, when it failed. */
  lastError: Nullable(Type.String()),
  verifiedAt: Nullable(Type.String({ format: 'date-time' })),
  isDefault: Type.Boolean(),
  createdAt: Type.String({ format: 'date-time' }),
  archivedAt: ArchivedAt,
});
export type CarrierAccount = Type.Static<typeof CarrierAccountSchema>;

export const CarrierAccountListSchema = Type.Object({ rows: Type.Array(CarrierAccountSchema) });
export type CarrierAccountList = Type.Static<typeof CarrierAccountListSchema>;

export const CreateCarrierAccountSchema = Type.Object(
  {
    carrier: literalUnion(ACCOUNT_CARRIERS),
    name: Type.String({ minLength: 1, maxLength: 120 }),
    settings: Type.Optional(FieldValues),
    credentials: Type.Optional(FieldValues),
    isDefault: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type CreateCarrierAccount = Type.Static<typeof CreateCarrierAccountSchema>;

/** An edit: fields left out stay; a credential sent empty stays as it was (it is never answered, so never known). */
export const UpdateCarrierAccountSchema = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 120 })),
    settings: Type.Optional(FieldValues),
    credentials: Type.Optional(FieldValues),
    isDefault: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type UpdateCarrierAccount = Type.Static<typeof UpdateCarrierAccountSchema>;

/** "Test connection" of a saved account, or of a form not saved yet (carrier, settings and credentials given). */
export const TestCarrierConnectionSchema = Type.Object(
  {
    accountId: Type.Optional(IdSchema),
    carrier: Type.Optional(literalUnion(ACCOUNT_CARRIERS)),
    settings: Type.Optional(FieldValues),
    credentials: Type.Optional(FieldValues),
  },
  { additionalProperties: false },
);
export type TestCarrierConnection = Type.Static<typeof TestCarrierConnectionSchema>;

export const CarrierConnectionResultSchema = Type.Object({
  ok: Type.Boolean(),
  message: Type.String(),
  /** What the carrier answered (status and its own error text), when it refused. */
  carrierAnswer: Nullable(Type.String()),
});
export type CarrierConnectionResult = Type.Static<typeof CarrierConnectionResultSchema>;
