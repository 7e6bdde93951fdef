import Type from 'typebox';
import { CarrierSchema } from './carriers.ts';
import { IdSchema } from './ids.ts';
import { schema } from './schema-kit.ts';

/**
 * The reference lists that shipping rules and labels choose from (spec 7.4): hazard classes carriers recognise, the
 * tenant's product categories, and the package sizes (carriers' package types and the tenant's own boxes).
 */
interface HazardClass {
  code: string;
  name: string;
  /** The UN number or regulation it goes by, for people checking a carrier's rules. */
  reference: string;
  /** What carriers generally allow: a rule decides, this only informs. */
  carriers: string;
}

export const HAZARD_CLASSES: readonly HazardClass[] = [
  {
    code: 'LITHIUM_ION_CONTAINED',
    name: 'Lithium-ion batteries in or with equipment',
    reference: 'UN3481',
    carriers: 'Ground services; USPS also by air when packed in equipment within the watt-hour limits.',
  },
  {
    code: 'LITHIUM_ION_LOOSE',
    name: 'Lithium-ion batteries, loose',
    reference: 'UN3480',
    carriers: 'Ground only; USPS refuses loose lithium batteries by air and international.',
  },
  {
    code: 'LITHIUM_METAL',
    name: 'Lithium metal batteries',
    reference: 'UN3090 / UN3091',
    carriers: 'Ground only with most carriers.',
  },
  {
    code: 'LIMITED_QUANTITY',
    name: 'Limited quantity (formerly ORM-D)',
    reference: '49 CFR 173.156',
    carriers: 'Ground services, marked as limited quantity.',
  },
  {
    code: 'FLAMMABLE_LIQUID',
    name: 'Flammable liquids (perfume, nail polish)',
    reference: 'Class 3',
    carriers: 'Ground only, in limited quantities.',
  },
  { code: 'AEROSOL', name: 'Aerosols', reference: 'UN1950', carriers: 'Ground only, in limited quantities.' },
  {
    code: 'DRY_ICE',
    name: 'Dry ice',
    reference: 'UN1845',
    carriers: 'Up to 5.5 lb per package by air, marked; more by ground.',
  },
  {
    code: 'MAGNETIZED',
    name: 'Magnetized material',
    reference: 'Class 9',
    carriers: 'Ground; by air only below the field-strength limit.',
  },
];

export const HazardClassListSchema = Type.Object({
  classes: Type.Array(
    Type.Object({ code: Type.String(), name: Type.String(), reference: Type.String(), carriers: Type.String() }),
  ),
});
export type HazardClassList = Type.Static<typeof HazardClassListSchema>;

export const CategoryListSchema = Type.Object({
  categories: Type.Array(Type.Object({ name: Type.String(), orderLines: Type.Integer() })),
});
export type CategoryList = Type.Static<typeof CategoryListSchema>;

/**
 * What a box of the seller's may be: a name, each side above 0 up to `sideInches`, an empty weight of 0 up to
 * `emptyGrams` and a capacity of 1 up to `maxGrams` (whole grams). The server's schema and the box form check these.
 */
export const BOX_SIZE_LIMITS = {
  nameLength: 100,
  sideInches: 200,
  emptyGrams: 100_000,
  maxGrams: 1_000_000,
} as const;

/** A box of the seller's: inner dimensions in inches, its own (empty) weight and the most it carries, in grams. */
export const BoxSizeInputSchema = schema(() =>
  Type.Object(
    {
      name: Type.String({ minLength: 1, maxLength: BOX_SIZE_LIMITS.nameLength }),
      length: Type.Number({ exclusiveMinimum: 0, maximum: BOX_SIZE_LIMITS.sideInches, description: 'inches' }),
      width: Type.Number({ exclusiveMinimum: 0, maximum: BOX_SIZE_LIMITS.sideInches }),
      height: Type.Number({ exclusiveMinimum: 0, maximum: BOX_SIZE_LIMITS.sideInches }),
      emptyWeight: Type.Optional(
        Type.Integer({ minimum: 0, maximum: BOX_SIZE_LIMITS.emptyGrams, description: 'grams' }),
      ),
      maxWeight: Type.Integer({ minimum: 1, maximum: BOX_SIZE_LIMITS.maxGrams, description: 'grams' }),
    },
    { additionalProperties: false },
  ),
);
export type BoxSizeInput = Type.Static<typeof BoxSizeInputSchema>;

export const PackageSizesSchema = Type.Object({
  packageTypes: Type.Array(
    Type.Object({
      carrier: CarrierSchema,
      code: Type.String(),
      name: Type.String(),
      maxWeightGrams: Type.Integer(),
      dimensionsIn: Type.Optional(Type.Object({ length: Type.Number(), width: Type.Number(), height: Type.Number() })),
    }),
  ),
  boxSizes: Type.Array(
    Type.Object({
      id: IdSchema,
      name: Type.String(),
      length: Type.Number(),
      width: Type.Number(),
      height: Type.Number(),
      emptyWeight: Type.Integer(),
      maxWeight: Type.Integer(),
    }),
  ),
});
export type PackageSizes = Type.Static<typeof PackageSizesSchema>;
