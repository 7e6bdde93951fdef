import type { Path, Resolver } from 'react-hook-form';
import {
  STORE_FIELDS,
  type ConnectionResult,
  type CreateStore,
  type SourceType,
  type Store,
  type StoreFieldDefinition,
  type TestConnection,
  type UpdateStore,
} from '@shipdesk/contract';
import { connectionFieldPath } from '@/entities/connections/connection-field';
import type { ConnectionAnswer } from '@/entities/connections/use-connection-dialog';
import { messagesResolver } from '@/lib/validation';

/**
 * The create / edit form of a store. Settings and credentials are keyed as the API names them, so a 400 naming
 * `credentials.accessToken` lands on that very input. Secrets start empty: what is stored is shown masked as the
 * placeholder, and only what the person types is sent.
 */
export interface StoreFormValues {
  name: string;
  sourceType: SourceType | '';
  settings: Record<string, string>;
  credentials: Record<string, string>;
  customerOrderCode: string;
  /** The select's value: 'off' or the minutes. */
  syncIntervalMinutes: string;
  /** Edit only: a paused store is left out of scheduled pulls. */
  paused: boolean;
}

const CUSTOMER_ORDER_CODE = /^[A-Za-z0-9-]{0,10}$/;
const NAME_MAX = 120;

export function fieldsOf(sourceType: SourceType | ''): readonly StoreFieldDefinition[] {
  return sourceType ? STORE_FIELDS[sourceType] : [];
}

/** A platform's test answer in the words the dialog shows: the shop's name when it connected. */
export function storeConnectionAnswer(result: ConnectionResult): ConnectionAnswer {
  return {
    ok: result.ok,
    title: result.ok && result.accountName ? `Connected to ${result.accountName}` : result.message,
    answer: result.platformAnswer,
    answeredBy: 'The platform',
  };
}

export function defaultStoreForm(store?: Store): StoreFormValues {
  if (!store) {
    return {
      name: '',
      sourceType: '',
      settings: {},
      credentials: {},
      customerOrderCode: '',
      syncIntervalMinutes: 'off',
      paused: false,
    };
  }
  const settings: Record<string, string> = {};
  const credentials: Record<string, string> = {};
  for (const field of STORE_FIELDS[store.sourceType]) {
    if (field.secret) credentials[field.key] = '';
    else settings[field.key] = store.settings[field.key] ?? '';
  }
  return {
    name: store.name,
    sourceType: store.sourceType,
    settings,
    credentials,
    customerOrderCode: store.customerOrderCode,
    syncIntervalMinutes: store.syncIntervalMinutes === null ? 'off' : String(store.syncIntervalMinutes),
    paused: store.status === 'paused',
  };
}

const interval = (value: string): number | null => (value === 'off' || value === '' ? null : Number(value));

/** The typed values of one group, trimmed, for the fields of the chosen source type only. */
function filled(values: StoreFormValues, secret: boolean): Record<string, string> {
  const group = secret ? values.credentials : values.settings;
  const out: Record<string, string> = {};
  for (const field of fieldsOf(values.sourceType)) {
    if (field.secret !== secret) continue;
    const value = (group[field.key] ?? '').trim();
    if (value) out[field.key] = value;
  }
  return out;
}

export function toCreateStore(values: StoreFormValues): CreateStore {
  const body: CreateStore = {
    name: values.name.trim(),
    sourceType: values.sourceType as SourceType,
    settings: filled(values, false),
    credentials: filled(values, true),
    syncIntervalMinutes: interval(values.syncIntervalMinutes),
  };
  // Left empty, the server picks the channel's code (SHP, AMZ, ...).
  if (values.customerOrderCode.trim()) body.customerOrderCode = values.customerOrderCode.trim();
  return body;
}

/**
 * Settings are sent whole (the server replaces them); credentials only when one was typed, so the rest stay; the
 * status only when the person paused or resumed the store (an 'error' store keeps its verdict otherwise).
 */
export function toUpdateStore(values: StoreFormValues, store: Pick<Store, 'status'>): UpdateStore {
  const credentials = filled(values, true);
  const pauseChanged = store.status !== 'uninstalled' && values.paused !== (store.status === 'paused');
  return {
    name: values.name.trim(),
    ...(pauseChanged ? { status: values.paused ? ('paused' as const) : ('active' as const) } : {}),
    settings: filled(values, false),
    ...(Object.keys(credentials).length > 0 ? { credentials } : {}),
    customerOrderCode: values.customerOrderCode.trim(),
    syncIntervalMinutes: interval(values.syncIntervalMinutes),
  };
}

/** Test what the form holds now: a new store by its fields, a saved one by its id with the edits on top. */
export function toTestConnection(values: StoreFormValues, storeId?: string): TestConnection {
  const settings = filled(values, false);
  const credentials = filled(values, true);
  if (storeId) {
    return { storeId, settings, ...(Object.keys(credentials).length > 0 ? { credentials } : {}) };
  }
  return { sourceType: values.sourceType as SourceType, settings, credentials };
}

/** Every path the server may name in a 400, for applyServerErrors. */
export function storeFieldPaths(sourceType: SourceType | ''): Path<StoreFormValues>[] {
  const paths: string[] = ['name', 'sourceType', 'customerOrderCode', 'syncIntervalMinutes'];
  return [...paths, ...fieldsOf(sourceType).map(connectionFieldPath)] as Path<StoreFormValues>[];
}

/**
 * The rules the server checks too, for quicker answers: name, channel, required connection fields and those of a
 * set once one of it is given (a stored secret counts as given), and the order code.
 */
export function validateStoreForm(values: StoreFormValues, store?: Store): Record<string, string> {
  const messages: Record<string, string> = {};
  const name = values.name.trim();
  if (!name) messages.name = 'Name is required';
  else if (name.length > NAME_MAX) messages.name = `Use at most ${NAME_MAX} characters`;
  if (!values.sourceType) messages.sourceType = 'Choose a channel';
  const fields = fieldsOf(values.sourceType);
  const given = (field: StoreFieldDefinition) =>
    Boolean(((field.secret ? values.credentials : values.settings)[field.key] ?? '').trim()) ||
    (field.secret && Boolean(store?.credentials[field.key]));
  for (const field of fields) {
    if (given(field)) continue;
    // A field of a set (Magento's OAuth values) is due once another of the set is given.
    const others = fields.filter((f) => field.requiredWith?.includes(f.key) && given(f)).map((f) => f.label);
    if (field.required) messages[connectionFieldPath(field)] = `${field.label} is required`;
    else if (others.length > 0)
      messages[connectionFieldPath(field)] = `${field.label} is required with ${others.join(' and ')}`;
  }
  if (!CUSTOMER_ORDER_CODE.test(values.customerOrderCode.trim())) {
    messages.customerOrderCode = 'Use up to 10 letters, digits or "-"';
  }
  return messages;
}

export function storeFormResolver(store?: Store): Resolver<StoreFormValues> {
  return messagesResolver((values) => validateStoreForm(values, store));
}
