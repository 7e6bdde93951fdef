import {
  CUSTOMS_LIMITS,
  customsTotal,
  minorToDecimal,
  parseMoney,
  type BoughtCustoms,
  type CustomsContentsType,
  type CustomsDeclaration,
  type CustomsDraft,
  type CustomsForm,
  type ExportFiling,
  type Incoterm,
  type NonDeliveryOption,
  type UnitSystem,
} from '@shipdesk/contract';
import { formatMoney } from '@/lib/format';
import { storedValue, unitResult, type UnitValue } from '@/lib/units/unit-value';

/**
 * The label form's customs declaration (docs/customs.md) as typed: the draft the server prefilled from the order and
 * its products, edited for this label. Values are typed in the major units of the order's currency, net weights in
 * the tenant's units; what a line is (SKU, title) and how many it carries are the parcel's and not edited here.
 * Errors are keyed as the server names them under `label.customs.` ('lines.0.hsCode', 'exportFiling').
 */
export interface CustomsLineFields {
  lineId: string;
  sku: string;
  title: string;
  quantity: number;
  description: string;
  hsCode: string;
  originCountry: string;
  /** The line's total value, major units of the declaration's currency. */
  value: string;
  /** The line's total net weight. */
  weight: UnitValue;
}

export interface CustomsFields {
  currency: string;
  contentsType: CustomsContentsType;
  contentsExplanation: string;
  nonDelivery: NonDeliveryOption;
  incoterm: Incoterm;
  invoiceNumber: string;
  exportFiling: ExportFiling;
  aesItn: string;
  lines: CustomsLineFields[];
}

export type CustomsErrors = Record<string, string>;

/** A line's field as the server names it: `lines.1.hsCode`. */
export const lineField = (index: number, name: keyof CustomsLineFields) => `lines.${index}.${name}`;

/** What the parcel holds, in the seller's words (the menu's) and shortly (the summary's). */
export const CONTENTS_CHOICES: ReadonlyArray<readonly [CustomsContentsType, string, string]> = [
  ['merchandise', 'Merchandise (sale of goods)', 'Merchandise'],
  ['gift', 'Gift', 'Gift'],
  ['documents', 'Documents', 'Documents'],
  ['sample', 'Commercial sample', 'Commercial sample'],
  ['returned_goods', 'Returned goods', 'Returned goods'],
  ['other', 'Other', 'Other'],
];

export const contentsWord = (type: CustomsContentsType): string =>
  CONTENTS_CHOICES.find(([value]) => value === type)?.[2] ?? type;

export const NON_DELIVERY_CHOICES: ReadonlyArray<readonly [NonDeliveryOption, string]> = [
  ['return', 'Return to sender'],
  ['abandon', 'Treat as abandoned'],
];

export const INCOTERM_CHOICES: ReadonlyArray<readonly [Incoterm, string]> = [
  ['DAP', 'Buyer pays duties (DAP)'],
  ['DDP', 'You pay duties (DDP)'],
];

/** The US exporter's filing: the exemption legends in words (15 CFR 30.36, 30.37), or an EEI filed in AES. */
export const EXPORT_FILING_CHOICES: ReadonlyArray<readonly [ExportFiling, string]> = [
  ['NOEEI_30_37_a', 'No EEI: no Schedule B line over $2,500 (30.37(a))'],
  ['NOEEI_30_36', 'No EEI: export to Canada (30.36)'],
  ['NOEEI_30_37_f', 'No EEI: exemption 30.37(f)'],
  ['NOEEI_30_37_h', 'No EEI: exemption 30.37(h)'],
  ['AES_ITN', 'EEI filed in AES (ITN)'],
];

export const FORM_NAMES: Record<CustomsForm, string> = {
  cn22: 'CN 22',
  cn23: 'CN 23',
  commercial_invoice: 'Commercial invoice',
};

export function customsFieldsFrom(draft: CustomsDraft): CustomsFields {
  const { declaration, currency } = draft;
  return {
    currency,
    contentsType: declaration.contentsType,
    contentsExplanation: declaration.contentsExplanation ?? '',
    nonDelivery: declaration.nonDelivery,
    incoterm: declaration.incoterm,
    invoiceNumber: declaration.invoiceNumber,
    exportFiling: declaration.exportFiling,
    aesItn: declaration.aesItn ?? '',
    lines: declaration.lines.map((line) => ({
      lineId: line.lineId,
      sku: line.sku,
      title: line.title,
      quantity: line.quantity,
      description: line.description,
      hsCode: line.hsCode ?? '',
      originCountry: line.originCountry,
      // Zero shows as an empty field (its problem says what to enter), never as "0.00" or "0 oz".
      value: line.value > 0 ? minorToDecimal(line.value, currency) : '',
      weight: storedValue(line.weight > 0 ? line.weight : null),
    })),
  };
}

/**
 * Whether a re-quoted draft declares the same contents as the form (the same lines, in the same order, in the same
 * currency): then the seller's edits are kept; else the form starts again from the new draft.
 */
export function sameContents(fields: CustomsFields, draft: CustomsDraft): boolean {
  const ids = (lines: ReadonlyArray<{ lineId: string; quantity: number }>) =>
    lines.map((line) => `${line.lineId}×${line.quantity}`).join(',');
  return fields.currency === draft.currency && ids(fields.lines) === ids(draft.declaration.lines);
}

/** A line's value in minor units: empty is 0 (the server says a value is needed), else what parseMoney reads. */
function lineValue(text: string, currency: string): { minor: number } | { error: string } {
  if (text.trim() === '') return { minor: 0 };
  const parsed = parseMoney(text, currency);
  if (!parsed.ok) return { error: parsed.message };
  if (parsed.minor > CUSTOMS_LIMITS.lineValue) {
    return { error: `At most ${minorToDecimal(CUSTOMS_LIMITS.lineValue, currency)}` };
  }
  return { minor: parsed.minor };
}

