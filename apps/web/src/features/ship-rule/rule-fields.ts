import {
  RULE_FIELDS,
  RULE_FIELD_NAMES,
  RULE_FIELD_WORDS,
  type RuleActionType,
  type RuleField,
  type RuleFieldWords,
  type RuleOperator,
} from '@shipdesk/contract';

/**
 * What the editor knows about each field of RULE_FIELDS beside its words (the contract's RULE_FIELD_WORDS: its label,
 * its phrase in sentences, the unit of its numbers): its group in the picker, where its choices come from, a help text.
 */

/** Where a list value's choices come from; 'free' lists take whatever the seller types. */
export type ChoiceSource = 'stores' | 'countries' | 'states' | 'categories' | 'hazardClasses' | 'weekdays' | 'free';

type FieldGroup = 'Order' | 'Destination' | 'Parcel' | 'Items';

interface FieldMeta extends RuleFieldWords {
  group: FieldGroup;
  choices?: ChoiceSource;
  help?: string;
}

const EDITOR: Record<RuleField, Omit<FieldMeta, keyof RuleFieldWords>> = {
  store: { group: 'Order', choices: 'stores' },
  requestedService: {
    group: 'Order',
    choices: 'free',
    help: 'The shipping the customer chose at checkout, as the store sends it.',
  },
  total: { group: 'Order' },
  itemCount: { group: 'Order' },
  tags: { group: 'Order', choices: 'free' },
  orderDate: { group: 'Order' },
  orderWeekday: { group: 'Order', choices: 'weekdays' },
  orderTime: { group: 'Order' },
  country: { group: 'Destination', choices: 'countries' },
  state: { group: 'Destination', choices: 'states' },
  postalCode: { group: 'Destination', choices: 'free' },
  residential: { group: 'Destination' },
  weight: { group: 'Parcel' },
  longestSide: { group: 'Parcel' },
  girth: { group: 'Parcel', help: 'Around the parcel: 2 × width + 2 × height.' },
  sku: { group: 'Items', choices: 'free' },
  category: { group: 'Items', choices: 'categories' },
  hazardous: { group: 'Items' },
  hazardClass: { group: 'Items', choices: 'hazardClasses' },
};

export const FIELD_META = Object.fromEntries(
  RULE_FIELD_NAMES.map((field) => [field, { ...RULE_FIELD_WORDS[field], ...EDITOR[field] }]),
) as Record<RuleField, FieldMeta>;

export const FIELD_GROUPS: readonly FieldGroup[] = ['Order', 'Destination', 'Parcel', 'Items'];

export const fieldsOfGroup = (group: FieldGroup): RuleField[] =>
  RULE_FIELD_NAMES.filter((field) => FIELD_META[field].group === group);

export const fieldOperators = (field: RuleField): readonly RuleOperator[] => RULE_FIELDS[field].operators;

/** The kind of the two ends of a `between`: numbers, dates or times. */
export function rangeKind(field: RuleField): 'number' | 'date' | 'time' {
  const kind = RULE_FIELDS[field].value;
  return kind === 'date' || kind === 'time' ? kind : 'number';
}

export const ACTION_LABELS: Record<RuleActionType, string> = {
  setShipMethod: 'Ship with a shipping method',
  setCarrierService: 'Ship with a carrier service',
  cheapestService: 'Ship with the cheapest of some services',
  setBox: 'Pack in a box',
  setPackageType: 'Use a carrier package type',
  insure: 'Insure the shipment',
  requireSignature: 'Require a signature',
  holdUntil: 'Hold the order',
  addTag: 'Add a tag',
  addNote: 'Add a note',
};

export const ACTION_TYPES = Object.keys(ACTION_LABELS) as RuleActionType[];

/** Actions a rule may hold more than once: tags and notes add up, every other field is set once. */
export const REPEATABLE_ACTIONS: ReadonlySet<RuleActionType> = new Set(['addTag', 'addNote']);
