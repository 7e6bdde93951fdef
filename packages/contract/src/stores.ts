import Type from 'typebox';
import { literalUnion, Nullable, schema } from './schema-kit.ts';
import { MAX_PAGE_SIZE } from './constants.ts';
import { IdSchema } from './ids.ts';
import { ArchivedAt, ArchivedFlag } from './setup-deletion.ts';
import { SOURCE_TYPES, type SourceType } from './enums.ts';

/**
 * Stores and channel sync on the wire (spec 3, 7.3). A store is one connection to a
 * sales channel: its non-secret settings travel in clear, its credentials are write-only (answers carry them masked).
 */

const Id = IdSchema;
const DateTime = Type.String({ format: 'date-time' });

/** One input of a store's connection form: a setting (kept in clear) or a credential (sealed, masked). */
export interface StoreFieldDefinition {
  key: string;
  label: string;
  /** Credentials are encrypted at rest and answered masked; settings are answered as stored. */
  secret: boolean;
  required: boolean;
  /** Shown under "Advanced": the API address, for a sandbox, a proxy or the local fakes. */
  advanced?: boolean;
  placeholder?: string;
  help?: string;
  /** Fields that come as a set: once any of them is given, this one is required too. */
  requiredWith?: readonly string[];
}

const apiBaseUrl = (placeholder: string): StoreFieldDefinition => ({
  key: 'apiBaseUrl',
  label: 'API base URL',
  secret: false,
  required: false,
  advanced: true,
  placeholder,
  help: 'Leave empty for the platform itself; set it for a sandbox.',
});
const authBaseUrl = (placeholder: string): StoreFieldDefinition => ({
  key: 'authBaseUrl',
  label: 'Token endpoint base URL',
  secret: false,
  required: false,
  advanced: true,
  placeholder,
});

/** What each source type needs to connect (integrations.md, "Auth" of each platform). */
export const STORE_FIELDS: Record<SourceType, readonly StoreFieldDefinition[]> = {
  Wholesale: [],
  Shopify: [
    { key: 'shopDomain', label: 'Shop domain', secret: false, required: true, placeholder: 'my-shop.myshopify.com' },
    { key: 'accessToken', label: 'Admin API access token', secret: true, required: true, placeholder: 'shpat_…' },
    {
      key: 'clientSecret',
      label: 'App client secret',
      secret: true,
      required: false,
      help: 'Verifies webhooks and refreshes expiring tokens.',
    },
    { key: 'clientId', label: 'App client id', secret: false, required: false, advanced: true },
    { key: 'refreshToken', label: 'Refresh token', secret: true, required: false, advanced: true },
    { key: 'apiVersion', label: 'API version', secret: false, required: false, advanced: true, placeholder: '2026-01' },
    apiBaseUrl('https://my-shop.myshopify.com'),
  ],
  Bigcommerce: [
    { key: 'storeHash', label: 'Store hash', secret: false, required: true, placeholder: 'abc123xyz' },
    { key: 'accessToken', label: 'API account access token', secret: true, required: true },
    {
      key: 'clientSecret',
      label: 'Client secret',
      secret: true,
      required: false,
      help: 'Verifies webhooks (Standard Webhooks signature).',
    },
    // BigCommerce sends products' weights and sides in the store's units without naming them.
    {
      key: 'weightUnit',
      label: 'Weight unit',
      secret: false,
      required: false,
      advanced: true,
      placeholder: 'lb',
      help: 'The unit the store weighs products in (its store settings): lb, oz, kg or g. Pounds when empty.',
    },
    {
      key: 'lengthUnit',
      label: 'Length unit',
      secret: false,
      required: false,
      advanced: true,
      placeholder: 'in',
      help: 'The unit the store measures products in: in or cm. Inches when empty.',
    },
    apiBaseUrl('https://api.bigcommerce.com'),
  ],
  Ebay: [
    { key: 'clientId', label: 'App ID (client id)', secret: false, required: true },
    { key: 'clientSecret', label: 'Cert ID (client secret)', secret: true, required: true },
    { key: 'refreshToken', label: 'User refresh token', secret: true, required: true },
    apiBaseUrl('https://api.ebay.com'),
  ],
  AmazonSP: [
    {
      key: 'clientId',
      label: 'LWA client id',
      secret: false,
      required: true,
      placeholder: 'amzn1.application-oa2-client…',
    },
    { key: 'clientSecret', label: 'LWA client secret', secret: true, required: true },
    { key: 'refreshToken', label: 'Refresh token', secret: true, required: true, placeholder: 'Atzr|…' },
    {
      key: 'marketplaceId',
      label: 'Marketplace id',
      secret: false,
      required: false,
      placeholder: 'ATVPDKIKX0DER',
      help: 'Defaults to the US marketplace.',
    },
    {
      key: 'ordersApiVersion',
      label: 'Orders API version',
      secret: false,
      required: false,
      advanced: true,
      placeholder: '2026-01-01',
      help:
        'Orders are read through Orders API 2026-01-01. "v0" keeps the old reads until Amazon ends them on 2027-03-27. ' +
        'On 2026-01-01 the requested shipping method is Amazon\'s category ("Standard", "Expedited"…), not the v0 ' +
        'service name: map those names in Shipping Methods.',
    },
    apiBaseUrl('https://sellingpartnerapi-na.amazon.com'),
    authBaseUrl('https://api.amazon.com'),
  ],
  Walmart: [
    { key: 'clientId', label: 'Client id', secret: false, required: true },
    { key: 'clientSecret', label: 'Client secret', secret: true, required: true },
    apiBaseUrl('https://marketplace.walmartapis.com'),
  ],
  Magento: [
    { key: 'baseUrl', label: 'Store URL', secret: false, required: true, placeholder: 'https://shop.example.com' },
    { key: 'storeCode', label: 'Store view code', secret: false, required: false, placeholder: 'default' },
    { key: 'accessToken', label: 'Integration access token', secret: true, required: true },
    // Since 2.4.4 an integration's access token is a bearer token only where the store allows it; otherwise requests
    // are signed with OAuth 1.0a, which needs all three.
    {
      key: 'consumerKey',
      label: 'Consumer key',
      secret: true,
      required: false,
      requiredWith: ['consumerSecret', 'accessTokenSecret'],
      help:
        'From System > Extensions > Integrations > your integration > Integration Details. Needed on Magento 2.4.4 ' +
        'or later unless the store allows access tokens as standalone Bearer tokens.',
    },
    {
      key: 'consumerSecret',
      label: 'Consumer secret',
      secret: true,
      required: false,
      requiredWith: ['consumerKey', 'accessTokenSecret'],
      help: "From the integration's Integration Details.",
    },
    {
      key: 'accessTokenSecret',
      label: 'Access token secret',
      secret: true,
      required: false,
      requiredWith: ['consumerKey', 'consumerSecret'],
      help: "From the integration's Integration Details.",
    },
  ],
};

