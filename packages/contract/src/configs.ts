import Type from 'typebox';
import { LABEL_TYPES } from './constants.ts';

/** The config keys of spec section 3 and the shape each one holds. */
export const CurrencyInfoOptionsSchema = Type.Object(
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

export const CONFIG_KEYS = [
  'currency_info',
  'ship_label_app_info',
  'bearer_token',
  'cq_url',
  'warehouse_info',
] as const;
export type ConfigKey = (typeof CONFIG_KEYS)[number];

/** Which part of an entry each key uses: `options` (an object) or `value` (a string). */
export const CONFIG_KEY_SHAPES = {
  currency_info: { options: CurrencyInfoOptionsSchema },
  ship_label_app_info: { options: ShipLabelAppInfoOptionsSchema },
  warehouse_info: { options: WarehouseInfoOptionsSchema },
  bearer_token: { value: Type.String({ minLength: 16, maxLength: 512 }) },
  cq_url: { value: Type.String({ format: 'uri', maxLength: 2048 }) },
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
