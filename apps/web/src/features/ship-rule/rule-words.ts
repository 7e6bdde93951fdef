import {
  CARRIER_NAMES,
  DEFAULT_CURRENCY,
  DEFAULT_LOCALE,
  findCarrierService,
  findPackageType,
  inchesText,
  isCarrier,
  parcelWeightText,
  type Carrier,
  type RuleAction,
  type RuleCondition,
  type ShippingRule,
} from '@shipdesk/contract';
import { formatMoney } from '@/lib/format';
import { WEEKDAY_NAMES, isWeekday } from './rule-choices';
import { FIELD_META, operatorLabel, valueShape } from './rule-fields';
import { plainNumber } from './rule-units';

/**
 * Rules in plain words, as the list and the history show them: "When ship-to state is one of AK, HI and weight is
 * over 2 lb" and "Ship with USPS Priority Mail; stop here". Names the seller gave (stores, methods, boxes) come from
 * the context; an id it does not know is still shown, so a deleted store reads "store #12", not nothing.
 */
export interface WordsContext {
  currency: string;
  locale: string;
  stores: ReadonlyMap<string, string>;
  shipMethods: ReadonlyMap<string, string>;
  boxes: ReadonlyMap<string, string>;
  hazardClasses: ReadonlyMap<string, string>;
}

export const EMPTY_WORDS_CONTEXT: WordsContext = {
  currency: DEFAULT_CURRENCY,
  locale: DEFAULT_LOCALE,
  stores: new Map(),
  shipMethods: new Map(),
  boxes: new Map(),
  hazardClasses: new Map(),
};

/** How many values of a list are named before "and 3 more". */
const LIST_SHOWN = 5;

/** "AK, HI", "AK, HI, PR, GU, VI and 3 more": the operator before it says whether one or all are meant. */
export function listWords(values: readonly string[]): string {
  if (values.length === 0) return 'nothing';
  if (values.length > LIST_SHOWN) {
    return `${values.slice(0, LIST_SHOWN).join(', ')} and ${values.length - LIST_SHOWN} more`;
  }
  return values.join(', ');
}

const quoted = (text: string) => `“${text}”`;

function clip(text: string, length: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > length ? `${flat.slice(0, length - 1).trimEnd()}…` : flat;
}

function listItemWords(field: RuleCondition['field'], value: unknown, ctx: WordsContext): string {
  const text = String(value);
  switch (FIELD_META[field].choices) {
    case 'stores':
      return ctx.stores.get(text) ?? `store #${text}`;
    case 'hazardClasses':
      // Quoted: their names have commas of their own ("Lithium-ion batteries, loose").
      return quoted(ctx.hazardClasses.get(text) ?? text);
    case 'weekdays':
      return isWeekday(text) ? WEEKDAY_NAMES[text].short : text;
    case 'countries':
    case 'states':
      return text;
    default:
      return quoted(text);
  }
}

/** One value of a number, date or time field in words: '2 lb', '$50.00', '12 in', '3', '2025-12-01', '14:00'. */
export function valueWords(field: RuleCondition['field'], value: unknown, ctx: WordsContext): string {
  if (typeof value !== 'number') return typeof value === 'string' ? value : '?';
  switch (FIELD_META[field].number) {
    case 'weight':
      return parcelWeightText(value);
    case 'money':
      return formatMoney(value, ctx.currency, ctx.locale);
    case 'inches':
      return inchesText(value);
    default:
      return plainNumber(value);
  }
}

/** One condition as a clause: "ship-to state is one of AK, HI", "weight is over 2 lb". */
export function conditionWords(condition: RuleCondition, ctx: WordsContext = EMPTY_WORDS_CONTEXT): string {
  const { field, operator, value } = condition;
  const meta = FIELD_META[field];
  const shape = valueShape(field, operator);
  if (shape === 'boolean') {
    const yes = value !== false;
    return (yes ? meta.yes : meta.no) ?? `${meta.phrase} is ${yes ? 'yes' : 'no'}`;
  }
  const subject = `${meta.phrase} ${operatorLabel(field, operator)}`;
  if (shape === 'none') return subject;
  if (shape === 'list') {
    const items = (Array.isArray(value) ? value : value === undefined ? [] : [value]).map((item) =>
      listItemWords(field, item, ctx),
    );
    if (items.length === 1 && (operator === 'in' || operator === 'notIn')) {
      return `${meta.phrase} ${operator === 'in' ? 'is' : 'is not'} ${items[0]}`;
    }
    return `${subject} ${listWords(items)}`;
  }
  if (shape === 'range') {
    const [from, to] = Array.isArray(value) ? value : [];
    return `${subject} ${valueWords(field, from, ctx)} and ${valueWords(field, to, ctx)}`;
  }
  if (shape === 'pattern') return `${subject} /${String(value ?? '')}/`;
  if (shape === 'text') return `${subject} ${quoted(String(value ?? ''))}`;
  return `${subject} ${valueWords(field, value, ctx)}`;
}

