import {
  RULE_FIELDS,
  type RuleCondition,
  type RuleField,
  type RuleOperator,
  type ShippingRule,
} from './shipping-rules.ts';
import { WEEKDAYS } from './wall-clock.ts';
import { formatLength, formatWeight, type UnitSystem } from './units.ts';
import { inchesText, parcelWeightText } from './weights.ts';

/**
 * Shipping rules' conditions in plain words, one vocabulary for the web's editor ("When ship-to state is one of AK,
 * HI and weight is over 2 lb") and the server's "why" of every order ("ship-to state is CA, not one of AK, HI"): the
 * fields' names, the operators, and how each kind of value reads. Names the rules hold by id (stores, methods, boxes,
 * hazard classes) and money come from the caller's context; an id it does not know still reads ("store #12").
 */

/** Names and money the words need; undefined: not known (deleted, or not loaded). */
export interface RuleWordsContext {
  /** Minor units of the currency the words are for ("$50.00"). */
  money(minorUnits: number): string;
  store(id: string): string | undefined;
  shipMethod(id: string): string | undefined;
  box(id: string): string | undefined;
  hazardClass(code: string): string | undefined;
  /**
   * The tenant's units (docs/units.md): weights and sizes read as `formatWeight` and `formatLength` print them ("2 lb
   * 4 oz", "1.02 kg", "57.2 cm"). Absent: the rules' own words, "8 oz", "2.25 lb", "22.5 in" (a caller that does
   * not know the tenant).
   */
  units?: UnitSystem | undefined;
}

/** The unit a number field is typed and read in: weight in oz/lb (grams on the wire), money in minor units. */
type RuleNumberUnit = 'weight' | 'money' | 'inches' | 'count';

export interface RuleFieldWords {
  /** The field in the editor's picker. */
  label: string;
  /** The field as the subject of a sentence. */
  phrase: string;
  number?: RuleNumberUnit;
  /** Boolean fields: the sentence when the order has it and when not. */
  yes?: string;
  no?: string;
}

export const RULE_FIELD_WORDS: Record<RuleField, RuleFieldWords> = {
  store: { label: 'Store', phrase: 'store' },
  requestedService: { label: 'Requested service', phrase: 'requested service' },
  total: { label: 'Order total', phrase: 'order total', number: 'money' },
  itemCount: { label: 'Number of items', phrase: 'number of items', number: 'count' },
  tags: { label: 'Order tags', phrase: 'order' },
  orderDate: { label: 'Order date', phrase: 'order date' },
  orderWeekday: { label: 'Order weekday', phrase: 'order weekday' },
  orderTime: { label: 'Order time', phrase: 'order time' },
  country: { label: 'Ship-to country', phrase: 'ship-to country' },
  state: { label: 'Ship-to state', phrase: 'ship-to state' },
  postalCode: { label: 'Ship-to postal code', phrase: 'ship-to postal code' },
  residential: {
    label: 'Residential address',
    phrase: 'ship-to address',
    yes: 'the ship-to address is residential',
    no: 'the ship-to address is a business',
  },
  weight: { label: 'Weight', phrase: 'weight', number: 'weight' },
  longestSide: { label: 'Longest side', phrase: 'longest side', number: 'inches' },
  girth: { label: 'Girth', phrase: 'girth', number: 'inches' },
  sku: { label: 'SKU', phrase: 'an item’s SKU' },
  category: { label: 'Product category', phrase: 'an item’s category' },
  hazardous: {
    label: 'Hazardous items',
    phrase: 'order',
    yes: 'the order has hazardous items',
    no: 'the order has no hazardous items',
  },
  hazardClass: { label: 'Hazard class', phrase: 'an item’s hazard class' },
};

