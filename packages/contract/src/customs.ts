import Type from 'typebox';
import { IdSchema } from './ids.ts';
import { MAX_PARCEL_GRAMS } from './constants.ts';
import { isCountryCode, normaliseHsCode } from './products.ts';
import { literalUnion, Nullable, schema } from './schema-kit.ts';

/**
 * Customs declarations (docs/customs.md): what a parcel leaving the country (or going to a US military address or a
 * US area with its own customs) declares, one line per order line it carries. Values in minor units of the order's
 * currency (line totals: every unit of the line), net weights in grams (line totals).
 */

/** What the parcel holds, as customs ask it (each carrier's own words are in its adapter). */
const CUSTOMS_CONTENTS_TYPES = ['merchandise', 'gift', 'documents', 'sample', 'returned_goods', 'other'] as const;
export type CustomsContentsType = (typeof CUSTOMS_CONTENTS_TYPES)[number];

/** What the carrier does with a parcel it cannot deliver: send it back, or treat it as abandoned. */
const NON_DELIVERY_OPTIONS = ['return', 'abandon'] as const;
export type NonDeliveryOption = (typeof NON_DELIVERY_OPTIONS)[number];

/** Who pays duties and taxes: the buyer on delivery (DAP) or the seller (DDP, where the carrier offers it). */
const INCOTERMS = ['DAP', 'DDP'] as const;
export type Incoterm = (typeof INCOTERMS)[number];

/**
 * The exporter's filing (US Foreign Trade Regulations): an exemption legend, or the ITN of an EEI filed in AES.
 * 30.37(a): no Schedule B line over $2,500; 30.36: to Canada; 30.37(f) and (h): other exemptions.
 */
const EXPORT_FILINGS = ['NOEEI_30_37_a', 'NOEEI_30_37_f', 'NOEEI_30_37_h', 'NOEEI_30_36', 'AES_ITN'] as const;
export type ExportFiling = (typeof EXPORT_FILINGS)[number];

/** The forms a label's customs travel on: the UPU's CN 22 / CN 23 (postal carriers), or a commercial invoice. */
export const CUSTOMS_FORMS = ['cn22', 'cn23', 'commercial_invoice'] as const;
export type CustomsForm = (typeof CUSTOMS_FORMS)[number];

export const CUSTOMS_LIMITS = {
  lines: 100,
  descriptionLength: 450,
  explanationLength: 25,
  invoiceNumberLength: 35,
  quantity: 9999,
  /** A line's value, minor units (999,999.99 in a two-decimal currency, USPS's ceiling). */
  lineValue: 99_999_999,
  /** One Schedule B line above this many US cents needs an EEI filed in AES (15 CFR 30.37(a)). */
  eeiThresholdCents: 250_000,
} as const;

/**
 * US addresses whose mail crosses a customs border as the carriers define it (USPS DMM 608.2.4): military (APO/FPO/DPO
 * "states" AA, AE, AP), the freely associated states and the territories with their own customs. Puerto Rico is
 * inside US customs. Kept as a table: docs/customs.md says which entries are unconfirmed.
 */
const US_CUSTOMS_AREAS: readonly string[] = ['AA', 'AE', 'AP', 'AS', 'GU', 'MP', 'VI', 'FM', 'MH', 'PW'];

/** Whether a parcel from `from` to `to` needs a customs declaration. */
export function needsCustoms(from: { country: string }, to: { country: string; state: string | null }): boolean {
  const origin = from.country.toUpperCase();
  const destination = to.country.toUpperCase();
  if (origin !== destination) return true;
  return origin === 'US' && US_CUSTOMS_AREAS.includes((to.state ?? '').toUpperCase());
}

const CustomsLineSchema = schema(() =>
  Type.Object(
    {
      lineId: IdSchema,
      description: Type.String({ minLength: 1, maxLength: CUSTOMS_LIMITS.descriptionLength }),
      hsCode: Nullable(Type.String({ maxLength: 20, description: 'HS tariff code, 6-10 digits; dots allowed' })),
      originCountry: Type.String({ maxLength: 2, description: 'ISO 3166-1 alpha-2 country of origin' }),
      quantity: Type.Integer({ minimum: 1, maximum: CUSTOMS_LIMITS.quantity }),
      value: Type.Integer({ minimum: 0, maximum: CUSTOMS_LIMITS.lineValue, description: 'minor units, line total' }),
      weight: Type.Integer({ minimum: 0, maximum: MAX_PARCEL_GRAMS, description: 'grams, line total (net)' }),
    },
    { additionalProperties: false },
  ),
);
type CustomsLine = Type.Static<typeof CustomsLineSchema>;

/** A declaration as the label form or an API client sends it with a purchase (`label.customs`). */
export const CustomsDeclarationSchema = schema(() =>
  Type.Object(
    {
      contentsType: literalUnion(CUSTOMS_CONTENTS_TYPES),
      contentsExplanation: Nullable(Type.String({ maxLength: CUSTOMS_LIMITS.explanationLength })),
      nonDelivery: literalUnion(NON_DELIVERY_OPTIONS),
      incoterm: literalUnion(INCOTERMS),
      invoiceNumber: Type.String({ maxLength: CUSTOMS_LIMITS.invoiceNumberLength }),
      exportFiling: literalUnion(EXPORT_FILINGS),
      aesItn: Nullable(Type.String({ maxLength: 15, description: 'the ITN of an EEI filed in AES: X and 14 digits' })),
      lines: Type.Array(CustomsLineSchema, { minItems: 1, maxItems: CUSTOMS_LIMITS.lines }),
    },
    { additionalProperties: false },
  ),
);
export type CustomsDeclaration = Type.Static<typeof CustomsDeclarationSchema>;

