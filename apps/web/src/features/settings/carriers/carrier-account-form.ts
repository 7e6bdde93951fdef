import type { Path, Resolver } from 'react-hook-form';
import {
  ACCOUNT_CARRIERS,
  CARRIER_FIELDS,
  CARRIER_NAMES,
  type CarrierAccount,
  type CarrierConnectionResult,
  type CarrierFieldDefinition,
  type CreateCarrierAccount,
  type TestCarrierConnection,
  type UpdateCarrierAccount,
} from '@shipdesk/contract';
import { connectionFieldPath, type ConnectionFormValues } from '@/entities/connections/connection-field';
import type { ConnectionAnswer } from '@/entities/connections/use-connection-dialog';
import { messagesResolver } from '@/lib/validation';

type AccountCarrier = (typeof ACCOUNT_CARRIERS)[number];

/**
 * The connect / edit form of a carrier account, keyed as the API names its parts. Secrets start empty: what is
 * stored is shown masked as the placeholder, and only what the person types is sent.
 */
export interface CarrierAccountFormValues extends ConnectionFormValues {
  carrier: AccountCarrier | '';
  name: string;
  isDefault: boolean;
}

const NAME_MAX = 120;

export const isAccountCarrier = (value: unknown): value is AccountCarrier =>
  (ACCOUNT_CARRIERS as readonly unknown[]).includes(value);

export function carrierFieldsOf(carrier: AccountCarrier | ''): readonly CarrierFieldDefinition[] {
  return carrier ? CARRIER_FIELDS[carrier] : [];
}

export function defaultCarrierAccountForm(account?: CarrierAccount): CarrierAccountFormValues {
  if (!account || !isAccountCarrier(account.carrier)) {
    return { carrier: '', name: '', settings: {}, credentials: {}, isDefault: false };
  }
  const settings: Record<string, string> = {};
  const credentials: Record<string, string> = {};
  for (const field of CARRIER_FIELDS[account.carrier]) {
    if (field.secret) credentials[field.key] = '';
    else settings[field.key] = account.settings[field.key] ?? '';
  }
  return { carrier: account.carrier, name: account.name, settings, credentials, isDefault: account.isDefault };
}

/** The typed values of one group, trimmed, for the fields of the chosen carrier only. */
function filled(values: CarrierAccountFormValues, secret: boolean): Record<string, string> {
  const group = secret ? values.credentials : values.settings;
  const out: Record<string, string> = {};
  for (const field of carrierFieldsOf(values.carrier)) {
    if (field.secret !== secret) continue;
    const value = (group[field.key] ?? '').trim();
    if (value) out[field.key] = value;
  }
  return out;
}

function sameSettings(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((key) => (a[key] ?? '') === (b[key] ?? ''));
}

export function toCreateCarrierAccount(values: CarrierAccountFormValues): CreateCarrierAccount {
  return {
    carrier: values.carrier as AccountCarrier,
    name: values.name.trim(),
    settings: filled(values, false),
    credentials: filled(values, true),
    isDefault: values.isDefault,
  };
}

/**
 * Settings only when they changed and credentials only when one was typed: the server takes either as a new
 * connection and forgets the account's verdict, which a rename must not do.
 */
export function toUpdateCarrierAccount(
  values: CarrierAccountFormValues,
  account: CarrierAccount,
): UpdateCarrierAccount {
  const settings = filled(values, false);
  const credentials = filled(values, true);
  return {
    name: values.name.trim(),
    isDefault: values.isDefault,
    ...(sameSettings(settings, account.settings) ? {} : { settings }),
    ...(Object.keys(credentials).length > 0 ? { credentials } : {}),
  };
}

/** What 'Test connection' sends for the form as it is now, or the secrets it needs typed again first. */
type CarrierTestPlan = { body: TestCarrierConnection } | { retype: CarrierFieldDefinition[] };

/**
 * A new account is tested with what the form holds. A saved one whose connection is unchanged is tested by its id
 * (the server keeps the verdict); a changed one is tested as typed, which needs its secrets, since the stored ones
 * are never sent back.
 */
export function carrierTestPlan(values: CarrierAccountFormValues, account?: CarrierAccount): CarrierTestPlan {
  const settings = filled(values, false);
  const credentials = filled(values, true);
  const carrier = values.carrier as AccountCarrier;
  if (!account) return { body: { carrier, settings, credentials } };
  if (sameSettings(settings, account.settings) && Object.keys(credentials).length === 0) {
    return { body: { accountId: account.id } };
  }
  const retype = carrierFieldsOf(values.carrier).filter(
    (field) => field.secret && Boolean(account.credentials[field.key]) && !credentials[field.key],
  );
  return retype.length > 0 ? { retype } : { body: { carrier, settings, credentials } };
}

/** A carrier's test answer in the words the screen shows, the carrier's own text verbatim. */
export function carrierConnectionAnswer(result: CarrierConnectionResult, carrier: AccountCarrier): ConnectionAnswer {
  return { ok: result.ok, title: result.message, answer: result.carrierAnswer, answeredBy: CARRIER_NAMES[carrier] };
}

/** Every path the server may name in a 400, for applyServerErrors. */
export function carrierAccountFieldPaths(carrier: AccountCarrier | ''): Path<CarrierAccountFormValues>[] {
  return [
    'name',
    'carrier',
    'isDefault',
    ...carrierFieldsOf(carrier).map(connectionFieldPath),
  ] as Path<CarrierAccountFormValues>[];
}

/** The rules the server checks too: a name, a carrier, and its required fields (a stored secret counts as given). */
export function validateCarrierAccountForm(
  values: CarrierAccountFormValues,
  account?: CarrierAccount,
): Record<string, string> {
  const messages: Record<string, string> = {};
  const name = values.name.trim();
  if (!name) messages.name = 'Name is required';
  else if (name.length > NAME_MAX) messages.name = `Use at most ${NAME_MAX} characters`;
  if (!values.carrier) messages.carrier = 'Choose a carrier';
  for (const field of carrierFieldsOf(values.carrier)) {
    const typed = ((field.secret ? values.credentials : values.settings)[field.key] ?? '').trim();
    const stored = field.secret && Boolean(account?.credentials[field.key]);
    if (field.required && !typed && !stored) messages[connectionFieldPath(field)] = `${field.label} is required`;
  }
  return messages;
}

export function carrierAccountResolver(account?: CarrierAccount): Resolver<CarrierAccountFormValues> {
  return messagesResolver((values) => validateCarrierAccountForm(values, account));
}