export const STORE_STATUSES = ['active', 'paused', 'error', 'uninstalled'] as const;

/**
 * Whether the channel pushes its order changes to Shipdesk: `off` (scheduled pulls only), `pending` (set up, no
 * verified push yet), `active` (a verified push arrived; the pull stays as reconciliation), `failed` (the channel or
 * the queue refused us; the words are in `push.error`).
 */
export const PUSH_STATUSES = ['off', 'pending', 'active', 'failed'] as const;
export type PushStatus = (typeof PUSH_STATUSES)[number];

const StorePushSchema = Type.Object({
  status: literalUnion(PUSH_STATUSES),
  error: Nullable(Type.String()),
  /** Verified pushes taken in: written (or already current), replays of an event already taken, carrying no change. */
  counts: Type.Object({ recorded: Type.Integer(), duplicate: Type.Integer(), ignored: Type.Integer() }),
});

export const SYNC_STATES = ['queued', 'running', 'succeeded', 'failed', 'stalled'] as const;
export type SyncState = (typeof SYNC_STATES)[number];

/** How the last sync of a store went, for the list, the setup guide and the sync log. */
export const SyncRunSchema = Type.Object({
  id: Id,
  storeId: Id,
  state: literalUnion(SYNC_STATES),
  trigger: literalUnion(['manual', 'schedule', 'webhook', 'install'] as const),
  pages: Type.Integer(),
  ordersSeen: Type.Integer(),
  ordersNew: Type.Integer(),
  ordersUpdated: Type.Integer(),
  ordersFailed: Type.Integer(),
  error: Nullable(Type.String()),
  queuedAt: DateTime,
  startedAt: Nullable(DateTime),
  finishedAt: Nullable(DateTime),
});
export type SyncRun = Type.Static<typeof SyncRunSchema>;

const MIN_SYNC_INTERVAL_MINUTES = 5;
const MAX_SYNC_INTERVAL_MINUTES = 1440;

export const StoreSchema = Type.Object({
  id: Id,
  name: Type.String(),
  sourceType: literalUnion(SOURCE_TYPES),
  status: literalUnion(STORE_STATUSES),
  /** Non-secret connection settings, as stored (shopDomain, storeHash, apiBaseUrl, ...). */
  settings: Type.Record(Type.String(), Type.String()),
  /** Credential key -> masked value ('••••1234'); never the secret itself. */
  credentials: Type.Record(Type.String(), Type.String()),
  customerOrderCode: Type.String({ description: 'prefix shown before the channel order number, e.g. "SHP"' }),
  syncIntervalMinutes: Nullable(Type.Integer({ description: 'scheduled pull interval; null = no schedule' })),
  orderCount: Type.Integer(),
  lastSyncAt: Nullable(DateTime),
  lastSync: Nullable(SyncRunSchema),
  /** Why the store needs attention: its last sync failed or stalled, or the platform refused its credentials. */
  problem: Nullable(Type.String()),
  webhookUrl: Nullable(Type.String({ description: 'where the platform should send order webhooks' })),
  push: StorePushSchema,
  /** When the channel last answered: a verified push, a page a pull read, or a pull that succeeded. */
  lastHeardAt: Nullable(DateTime),
  createdAt: DateTime,
  archivedAt: ArchivedAt,
});
export type Store = Type.Static<typeof StoreSchema>;