/** The declaration-wide choices a batch applies to every order that needs customs (the lines come from each order). */
export const CustomsDefaultsSchema = schema(() =>
  Type.Object(
    {
      contentsType: literalUnion(CUSTOMS_CONTENTS_TYPES),
      contentsExplanation: Type.Optional(Nullable(Type.String({ maxLength: CUSTOMS_LIMITS.explanationLength }))),
      nonDelivery: literalUnion(NON_DELIVERY_OPTIONS),
      incoterm: literalUnion(INCOTERMS),
    },
    { additionalProperties: false },
  ),
);
export type CustomsDefaults = Type.Static<typeof CustomsDefaultsSchema>;

export const DEFAULT_CUSTOMS: CustomsDefaults = { contentsType: 'merchandise', nonDelivery: 'return', incoterm: 'DAP' };

/** A line of the form's draft: the declaration's line and what it is (SKU and title) for people. */
export type CustomsDraftLine = CustomsLine & { sku: string; title: string };

/**
 * What the label form starts with when the shipment needs customs: the declaration prefilled from the order and its
 * products (docs/customs.md), the currency of its values, and what is still missing or wrong, by field
 * (`lines.0.originCountry`), in the seller's words.
 */
export type CustomsDraft = {
  currency: string;
  declaration: Omit<CustomsDeclaration, 'lines'> & { lines: CustomsDraftLine[] };
  problems: Record<string, string>;
};

/** The declaration a label was bought with, as recorded on it, and the form it travelled on. */
export const BoughtCustomsSchema = schema(() =>
  Type.Object({
    form: literalUnion(CUSTOMS_FORMS),
    hasDocument: Type.Boolean({
      description:
        'a separate document (CN 22/23 page, commercial invoice) is kept beside the label; false: on the label',
    }),
    contentsType: literalUnion(CUSTOMS_CONTENTS_TYPES),
    incoterm: literalUnion(INCOTERMS),
    invoiceNumber: Type.String(),
    totalValue: Type.Integer({ description: 'minor units of currency' }),
    currency: Type.String(),
    lines: Type.Integer(),
  }),
);
export type BoughtCustoms = Type.Static<typeof BoughtCustomsSchema>;

const ITN = /^X\d{14}$/;
const PLACEHOLDER_DESCRIPTIONS = /^(none|n\/?a|na|-+|\.+|item|items|goods|merchandise|gift|stuff|misc)$/i;

/**
 * What is wrong with a declaration on its own (the shape every carrier agrees on), by field under `prefix`
 * (`label.customs.lines.1.hsCode`), in words naming the line: an empty or placeholder description, an HS code of the
 * wrong shape, an unknown country of origin, a value or a net weight of zero, a missing explanation or ITN.
 */
export function customsProblems(
  declaration: Pick<
    CustomsDeclaration,
    'contentsType' | 'contentsExplanation' | 'invoiceNumber' | 'exportFiling' | 'aesItn'
  > & {
    lines: ReadonlyArray<CustomsLine & { sku?: string }>;
  },
  prefix = '',
): Record<string, string> {
  const problems: Record<string, string> = {};
  const at = (field: string) => `${prefix}${field}`;
  if (declaration.contentsType === 'other' && !declaration.contentsExplanation?.trim()) {
    problems[at('contentsExplanation')] = 'Say what the parcel holds when its contents are "Other"';
  }
  if (!declaration.invoiceNumber.trim()) problems[at('invoiceNumber')] = 'Enter the invoice number';
  if (declaration.exportFiling === 'AES_ITN') {
    if (!declaration.aesItn || !ITN.test(declaration.aesItn.trim().toUpperCase())) {
      problems[at('aesItn')] = 'Enter the ITN of the EEI filed in AES: X and 14 digits (X20261202123456)';
    }
  } else if (declaration.aesItn) {
    problems[at('aesItn')] = 'An ITN goes with the filing "EEI filed in AES" only';
  }
  declaration.lines.forEach((line, index) => {
    const name = `Line ${index + 1}${line.sku ? ` (${line.sku})` : ''}`;
    const field = (key: string) => at(`lines.${index}.${key}`);
    const description = line.description.trim();
    if (!description) problems[field('description')] = `${name}: describe the item for customs`;
    else if (PLACEHOLDER_DESCRIPTIONS.test(description)) {
      problems[field('description')] =
        `${name}: customs refuse “${description}”; say what the item is (Cotton T-shirt)`;
    }
    if (line.hsCode !== null && line.hsCode.trim() !== '' && !normaliseHsCode(line.hsCode)) {
      problems[field('hsCode')] = `${name}: an HS tariff code has 6 to 10 digits (6109.10.00)`;
    }
    if (!line.originCountry) problems[field('originCountry')] = `${name}: enter the country the item was made in`;
    else if (!isCountryCode(line.originCountry)) {
      problems[field('originCountry')] = `${name}: ${line.originCountry} is not a country code (US, CN, DE)`;
    }
    if (line.value <= 0) problems[field('value')] = `${name}: customs need the value of the item; zero is refused`;
    if (line.weight <= 0) problems[field('weight')] = `${name}: enter the net weight of the item`;
  });
  return problems;
}

/** The declaration's total value, minor units. */
export const customsTotal = (lines: ReadonlyArray<Pick<CustomsLine, 'value'>>): number =>
  lines.reduce((sum, line) => sum + line.value, 0);
