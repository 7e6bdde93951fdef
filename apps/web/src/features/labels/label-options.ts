import {
  MAX_INSURED_MINOR,
  minorToDecimal,
  parseMoney,
  type InsuranceProvider,
  type LabelOptions,
  type LabelSignature,
  type ShipLabelDefaults,
  type ShipLabelQuery,
} from '@shipdesk/contract';

/**
 * The label form's options (docs/label-options.md): the insured value as typed in the major units of the order's
 * currency (empty: not insured), whose insurance, and the signature. They start as the order's (a rule's or a
 * person's: the form's `defaults.options`) and change for this label only.
 */
export type SignatureChoice = 'none' | LabelSignature;

export interface OptionFields {
  /** The order's currency: the insured value is typed and sent in it. */
  currency: string;
  insuredValue: string;
  insuranceProvider: InsuranceProvider;
  signature: SignatureChoice;
}

export type OptionErrors = Partial<Record<'insuredValue', string>>;

export const SIGNATURE_CHOICES: ReadonlyArray<readonly [SignatureChoice, string]> = [
  ['none', 'No signature'],
  ['standard', 'Signature'],
  ['adult', 'Adult signature (21+, with ID)'],
];

export const INSURANCE_PROVIDER_CHOICES: ReadonlyArray<readonly [InsuranceProvider, string]> = [
  ['carrier', "The carrier's coverage"],
  ['aggregator', "Shippo's insurer (XCover)"],
];

export function optionFieldsFrom(options: ShipLabelDefaults['options']): OptionFields {
  return {
    currency: options.currency,
    insuredValue: options.insuredValue ? minorToDecimal(options.insuredValue, options.currency) : '',
    insuranceProvider: options.insuranceProvider,
    signature: options.signature ?? 'none',
  };
}

/** The options a purchase sends (`label.options`), or the errors by field. An empty or zero value: not insured. */
export function optionsFromFields(
  fields: OptionFields,
): { options: LabelOptions; errors: null } | { options: null; errors: OptionErrors } {
  const text = fields.insuredValue.trim();
  let insuredValue: number | null = null;
  if (text !== '') {
    const parsed = parseMoney(text, fields.currency);
    if (!parsed.ok) return { options: null, errors: { insuredValue: parsed.message } };
    if (parsed.minor > MAX_INSURED_MINOR) {
      const most = minorToDecimal(MAX_INSURED_MINOR, fields.currency);
      return { options: null, errors: { insuredValue: `The insured value must be at most ${most}` } };
    }
    insuredValue = parsed.minor > 0 ? parsed.minor : null;
  }
  return {
    options: {
      insuredValue,
      insuranceProvider: fields.insuranceProvider,
      signature: fields.signature === 'none' ? null : fields.signature,
    },
    errors: null,
  };
}

/** The fsmFlow query fields that price these options (`insuredValue=0` and `signature=none` clear the order's). */
export function optionsQuery(
  fields: OptionFields,
): Pick<ShipLabelQuery, 'insuredValue' | 'insuranceProvider' | 'signature'> {
  const { options } = optionsFromFields(fields);
  if (!options) return {};
  return {
    insuredValue: options.insuredValue ?? 0,
    insuranceProvider: options.insuranceProvider,
    signature: fields.signature,
  };
}

/** Two forms with the same key carry the same options to the carriers ("50" and "50.00" are one value). */
export function optionsKey(fields: OptionFields): string {
  const checked = optionsFromFields(fields);
  return checked.errors ? `invalid:${fields.insuredValue}` : JSON.stringify(checked.options);
}

/** Whose insurance matters only where an aggregator offers its own insurer beside the carrier's (Shippo). */
export function offersInsuranceChoice(defaults: Pick<ShipLabelDefaults, 'rates' | 'rateErrors'>): boolean {
  return [...defaults.rates, ...defaults.rateErrors].some((entry) => entry.carrier === 'shippo');
}