/** A line's net weight in grams: empty is 0 (the server says a weight is needed), else what the parser reads. */
function lineWeight(value: UnitValue, system: UnitSystem): { grams: number } | { error: string } {
  if (value.stored === null && (value.typed ?? '').trim() === '') return { grams: 0 };
  const result = unitResult(value, 'weight', system);
  return result.ok ? { grams: result.value } : { error: result.reason };
}

/**
 * The declaration a purchase sends (`label.customs`: the lines without SKU and title), or the fields that cannot be
 * read as one (a value or weight that is not a number). Everything else is the server's to judge.
 */
export function declarationFromFields(
  fields: CustomsFields,
  system: UnitSystem,
): { declaration: CustomsDeclaration; errors: null } | { declaration: null; errors: CustomsErrors } {
  const errors: CustomsErrors = {};
  const lines = fields.lines.map((line, index) => {
    const value = lineValue(line.value, fields.currency);
    const weight = lineWeight(line.weight, system);
    if ('error' in value) errors[lineField(index, 'value')] = value.error;
    if ('error' in weight) errors[lineField(index, 'weight')] = weight.error;
    return {
      lineId: line.lineId,
      description: line.description.trim(),
      hsCode: line.hsCode.trim() === '' ? null : line.hsCode.trim(),
      originCountry: line.originCountry.trim().toUpperCase(),
      quantity: line.quantity,
      value: 'minor' in value ? value.minor : 0,
      weight: 'grams' in weight ? weight.grams : 0,
    };
  });
  if (Object.keys(errors).length > 0) return { declaration: null, errors };
  const other = fields.contentsType === 'other';
  const itn = fields.exportFiling === 'AES_ITN';
  return {
    declaration: {
      contentsType: fields.contentsType,
      // Said only with "Other", and an ITN only with its filing: the server refuses an ITN beside an exemption.
      contentsExplanation: other ? fields.contentsExplanation.trim() || null : null,
      nonDelivery: fields.nonDelivery,
      incoterm: fields.incoterm,
      invoiceNumber: fields.invoiceNumber.trim(),
      exportFiling: fields.exportFiling,
      aesItn: itn ? fields.aesItn.trim().toUpperCase() || null : null,
      lines,
    },
    errors: null,
  };
}

/** The server's field errors of a purchase that are the declaration's, keyed as the form keys them. */
export function customsErrorsFrom(fieldErrors: Record<string, string>): CustomsErrors {
  const prefix = 'label.customs.';
  return Object.fromEntries(
    Object.entries(fieldErrors)
      .filter(([field]) => field.startsWith(prefix))
      .map(([field, message]) => [field.slice(prefix.length), message]),
  );
}

/** The declaration's total value, minor units (lines whose value cannot be read count nothing). */
function fieldsTotal(fields: CustomsFields): number {
  return customsTotal(
    fields.lines.map((line) => {
      const value = lineValue(line.value, fields.currency);
      return { value: 'minor' in value ? value.minor : 0 };
    }),
  );
}

/** "Customs: Merchandise · DAP · 2 lines · $45.00". */
export function customsSummary(fields: CustomsFields, locale: string): string {
  const lines = fields.lines.length === 1 ? '1 line' : `${fields.lines.length} lines`;
  const total = formatMoney(fieldsTotal(fields), fields.currency, locale);
  return `Customs: ${contentsWord(fields.contentsType)} · ${fields.incoterm} · ${lines} · ${total}`;
}

/** "Customs: CN 23 · Merchandise · DAP · $45.00": what a bought label declared. */
export function boughtCustomsText(customs: BoughtCustoms, locale: string): string {
  const total = formatMoney(customs.totalValue, customs.currency, locale);
  return `Customs: ${FORM_NAMES[customs.form]} · ${contentsWord(customs.contentsType)} · ${customs.incoterm} · ${total}`;
}

/** The keys of the errors a line's own fields show (the rest of a line's problems show under its name). */
const LINE_INPUTS = ['description', 'hsCode', 'originCountry', 'value', 'weight'] as const;
/** The declaration-wide fields that show their own errors. */
const INPUTS = ['contentsType', 'contentsExplanation', 'nonDelivery', 'incoterm', 'invoiceNumber', 'aesItn'];

/**
 * Where each error shows: under its field; a line's other problems (the line itself, its quantity) under the line's
 * name; the rest (the lines as a whole, the exporter's filing, the currency) above the lines.
 */
export function placeCustomsErrors(errors: CustomsErrors, lineCount: number) {
  const general: string[] = [];
  const lines: string[][] = Array.from({ length: lineCount }, () => []);
  for (const [field, message] of Object.entries(errors)) {
    const line = /^lines\.(\d+)\.(\w+)$/.exec(field);
    if (line) {
      const index = Number(line[1]);
      if (index >= lineCount) general.push(message);
      else if (!(LINE_INPUTS as readonly string[]).includes(line[2]!)) lines[index]!.push(message);
    } else if (!INPUTS.includes(field)) general.push(message);
  }
  return { general, lines };
}

/** A line's problem under its own field: the row names the line already ("Line 1 (MUG-1): " is left off). */
export function fieldMessage(message: string | undefined): string | undefined {
  if (!message) return undefined;
  const rest = message.replace(/^Line \d+(?: \([^)]*\))?: /, '');
  return rest.charAt(0).toUpperCase() + rest.slice(1);
}