export const RULE_OPERATOR_WORDS: Record<RuleOperator, string> = {
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

/**
 * The value a condition takes, by its field's kind and operator (RuleConditionSchema's rule): none for `empty`, a
 * boolean for `is`, a list for the set operators and a text field's prefixes, a pair for `between`, else one value.
 */
type RuleValueShape = 'none' | 'boolean' | 'list' | 'text' | 'pattern' | 'number' | 'range' | 'date' | 'time';

const LIST_OPERATORS: ReadonlySet<RuleOperator> = new Set(['in', 'notIn', 'hasAny', 'hasAll', 'hasNone']);

export function ruleValueShape(field: RuleField, operator: RuleOperator): RuleValueShape {
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

/** The operator as a sentence says it for this field: "starts with any of" for a list of prefixes. */
export function operatorWords(field: RuleField, operator: RuleOperator): string {
  if (ruleValueShape(field, operator) === 'list' && (operator === 'startsWith' || operator === 'notStartsWith')) {
    return operator === 'startsWith' ? 'starts with any of' : 'starts with none of';
  }
  return RULE_OPERATOR_WORDS[operator];
}

export const quoted = (text: string) => `“${text}”`;

/** How many values of a list are named before "and 3 more": the words are stored with every order's "why". */
const LIST_SHOWN = 5;

/** "AK, HI", "AK, HI, PR, GU, VI and 3 more": the operator before it says whether one or all are meant. */
export function listWords(values: readonly string[]): string {
  if (values.length === 0) return 'nothing';
  if (values.length > LIST_SHOWN)
    return `${values.slice(0, LIST_SHOWN).join(', ')} and ${values.length - LIST_SHOWN} more`;
  return values.join(', ');
}

const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** `sat` -> "Saturday" (any case); what is no weekday reads as it came. */
function weekdayWords(day: string): string {
  return WEEKDAY_NAMES[(WEEKDAYS as readonly string[]).indexOf(day.trim().toLowerCase())] ?? day;
}

/** A number of a field in its unit: "2 lb", "$50.00", "22.5 in", "3". */
function numberWords(field: RuleField, value: number, ctx: RuleWordsContext): string {
  switch (RULE_FIELD_WORDS[field].number) {
    case 'weight':
      return ctx.units ? formatWeight(value, ctx.units) : parcelWeightText(value);
    case 'money':
      return ctx.money(value);
    case 'inches':
      return ctx.units ? formatLength(value, ctx.units) : inchesText(value);
    default:
      return String(value);
  }
}

/**
 * One value of a field in words, a condition's or an order's: numbers in their unit, stores and hazard classes by
 * name, weekdays by name, country and state codes as they are, dates and times as written, other text quoted (a
 * hazard class's name has commas of its own: "Lithium-ion batteries, loose").
 */
export function valueWords(field: RuleField, value: unknown, ctx: RuleWordsContext): string {
  if (typeof value === 'number') return numberWords(field, value, ctx);
  const text = typeof value === 'string' ? value.trim() : String(value ?? '');
  switch (field) {
    case 'store':
      return ctx.store(text) ?? `store #${text}`;
    case 'orderWeekday':
      return weekdayWords(text);
    case 'hazardClass':
      return quoted(ctx.hazardClass(text) ?? text);
    case 'country':
    case 'state':
      return text.toUpperCase();
    case 'orderDate':
    case 'orderTime':
      return text;
    default:
      return quoted(text);
  }
}

const asList = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === undefined ? [] : [value]);

/** What a condition compares with, after its operator: "AK, HI", "8 oz and 2 lb", "/^BAT-/"; "" when nothing. */
export function askedWords(condition: RuleCondition, ctx: RuleWordsContext): string {
  const { field, operator, value } = condition;
  switch (ruleValueShape(field, operator)) {
    case 'none':
    case 'boolean':
      return '';
    case 'list':
      return listWords(asList(value).map((item) => valueWords(field, item, ctx)));
    case 'range': {
      const [from, to] = Array.isArray(value) ? value : [];
      return `${valueWords(field, from, ctx)} and ${valueWords(field, to, ctx)}`;
    }
    case 'pattern':
      return `/${String(value ?? '')}/`;
    default:
      return valueWords(field, value, ctx);
  }
}

/** One condition as a clause: "ship-to state is one of AK, HI", "weight is over 2 lb", "store is not Etsy". */
export function conditionWords(condition: RuleCondition, ctx: RuleWordsContext): string {
  const { field, operator, value } = condition;
  const words = RULE_FIELD_WORDS[field];
  const shape = ruleValueShape(field, operator);
  if (shape === 'boolean') {
    const yes = value !== false;
    return (yes ? words.yes : words.no) ?? `${words.phrase} is ${yes ? 'yes' : 'no'}`;
  }
  const subject = `${words.phrase} ${operatorWords(field, operator)}`;
  if (shape === 'none') return subject;
  const list = asList(value);
  if (shape === 'list' && list.length === 1 && (operator === 'in' || operator === 'notIn')) {
    return `${words.phrase} ${operator === 'in' ? 'is' : 'is not'} ${valueWords(field, list[0], ctx)}`;
  }
  return `${subject} ${askedWords(condition, ctx)}`;
}

/** A rule's conditions as one sentence: "When … and …"; no conditions: "Every order". */
export function conditionsSentence(rule: Pick<ShippingRule, 'conditions' | 'match'>, ctx: RuleWordsContext): string {
  if (rule.conditions.length === 0) return 'Every order';
  const joiner = rule.match === 'any' ? ' or ' : ' and ';
  return `When ${rule.conditions.map((condition) => conditionWords(condition, ctx)).join(joiner)}`;
}
