import { RMA_PATTERN, type ReturnLabelCreate, type ReturnLabelDefaults, type UnitSystem } from '@shipdesk/contract';
import { EMAIL_PATTERN } from '@/lib/validation';
import { storedValue, unitResult, type Quantity, type UnitValue } from '@/lib/units/unit-value';
import { choiceKey } from './return-words';

type ReturnFormat = 'pdf' | 'zpl';

/** The return label form as typed: the parcel in the tenant's units (docs/units.md), the service as its choice key. */
export interface ReturnForm {
  deliveryId: string;
  choice: string;
  weight: UnitValue;
  length: UnitValue;
  width: UnitValue;
  height: UnitValue;
  rma: string;
  format: ReturnFormat;
  emailBuyer: boolean;
  /** Another address to e-mail it to, instead of the buyer's. */
  email: string;
}

type ReturnFormField = Exclude<keyof ReturnForm, 'emailBuyer'>;
export type ReturnFormErrors = Partial<Record<ReturnFormField, string>>;

const SIZES = ['length', 'width', 'height'] as const;

/** The form as the server proposes it; the buyer is e-mailed when the order has the buyer's address. */
export function returnFormFrom(defaults: ReturnLabelDefaults): ReturnForm {
  const proposed = defaults.proposed;
  return {
    deliveryId: proposed?.deliveryId ?? defaults.deliveries[0]?.deliveryId ?? '',
    choice: proposed ? choiceKey(proposed) : defaults.choices[0] ? choiceKey(defaults.choices[0]) : '',
    weight: storedValue(proposed && proposed.weight > 0 ? proposed.weight : null),
    length: storedValue(proposed?.length || null),
    width: storedValue(proposed?.width || null),
    height: storedValue(proposed?.height || null),
    rma: proposed?.rma ?? '',
    format: proposed?.format === 'zpl' ? 'zpl' : 'pdf',
    emailBuyer: defaults.buyerEmail !== null,
    email: '',
  };
}

function positive(value: UnitValue, quantity: Quantity, name: string, system: UnitSystem) {
  const result = unitResult(value, quantity, system);
  if (!result.ok) return { error: result.reason };
  if (result.value <= 0) return { error: `The ${name} must be above 0` };
  return { value: result.value };
}

/** The body of `POST .../returnLabel`, or the errors by field. */
export function returnLabelBody(
  form: ReturnForm,
  defaults: ReturnLabelDefaults,
  system: UnitSystem,
): { body: ReturnLabelCreate; errors: null } | { body: null; errors: ReturnFormErrors } {
  const errors: ReturnFormErrors = {};
  const choice = defaults.choices.find((c) => choiceKey(c) === form.choice);
  if (!choice) errors.choice = 'Choose a carrier service';
  const weight = positive(form.weight, 'weight', 'weight', system);
  if (weight.error) errors.weight = weight.error;
  const sizes = SIZES.map((name) => [name, positive(form[name], 'length', name, system)] as const);
  for (const [name, size] of sizes) if (size.error) errors[name] = size.error;
  const rma = form.rma.trim();
  if (!new RegExp(RMA_PATTERN).test(rma)) {
    errors.rma = rma ? 'Letters, digits and dashes, up to 30 characters' : 'Enter the RMA number';
  }
  const email = form.email.trim();
  const needsEmail = form.emailBuyer && defaults.buyerEmail === null;
  if (form.emailBuyer && email && !EMAIL_PATTERN.test(email)) errors.email = 'Enter a valid e-mail address';
  else if (needsEmail && !email) errors.email = 'The order has no buyer e-mail: enter where to send it';
  if (!choice || Object.keys(errors).length > 0) return { body: null, errors };
  const [length, width, height] = sizes.map(([, size]) => size.value!);
  return {
    body: {
      ...(form.deliveryId ? { deliveryId: form.deliveryId } : {}),
      carrier: choice.carrier,
      carrierAccountId: choice.carrierAccountId,
      serviceCode: choice.serviceCode,
      weight: weight.value!,
      length: length!,
      width: width!,
      height: height!,
      rma,
      format: form.format,
      emailBuyer: form.emailBuyer,
      ...(form.emailBuyer && email ? { email } : {}),
      version: defaults.version,
    },
    errors: null,
  };
}

/** The server's names of the body's fields, as the form's. */
const SERVER_FIELDS: Record<string, ReturnFormField> = {
  deliveryId: 'deliveryId',
  carrier: 'choice',
  carrierAccountId: 'choice',
  serviceCode: 'choice',
  weight: 'weight',
  length: 'length',
  width: 'width',
  height: 'height',
  rma: 'rma',
  format: 'format',
  email: 'email',
  emailBuyer: 'email',
};

/** A 400's `errors` on the form's fields, and what names no field of the form (said above it). */
export function returnServerErrors(errors: Record<string, string>): { fields: ReturnFormErrors; other: string[] } {
  const fields: ReturnFormErrors = {};
  const other: string[] = [];
  for (const [name, message] of Object.entries(errors)) {
    const field = SERVER_FIELDS[name.replace(/^\/?body[./]/, '').replace(/^\//, '')];
    if (field) fields[field] = fields[field] ?? message;
    else other.push(message);
  }
  return { fields, other };
}
