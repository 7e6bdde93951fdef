import Type from 'typebox';
import { LABEL_SIZES, LABEL_TYPES } from './constants.ts';
import { IdSchema } from './ids.ts';
import { literalUnion } from './schema-kit.ts';
import { UNIT_SYSTEMS } from './units.ts';

/** The config keys of spec section 3 and the shape each one holds. */
const CurrencyInfoOptionsSchema = Type.Object(
  {
    currencyCode: Type.String({ pattern: '^[A-Z]{3}$', description: 'ISO 4217 code, e.g. USD' }),
    locale: Type.String({
      pattern: '^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$',
      description: 'BCP 47 tag, e.g. en or en-US',
    }),
  },
  { additionalProperties: false },
);

export const ShipLabelAppInfoOptionsSchema = Type.Object(
  {
    labelType: Type.Union(LABEL_TYPES.map((t) => Type.Literal(t))),
    /** The label stock: a 4x6 thermal or shipping label, or a letter sheet (PDF only). Default 4x6. */
    labelSize: Type.Optional(Type.Union(LABEL_SIZES.map((t) => Type.Literal(t)))),
    /** The carrier account labels are bought with when a mapping names none (an id of the tenant's accounts). */
    defaultCarrierAccountId: Type.Optional(Type.Union([IdSchema, Type.Null()])),
    /** Only for an external label app; empty otherwise. */
    hashKey: Type.Optional(Type.String({ maxLength: 512 })),
  },
  { additionalProperties: false },
);

export const WarehouseInfoOptionsSchema = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 120 }),
    company: Type.Optional(Type.String({ maxLength: 120 })),
    phone: Type.Optional(Type.String({ maxLength: 40 })),
    email: Type.Optional(Type.String({ format: 'email', maxLength: 254 })),
    address1: Type.String({ minLength: 1, maxLength: 200 }),
    address2: Type.Optional(Type.String({ maxLength: 200 })),
    city: Type.String({ minLength: 1, maxLength: 100 }),
    state: Type.Optional(Type.String({ maxLength: 100 })),
    postalCode: Type.String({ minLength: 1, maxLength: 20 }),
    country: Type.String({ pattern: '^[A-Z]{2}$', description: 'ISO 3166-1 alpha-2' }),
  },
  { additionalProperties: false },
);

/** The ship-from address (config warehouse_info): printed on labels and packing slips. */
export type WarehouseInfo = Type.Static<typeof WarehouseInfoOptionsSchema>;

export const CONFIG_KEYS = [
  'currency_info',
  'ship_label_app_info',
  'bearer_token',
  'cq_url',
  'warehouse_info',
  'time_zone',
  'units',
  'returns_address',
] as const;
export type ConfigKey = (typeof CONFIG_KEYS)[number];

/** Which part of an entry each key uses: `options` (an object) or `value` (a string). */
export const CONFIG_KEY_SHAPES = {
  currency_info: { options: CurrencyInfoOptionsSchema },
  ship_label_app_info: { options: ShipLabelAppInfoOptionsSchema },
  warehouse_info: { options: WarehouseInfoOptionsSchema },
  /** Where return labels send parcels back (docs/returns.md); unset: the ship-from (warehouse_info). */
  returns_address: { options: WarehouseInfoOptionsSchema },
  bearer_token: { value: Type.String({ minLength: 16, maxLength: 512 }) },
  cq_url: { value: Type.String({ format: 'uri', maxLength: 2048 }) },
  /** The tenant's IANA time zone; saving it also moves the tenant's own time zone (dashboard periods, dates). */
  time_zone: { value: Type.String({ minLength: 1, maxLength: 64, description: 'IANA zone, e.g. Europe/Berlin' }) },
  /** Weights and sizes shown and typed in (units.ts); never saved: the warehouse country's (`defaultUnitSystem`). */
  units: { value: literalUnion(UNIT_SYSTEMS) },
} as const;

/** Body of `POST /call/configs/createOrUpdate`: one entry. `options` may be an object or its JSON text. */
export const ConfigUpsertSchema = Type.Object(
  {
    key: Type.String({ minLength: 1, maxLength: 64 }),
    value: Type.Optional(Type.Union([Type.String({ maxLength: 4096 }), Type.Null()])),
    options: Type.Optional(
      Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.String({ maxLength: 16384 }), Type.Null()]),
    ),
  },
  { additionalProperties: false },
);
export type ConfigUpsert = Type.Static<typeof ConfigUpsertSchema>;

export const ConfigEntrySchema = Type.Object({
  key: Type.String(),
  value: Type.Union([Type.String(), Type.Null()]),
  options: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]),
  updated_at: Type.String({ format: 'date-time' }),
});
export type ConfigEntry = Type.Static<typeof ConfigEntrySchema>;

/** Defaults written for a new tenant by `POST /call/verifyNewUserRegister`. */
export const DEFAULT_CONFIGS: ReadonlyArray<{ key: ConfigKey; value: string | null; options: object | null }> = [
  { key: 'currency_info', value: null, options: { currencyCode: 'USD', locale: 'en' } },
  { key: 'ship_label_app_info', value: null, options: { labelType: 'pdf', hashKey: '' } },
];

/**
 * The tenant's API key (config `bearer_token`) for scripts and ERPs: `Authorization: Bearer sdk_live_...` acts with
 * an Admin's rights. The server keeps only a hash; the key itself is answered once, by `POST /call/apiKey/rotate`.
 */
export const API_KEY_PREFIX = 'sdk_live_';

/** `GET /call/apiKey` and `DELETE /call/apiKey`: whether the tenant has a working key, and how to recognise it. */
export const ApiKeyStatusSchema = Type.Object({
  exists: Type.Boolean(),
  last4: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  lastUsedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
export type ApiKeyStatus = Type.Static<typeof ApiKeyStatusSchema>;

/** `POST /call/apiKey/rotate`: the new key, in clear this one time only. */
export const ApiKeyCreatedSchema = Type.Object({
  key: Type.String(),
  last4: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
});
export type ApiKeyCreated = Type.Static<typeof ApiKeyCreatedSchema>;
