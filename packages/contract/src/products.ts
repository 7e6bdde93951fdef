import Type from 'typebox';
import { MAX_PAGE_SIZE } from './constants.ts';
import { IdSchema } from './ids.ts';
import { MAX_PARCEL_GRAMS, MAX_PARCEL_INCHES } from './constants.ts';
import { MAX_MINOR_UNITS } from './money.ts';
import { ArchivedAt } from './setup-deletion.ts';
import { HAZARD_CLASSES } from './shipping-references.ts';
import { literalUnion, Nullable, schema } from './schema-kit.ts';
import type { UnitSystem } from './units.ts';

/**
 * The product catalogue (docs/products.md): per tenant and SKU, what a parcel of it weighs and measures, how it is
 * packed, whether it is hazardous and what customs need to know. Weights in grams, sizes in inches, money in minor
 * units of `declaredCurrency`.
 */
export const PRODUCT_LIMITS = {
  skuLength: 64,
  titleLength: 255,
  categoryLength: 100,
  customsDescriptionLength: 255,
  packageTypeLength: 64,
  maxGrams: MAX_PARCEL_GRAMS,
  maxInches: MAX_PARCEL_INCHES,
} as const;

/** Who set a product's row or its weight and size: channel updates never overwrite a seller's or an import's. */
export const PRODUCT_SOURCES = ['seller', 'import', 'channel'] as const;

export const HAZARD_CLASS_CODES: readonly string[] = HAZARD_CLASSES.map((h) => h.code);

/** HS tariff code as people write it (`6109.10.00`): 6 to 10 digits once dots and spaces are dropped. */
export function normaliseHsCode(text: string): string | null {
  const digits = text.replace(/[.\s]/g, '');
  return /^\d{6,10}$/.test(digits) ? digits : null;
}

// Region codes Intl knows that are not countries of origin (groupings and the exceptionally reserved ones).
const NOT_COUNTRIES = new Set(['EU', 'EZ', 'UN', 'QO', 'XA', 'XB', 'ZZ']);
let regionNames: Intl.DisplayNames | undefined;

/** Whether `code` is an assigned ISO 3166-1 alpha-2 country code (upper case). */
export function isCountryCode(code: string): boolean {
  if (!/^[A-Z]{2}$/.test(code) || NOT_COUNTRIES.has(code)) return false;
  regionNames ??= new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
  return regionNames.of(code) !== undefined;
}

const Inches = Type.Number({ exclusiveMinimum: 0, maximum: MAX_PARCEL_INCHES, description: 'inches' });

/** A product as the seller types it (create and replace). Absent optional fields are stored as none. */
export const ProductInputSchema = schema(() =>
  Type.Object(
    {
      sku: Type.String({ minLength: 1, maxLength: PRODUCT_LIMITS.skuLength }),
      title: Type.Optional(Type.String({ maxLength: PRODUCT_LIMITS.titleLength })),
      weight: Type.Optional(
        Nullable(Type.Integer({ minimum: 0, maximum: MAX_PARCEL_GRAMS, description: 'grams; null: not known' })),
      ),
      length: Type.Optional(Nullable(Inches)),
      width: Type.Optional(Nullable(Inches)),
      height: Type.Optional(Nullable(Inches)),
      boxSizeId: Type.Optional(Nullable(IdSchema)),
      packageType: Type.Optional(
        Nullable(
          Type.String({
            minLength: 1,
            maxLength: PRODUCT_LIMITS.packageTypeLength,
            description: "a carrier's package code",
          }),
        ),
      ),
      hazardClass: Type.Optional(Nullable(Type.String({ description: 'a code of HAZARD_CLASSES' }))),
      category: Type.Optional(Nullable(Type.String({ maxLength: PRODUCT_LIMITS.categoryLength }))),
      customsDescription: Type.Optional(Nullable(Type.String({ maxLength: PRODUCT_LIMITS.customsDescriptionLength }))),
      hsCode: Type.Optional(Nullable(Type.String({ maxLength: 20, description: '6-10 digits; dots allowed' }))),
      originCountry: Type.Optional(Nullable(Type.String({ maxLength: 2, description: 'ISO 3166-1 alpha-2' }))),
      declaredValue: Type.Optional(
        Nullable(
          Type.Integer({ minimum: 0, maximum: MAX_MINOR_UNITS, description: 'minor units of declaredCurrency' }),
        ),
      ),
      declaredCurrency: Type.Optional(Nullable(Type.String({ maxLength: 3, description: 'ISO 4217 (case ignored)' }))),
    },
    { additionalProperties: false },
  ),
);
export type ProductInput = Type.Static<typeof ProductInputSchema>;