/** A rule's conditions as one sentence: "When … and …"; no conditions: "Every order". */
export function conditionsSentence(
  rule: Pick<ShippingRule, 'conditions' | 'match'>,
  ctx: WordsContext = EMPTY_WORDS_CONTEXT,
): string {
  if (rule.conditions.length === 0) return 'Every order';
  const joiner = rule.match === 'any' ? ' or ' : ' and ';
  return `When ${rule.conditions.map((condition) => conditionWords(condition, ctx)).join(joiner)}`;
}

/**
 * "USPS Priority Mail", "UPS Ground": a service's name with its carrier in front, unless the name says it already
 * (UPS Ground, Shippo's "… (via Shippo)", the built-in carrier's "Local courier").
 */
export function serviceName(carrier: string, code: string): string {
  if (!isCarrier(carrier)) return `${carrier} ${code}`;
  const carrierName = CARRIER_NAMES[carrier];
  const name = findCarrierService(carrier, code)?.name ?? code;
  const named = name.startsWith(carrierName) || carrier === 'local' || carrier === 'shippo';
  return named ? name : `${carrierName} ${name}`;
}

export function packageTypeName(carrier: Carrier, code: string): string {
  const name = findPackageType(carrier, code)?.name ?? code;
  return `${CARRIER_NAMES[carrier]} ${name === 'Your packaging' ? 'your packaging' : name}`;
}

/** One action as a clause: "ship with Standard", "insure when the total is over $100.00". */
export function actionWords(action: RuleAction, ctx: WordsContext = EMPTY_WORDS_CONTEXT): string {
  switch (action.type) {
    case 'setShipMethod':
      return `ship with ${ctx.shipMethods.get(action.shipMethodId) ?? `shipping method #${action.shipMethodId}`}`;
    case 'setCarrierService':
      return `ship with ${serviceName(action.carrier, action.serviceCode)}`;
    case 'cheapestService': {
      const names = action.services.map((s) => serviceName(s.carrier, s.serviceCode));
      const within = action.withinDays
        ? `, arriving within ${action.withinDays} day${action.withinDays === 1 ? '' : 's'}`
        : '';
      return names.length === 1
        ? `ship with ${names[0]}${within}`
        : `ship with the cheapest of ${listWords(names)}${within}`;
    }
    case 'setBox':
      return `pack in ${ctx.boxes.get(action.boxSizeId) ?? `box #${action.boxSizeId}`}`;
    case 'setPackageType':
      return `use ${packageTypeName(action.carrier, action.packageType)}`;
    case 'insure':
      return action.above === 0
        ? 'insure the shipment'
        : `insure when the total is over ${formatMoney(action.above, ctx.currency, ctx.locale)}`;
    case 'requireSignature':
      return action.kind === 'adult' ? 'require an adult signature' : 'require a signature';
    case 'holdUntil':
      if (action.date) return `hold until ${action.date}`;
      return `hold for ${action.days ?? 0} day${action.days === 1 ? '' : 's'} after the order date`;
    case 'addTag':
      return `tag ${quoted(action.tag)}`;
    case 'addNote':
      return `add the note ${quoted(clip(action.text, 40))}`;
  }
}

const capitalised = (text: string) => (text ? `${text[0]!.toUpperCase()}${text.slice(1)}` : text);

/** A rule's actions as one line: "Ship with USPS Priority Mail; stop here". */
export function actionsSentence(
  rule: Pick<ShippingRule, 'actions' | 'stop'>,
  ctx: WordsContext = EMPTY_WORDS_CONTEXT,
): string {
  const clauses = rule.actions.map((action) => actionWords(action, ctx));
  if (rule.stop) clauses.push('stop here');
  return capitalised(clauses.join('; ') || 'Do nothing');
}
