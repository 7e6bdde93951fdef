import Type from 'typebox';
import { literalUnion, Nullable } from './schema-kit.ts';
import { IdSchema } from './ids.ts';
import { ArchivedAt } from './setup-deletion.ts';
import type { StoreFieldDefinition } from './stores.ts';

/**
 * Carrier accounts on the wire. A carrier account connects the tenant to a parcel carrier (USPS, UPS, FedEx) or an
 * aggregator (Shippo); the built-in carrier "Shipdesk Local" needs none. Settings travel in clear, credentials are
 * write-only (sealed at rest, answered masked), exactly as a store's.
 */
export const CARRIERS = ['usps', 'ups', 'fedex', 'shippo', 'local'] as const;
export type Carrier = (typeof CARRIERS)[number];
/** The carriers a seller connects with an account of their own. */
export const ACCOUNT_CARRIERS = ['usps', 'ups', 'fedex', 'shippo'] as const satisfies readonly Carrier[];
export const BUILT_IN_CARRIER: Carrier = 'local';

export const CARRIER_NAMES: Record<Carrier, string> = {
  usps: 'USPS',
  ups: 'UPS',
  fedex: 'FedEx',
  shippo: 'Shippo',
  local: 'Shipdesk Local',
};

export const isCarrier = (value: unknown): value is Carrier =>
  typeof value === 'string' && (CARRIERS as readonly string[]).includes(value);

export type CarrierFieldDefinition = StoreFieldDefinition;

const apiBaseUrl = (placeholder: string, sandbox: string): CarrierFieldDefinition => ({
  key: 'apiBaseUrl',
  label: 'API base URL',
  secret: false,
  required: false,
  advanced: true,
  placeholder,
  help: `Leave empty for the carrier itself; ${sandbox} for its test environment.`,
});

const accountNumber = (label: string, help: string): CarrierFieldDefinition => ({
  key: 'accountNumber',
  label,
  secret: false,
  required: true,
  help,
});

/** What each carrier needs to connect (integrations.md sections 8-11). */
export const CARRIER_FIELDS: Record<Carrier, readonly CarrierFieldDefinition[]> = {
  usps: [
    { key: 'clientId', label: 'Consumer key (client id)', secret: false, required: true },
    { key: 'clientSecret', label: 'Consumer secret', secret: true, required: true },
    { key: 'crid', label: 'CRID', secret: false, required: true, help: 'Customer Registration ID of the business.' },
    { key: 'mid', label: 'Mailer ID (MID)', secret: false, required: true, placeholder: '900066622' },
    { key: 'manifestMid', label: 'Manifest MID', secret: false, required: false, help: 'Defaults to the MID.' },
    {
      key: 'accountType',
      label: 'Payment account type',
      secret: false,
      required: true,
      placeholder: 'EPS',
      help: 'EPS (Enterprise Payment System) or PERMIT.',
    },
    accountNumber('Payment account number', 'The EPS account or permit number that pays for labels.'),
    { key: 'permitZip', label: 'Permit ZIP', secret: false, required: false, help: 'Only for a PERMIT account.' },
    {
      key: 'addressChecksPerHour',
      label: 'Address checks per hour',
      secret: false,
      required: false,
      advanced: true,
      placeholder: '30',
      help: 'USPS allows about 60 calls an hour to a new app, shared with labels and tracking: address checks take 30 of them unless you raise it here after USPS grants your app more.',
    },
    {
      key: 'trackingCallsPerHour',
      label: 'Tracking calls per hour',
      secret: false,
      required: false,
      advanced: true,
      placeholder: '30',
      help: 'Each call tracks up to 35 parcels. USPS allows about 60 calls an hour to a new app, shared with labels and address checks; raise it after USPS grants your app more.',
    },
    apiBaseUrl('https://apis.usps.com', 'https://apis-tem.usps.com'),
  ],
  ups: [
    { key: 'clientId', label: 'Client id', secret: false, required: true },
    { key: 'clientSecret', label: 'Client secret', secret: true, required: true },
    accountNumber('Shipper number', 'The six-character UPS account number labels are billed to.'),
    {
      key: 'addressChecksPerMinute',
      label: 'Address checks per minute',
      secret: false,
      required: false,
      advanced: true,
      placeholder: '60',
      help: 'UPS publishes no limit for address validation; raise it only when UPS has agreed a higher rate.',
    },
    {
      key: 'trackingCallsPerMinute',
      label: 'Tracking calls per minute',
      secret: false,
      required: false,
      advanced: true,
      placeholder: '60',
      help: 'UPS tracks one parcel per call and publishes no limit; raise it only when UPS has agreed a higher rate.',
    },
    apiBaseUrl('https://onlinetools.ups.com', 'https://wwwcie.ups.com'),
  ],
  fedex: [
    { key: 'clientId', label: 'API key', secret: false, required: true },
    { key: 'clientSecret', label: 'Secret key', secret: true, required: true },
    accountNumber('Account number', 'The nine-digit FedEx account number labels are billed to.'),
    {
      key: 'electronicTradeDocuments',
      label: 'Electronic Trade Documents (ETD)',
      secret: false,
      required: false,
      advanced: true,
      placeholder: 'no',
      help: 'yes when FedEx has enabled the account for ETD: FedEx sends the commercial invoice to customs electronically (a printed copy still comes with the label).',
    },
    apiBaseUrl('https://apis.fedex.com', 'https://apis-sandbox.fedex.com'),
  ],
  shippo: [
    {
      key: 'apiToken',
      label: 'API token',
      secret: true,
      required: true,
      placeholder: 'shippo_live_…',
      help: 'A test token (shippo_test_…) buys labels that cost nothing.',
    },
    apiBaseUrl('https://api.goshippo.com', 'the same address with a shippo_test_ token'),
  ],
  local: [],
};

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