export const ProductSchema = Type.Object({
  id: IdSchema,
  sku: Type.String(),
  title: Type.String(),
  weight: Nullable(Type.Integer({ description: 'grams' })),
  length: Nullable(Type.Number({ description: 'inches' })),
  width: Nullable(Type.Number()),
  height: Nullable(Type.Number()),
  boxSizeId: Nullable(IdSchema),
  packageType: Nullable(Type.String()),
  hazardClass: Nullable(Type.String()),
  category: Nullable(Type.String()),
  customsDescription: Nullable(Type.String()),
  hsCode: Nullable(Type.String({ description: 'digits only' })),
  originCountry: Nullable(Type.String()),
  declaredValue: Nullable(Type.Integer({ description: 'minor units' })),
  declaredCurrency: Nullable(Type.String()),
  source: literalUnion(PRODUCT_SOURCES),
  weightSource: Nullable(literalUnion(PRODUCT_SOURCES)),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
  archivedAt: ArchivedAt,
});
export type Product = Type.Static<typeof ProductSchema>;

export const ProductListQuerySchema = Type.Object(
  {
    search: Type.Optional(Type.String({ maxLength: 200, description: 'part of a SKU or title, case ignored' })),
    page: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
    size: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: 10 })),
    archived: Type.Optional(Type.Boolean({ description: 'true: archived products too (each with archivedAt)' })),
  },
  { additionalProperties: false },
);
export type ProductListQuery = Type.Static<typeof ProductListQuerySchema>;

export const ProductListSchema = Type.Object({
  rows: Type.Array(ProductSchema),
  page: Type.Integer(),
  size: Type.Integer(),
  total: Type.Integer(),
});
export type ProductList = Type.Static<typeof ProductListSchema>;

/**
 * The CSV columns the import reads (docs/products.md, "CSV"). Only `sku` is required in a file; a column left out of
 * the header leaves that field of existing products as it is, an empty cell clears it. A weight or a size comes in
 * one of several columns: a number in the unit its header names (`weight_oz`, `length_cm`), or text with its unit
 * (`weight` "2 lb 3 oz", `length` "30 cm"); the export writes the tenant's units' numbers (`productCsvColumns`).
 */
export const PRODUCT_CSV_COLUMNS = [
  'sku',
  'title',
  'weight_oz',
  'weight_lb',
  'weight_g',
  'weight_kg',
  'weight',
  'length_in',
  'width_in',
  'height_in',
  'length_cm',
  'width_cm',
  'height_cm',
  'length',
  'width',
  'height',
  'box',
  'package_type',
  'hazard_class',
  'category',
  'customs_description',
  'hs_code',
  'origin_country',
  'declared_value',
  'declared_currency',
] as const;
export type ProductCsvColumn = (typeof PRODUCT_CSV_COLUMNS)[number];

/** The export's weight and size columns in each system: numbers that read back exactly (`plainWeight`, `plainLength`). */
const PRODUCT_CSV_UNIT_COLUMNS = {
  imperial: ['weight_oz', 'length_in', 'width_in', 'height_in'],
  metric: ['weight_g', 'length_cm', 'width_cm', 'height_cm'],
} as const satisfies Record<UnitSystem, readonly ProductCsvColumn[]>;

/** The columns an export writes, in order, for a tenant in `system`'s units (a file the import takes back). */
export function productCsvColumns(system: UnitSystem): ProductCsvColumn[] {
  const other = /^(weight|length|width|height)(_|$)/;
  const rest = PRODUCT_CSV_COLUMNS.filter((c) => c !== 'sku' && c !== 'title' && !other.test(c));
  return ['sku', 'title', ...PRODUCT_CSV_UNIT_COLUMNS[system], ...rest];
}

const PRODUCT_IMPORT_OUTCOMES = ['created', 'updated', 'unchanged', 'error'] as const;

/** The most rows one file may hold. */
export const MAX_PRODUCT_IMPORT_ROWS = 100_000;

export const ProductImportResultSchema = Type.Object({
  created: Type.Integer(),
  updated: Type.Integer(),
  unchanged: Type.Integer(),
  failed: Type.Integer(),
  /** One per data row, in file order; `row` counts the header as row 1, as a spreadsheet numbers it. */
  rows: Type.Array(
    Type.Object({
      row: Type.Integer(),
      sku: Type.String(),
      outcome: literalUnion(PRODUCT_IMPORT_OUTCOMES),
      column: Type.Optional(Type.String()),
      message: Type.Optional(Type.String()),
    }),
  ),
});
export type ProductImportResult = Type.Static<typeof ProductImportResultSchema>;

/**
 * The background fill of open orders from the catalogue (docs/products.md, "Filling open orders"): `running` while a
 * product's new weight is being written to the open orders' lines that lacked it, with how many of the `total` open
 * orders are `done`; `idle` after (the last fill's numbers kept, `finishedAt` set), or before any fill (all zero).
 */
export const ProductFillProgressSchema = Type.Object({
  state: Type.Union([Type.Literal('idle'), Type.Literal('running')]),
  done: Type.Integer({ minimum: 0 }),
  total: Type.Integer({ minimum: 0, description: 'open orders with lines to fill (0 until counted)' }),
  startedAt: Nullable(Type.String({ format: 'date-time' })),
  finishedAt: Nullable(Type.String({ format: 'date-time' })),
});
export type ProductFillProgress = Type.Static<typeof ProductFillProgressSchema>;