const Name = Type.String({ minLength: 1, maxLength: 120 });
const CustomerOrderCode = Type.String({
  pattern: '^[A-Za-z0-9-]{0,10}$',
  description: 'letters, digits and "-", up to 10',
});
const Interval = Nullable(Type.Integer({ minimum: MIN_SYNC_INTERVAL_MINUTES, maximum: MAX_SYNC_INTERVAL_MINUTES }));
const FieldValues = Type.Record(Type.String({ maxLength: 64 }), Type.String({ maxLength: 4000 }));

export const CreateStoreSchema = Type.Object(
  {
    name: Name,
    sourceType: literalUnion(SOURCE_TYPES),
    settings: Type.Optional(FieldValues),
    credentials: Type.Optional(FieldValues),
    customerOrderCode: Type.Optional(CustomerOrderCode),
    syncIntervalMinutes: Type.Optional(Interval),
  },
  { additionalProperties: false },
);
export type CreateStore = Type.Static<typeof CreateStoreSchema>;

/** `PUT /api/v1/stores/{id}`: the id is in the path only. A credential left out (or sent masked) is kept. */
export const UpdateStoreSchema = Type.Object(
  {
    name: Type.Optional(Name),
    status: Type.Optional(literalUnion(['active', 'paused'] as const)),
    settings: Type.Optional(FieldValues),
    credentials: Type.Optional(FieldValues),
    customerOrderCode: Type.Optional(CustomerOrderCode),
    syncIntervalMinutes: Type.Optional(Interval),
  },
  { additionalProperties: false },
);
export type UpdateStore = Type.Static<typeof UpdateStoreSchema>;

/** Test a connection before saving (sourceType + fields) or a saved store (storeId; sent fields override). */
export const TestConnectionSchema = Type.Object(
  {
    storeId: Type.Optional(Id),
    sourceType: Type.Optional(literalUnion(SOURCE_TYPES)),
    settings: Type.Optional(FieldValues),
    credentials: Type.Optional(FieldValues),
  },
  { additionalProperties: false },
);
export type TestConnection = Type.Static<typeof TestConnectionSchema>;

export const ConnectionResultSchema = Type.Object({
  ok: Type.Boolean(),
  /** What we concluded, in a sentence. */
  message: Type.String(),
  /** What the platform answered (status and its own error text), when it refused. */
  platformAnswer: Nullable(Type.String()),
  accountName: Nullable(Type.String()),
});
export type ConnectionResult = Type.Static<typeof ConnectionResultSchema>;

export const STORE_FILTER_FIELDS = {
  name: ['eq', 'like'],
  sourceType: ['eq', 'in'],
  status: ['eq', 'in'],
} as const;

export const StoreListQuerySchema = schema(() =>
  Type.Object(
    {
      size: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: 10 })),
      page: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
      filters: Type.Optional(Type.String({ maxLength: 2000, description: 'JSON object field -> value (op@value)' })),
      ...ArchivedFlag,
    },
    { additionalProperties: false },
  ),
);
export type StoreListQuery = Type.Static<typeof StoreListQuerySchema>;

export const StoreListSchema = Type.Object({
  rows: Type.Array(StoreSchema),
  page: Type.Integer(),
  size: Type.Integer(),
  total: Type.Integer(),
});
export type StoreList = Type.Static<typeof StoreListSchema>;

export const SyncRunListSchema = Type.Object({ rows: Type.Array(SyncRunSchema) });

export const CustomerOrderCodeSchema = Type.Object({
  storeId: Id,
  customerOrderCode: Type.String(),
  /** An order number as customers of this store see it, e.g. "SHP-1001". */
  example: Type.String(),
});
export type CustomerOrderCode = Type.Static<typeof CustomerOrderCodeSchema>;

/** A store the tenant can connect without typing credentials: a marketplace install not yet attached to a store. */
const ConnectableStoreSchema = Type.Object({
  installId: Id,
  sourceType: literalUnion(SOURCE_TYPES),
  name: Type.String(),
  externalRef: Type.String({ description: 'the platform id of the store, e.g. "stores/abc123"' }),
  installedAt: DateTime,
  connectedStoreId: Nullable(Id),
});
export type ConnectableStore = Type.Static<typeof ConnectableStoreSchema>;

export const ConnectableStoreListSchema = Type.Object({ rows: Type.Array(ConnectableStoreSchema) });

/** Realtime: sync progress of one store, to the tenant's room. */
export const StoreRealtimeEvent = {
  SyncProgress: 'stores:sync',
  Changed: 'stores:changed',
} as const;
