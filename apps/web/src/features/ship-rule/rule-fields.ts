import {
  RULE_FIELDS,
  RULE_FIELD_NAMES,
  type RuleActionType,
  type RuleField,
  type RuleOperator,
  type RuleTarget,
} from '@shipdesk/contract';

/**
 * What the editor and the plain words know about each field of RULE_FIELDS: a label for the picker, a phrase for
 * sentences ("When ship-to state is one of AK, HI"), the unit of its numbers and where its choices come from.
 */

/** Where a list value's choices come from; 'free' lists take whatever the seller types. */
export type ChoiceSource = 'stores' | 'countries' | 'states' | 'categories' | 'hazardClasses' | 'weekdays' | 'free';

/** The unit a number field is typed in: weight in lb/oz (grams on the wire), money in the currency (minor units). */
export type NumberUnit = 'weight' | 'money' | 'inches' | 'count';

export type FieldGroup = 'Order' | 'Destination' | 'Parcel' | 'Items';

export interface FieldMeta {
  label: string;
  /** The field as the subject of a sentence. */
  phrase: string;
  group: FieldGroup;
  choices?: ChoiceSource;
  number?: NumberUnit;
  /** For `is` on a boolean field: the sentence when true and when false. */
  yes?: string;
  no?: string;
  help?: string;
}

export const FIELD_META: Record<RuleField, FieldMeta> = {
  store: { label: 'Store', phrase: 'store', group: 'Order', choices: 'stores' },
  requestedService: {
    label: 'Requested service',
    phrase: 'requested service',
    group: 'Order',
    choices: 'free',
    help: 'The shipping the customer chose at checkout, as the store sends it.',
  },
  total: { label: 'Order total', phrase: 'order total', group: 'Order', number: 'money' },
  itemCount: { label: 'Number of items', phrase: 'number of items', group: 'Order', number: 'count' },
  tags: { label: 'Order tags', phrase: 'order', group: 'Order', choices: 'free' },
  orderDate: { label: 'Order date', phrase: 'order date', group: 'Order' },
  orderWeekday: { label: 'Order weekday', phrase: 'order weekday', group: 'Order', choices: 'weekdays' },
  orderTime: { label: 'Order time', phrase: 'order time', group: 'Order' },
  country: { label: 'Ship-to country', phrase: 'ship-to country', group: 'Destination', choices: 'countries' },
  state: { label: 'Ship-to state', phrase: 'ship-to state', group: 'Destination', choices: 'states' },
  postalCode: { label: 'Ship-to postal code', phrase: 'ship-to postal code', group: 'Destination', choices: 'free' },
  residential: {
    label: 'Residential address',
    phrase: 'ship-to address',
    group: 'Destination',
    yes: 'the ship-to address is residential',
    no: 'the ship-to address is a business',
  },
  weight: { label: 'Weight', phrase: 'weight', group: 'Parcel', number: 'weight' },
  longestSide: { label: 'Longest side', phrase: 'longest side', group: 'Parcel', number: 'inches' },
  girth: {
    label: 'Girth',
    phrase: 'girth',
    group: 'Parcel',
    number: 'inches',
    help: 'Around the parcel: 2 × width + 2 × height.',
  },
  sku: { label: 'SKU', phrase: 'an item’s SKU', group: 'Items', choices: 'free' },
  category: { label: 'Product category', phrase: 'an item’s category', group: 'Items', choices: 'categories' },
  hazardous: {
    label: 'Hazardous items',
    phrase: 'order',
    group: 'Items',
    yes: 'the order has hazardous items',
    no: 'the order has no hazardous items',
  },
  hazardClass: { label: 'Hazard class', phrase: 'an item’s hazard class', group: 'Items', choices: 'hazardClasses' },
};

export const FIELD_GROUPS: readonly FieldGroup[] = ['Order', 'Destination', 'Parcel', 'Items'];

export const fieldsOfGroup = (group: FieldGroup): RuleField[] =>
  RULE_FIELD_NAMES.filter((field) => FIELD_META[field].group === group);

export const OPERATOR_LABELS: Record<RuleOperator, string> = {
  eq: 'is',
  ne: 'is not',
  in: 'is one of',
  notIn: 'is not one of',
  contains: 'contains',
  startsWith: 'starts with',
  notStartsWith: 'does not start with',
  matches: 'matches the pattern',
  empty: 'is empty',
  is: 'is',
  gt: 'is over',
  gte: 'is at least',
  lt: 'is under',
  lte: 'is at most',
  between: 'is between',
  hasAny: 'has any of the tags',
  hasAll: 'has all of the tags',
  hasNone: 'has none of the tags',
  before: 'is before',
  after: 'is after',
};

/** The operator as the picker shows it for this field ("starts with any of" for a list of prefixes). */
export function operatorLabel(field: RuleField, operator: RuleOperator): string {
  if (valueShape(field, operator) === 'list' && (operator === 'startsWith' || operator === 'notStartsWith')) {
    return operator === 'startsWith' ? 'starts with any of' : 'starts with none of';
  }
  return OPERATOR_LABELS[operator];
}

export const fieldOperators = (field: RuleField): readonly RuleOperator[] => RULE_FIELDS[field].operators;

/**
 * The value a condition takes, by its field's kind and operator (the contract's rule): none for `empty`, a boolean
 * for `is`, a list for the set operators and a text field's prefixes, a pair for `between`, else one value.
 */
export type ValueShape = 'none' | 'boolean' | 'list' | 'text' | 'pattern' | 'number' | 'range' | 'date' | 'time';

const LIST_OPERATORS: ReadonlySet<RuleOperator> = new Set(['in', 'notIn', 'hasAny', 'hasAll', 'hasNone']);

export function valueShape(field: RuleField, operator: RuleOperator): ValueShape {
  const kind = RULE_FIELDS[field].value;
  if (operator === 'empty') return 'none';
  if (operator === 'is' || kind === 'boolean') return 'boolean';
  if (LIST_OPERATORS.has(operator)) return 'list';
  if (operator === 'matches') return 'pattern';
  if (kind === 'texts' && (operator === 'startsWith' || operator === 'notStartsWith')) return 'list';
  if (kind === 'number') return operator === 'between' ? 'range' : 'number';
  if (kind === 'date') return operator === 'between' ? 'range' : 'date';
  if (kind === 'time') return operator === 'between' ? 'range' : 'time';
  return 'text';
}

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

export const TARGET_LABELS: Record<RuleTarget, string> = {
  shipMethod: 'Shipping method',
  carrierService: 'Carrier service',
  packageType: 'Package type',
  boxSize: 'Box',
  insuredValue: 'Insured value',
  signature: 'Signature',
  holdUntil: 'Hold until',
  tags: 'Tags',
  notes: 'Notes',
};
