import {
  RULE_LIMITS,
  minorToDecimal,
  parseMoney,
  ruleValueShape,
  type RuleCondition,
  type RuleField,
  type RuleOperator,
  type UnitSystem,
} from '@shipdesk/contract';
import { unitResult, unitText, type Quantity } from '@/lib/units';
import { isWeekday } from './rule-choices';
import { patternProblem } from './rule-pattern-check';
import { FIELD_META, fieldOperators, rangeKind, type ChoiceSource } from './rule-fields';
import { parseDecimal, plainNumber, type NumberParse } from './rule-units';

/**
 * One condition as the editor holds it: what the seller typed (text; weights and sizes in the tenant's units) rather
 * than the wire value, so '2.' can be on its way to '2.5'. `toCondition` turns it into the wire condition, or says
 * what is missing.
 */
export interface ConditionForm {
  /** Keeps a row's React identity and its error while rows are added and removed. */
  key: string;
  field: RuleField;
  operator: RuleOperator;
  list: string[];
  /** A single value, or the first of a range. */
  text: string;
  /** The second of a range. */
  to: string;
  /**
   * The grams or inches of a weight or size condition as it was loaded, per end: while an end's text is the one it was
   * shown as, the stored number itself is sent (rounding for display never changes a stored value, docs/units.md).
   */
  stored: { text: number | null; to: number | null };
  flag: boolean;
}

export interface FormContext {
  /** The tenant's currency: order totals are typed in it. */
  currency: string;
  /** The tenant's units: weights and sizes are shown and typed in them. */
  units: UnitSystem;
}

export type Built<T> = { ok: true; value: T } | { ok: false; message: string };

let keys = 0;
export const rowKey = (prefix: string) => `${prefix}${(keys += 1)}`;

export function newConditionForm(field: RuleField = 'country'): ConditionForm {
  return {
    key: rowKey('c'),
    field,
    operator: fieldOperators(field)[0]!,
    list: [],
    text: '',
    to: '',
    stored: { text: null, to: null },
    flag: true,
  };
}

/** Another field: its first operator, and nothing of the old value (a state code is no weight). */
export function withField(form: ConditionForm, field: RuleField): ConditionForm {
  return { ...newConditionForm(field), key: form.key };
}

/** Another operator of the same field: what was typed stays where it still fits (a number becomes a range's start). */
export function withOperator(form: ConditionForm, operator: RuleOperator): ConditionForm {
  const before = ruleValueShape(form.field, form.operator);
  const after = ruleValueShape(form.field, operator);
  const next = { ...form, operator };
  if (before === after) return next;
  if (after === 'list' && form.text.trim()) return { ...next, list: [form.text.trim()], text: '' };
  if ((after === 'text' || after === 'pattern') && form.list.length === 1) return { ...next, text: form.list[0]! };
  if (before === 'range') return { ...next, to: '' };
  return next;
}

/** The quantity of a weight or size field, whose numbers are shown and typed in the tenant's units. */
export function fieldQuantity(field: RuleField): Quantity | null {
  const unit = FIELD_META[field].number;
  return unit === 'weight' ? 'weight' : unit === 'inches' ? 'length' : null;
}

function numberToText(field: RuleField, value: number, ctx: FormContext): string {
  const quantity = fieldQuantity(field);
  if (quantity) return unitText({ stored: value, typed: null }, quantity, ctx.units);
  switch (FIELD_META[field].number) {
    case 'money':
      return minorToDecimal(value, ctx.currency);
    case 'count':
      return String(value);
    default:
      return plainNumber(value);
  }
}

function valueText(field: RuleField, value: unknown, ctx: FormContext): string {
  if (typeof value === 'number') return numberToText(field, value, ctx);
  return typeof value === 'string' ? value : '';
}

const storedNumber = (value: unknown) => (typeof value === 'number' ? value : null);

export function conditionToForm(condition: RuleCondition, ctx: FormContext): ConditionForm {
  const form = { ...newConditionForm(condition.field), operator: condition.operator };
  const { value } = condition;
  const shape = ruleValueShape(condition.field, condition.operator);
  switch (shape) {
    case 'boolean':
      return { ...form, flag: value !== false };
    case 'list':
      return { ...form, list: (Array.isArray(value) ? value : value === undefined ? [] : [value]).map(String) };
    case 'range': {
      const [from, to] = Array.isArray(value) ? value : [];
      return {
        ...form,
        stored: { text: storedNumber(from), to: storedNumber(to) },
        text: valueText(condition.field, from, ctx),
        to: valueText(condition.field, to, ctx),
      };
    }
    case 'none':
      return form;
    default:
      return {
        ...form,
        stored: { text: storedNumber(value), to: null },
        text: valueText(condition.field, value, ctx),
      };
  }
}

const LIST_MISSING: Record<ChoiceSource, string> = {
  stores: 'Choose at least one store',
  countries: 'Choose at least one country',
  states: 'Choose at least one state',
  categories: 'Choose at least one category',
  hazardClasses: 'Choose at least one hazard class',
  weekdays: 'Choose at least one day',
  free: 'Add at least one value',
};

function buildList(form: ConditionForm): Built<string[]> {
  const source = FIELD_META[form.field].choices ?? 'free';
  const upper = source === 'countries' || source === 'states';
  const values = [...new Set(form.list.map((v) => (upper ? v.trim().toUpperCase() : v.trim())).filter(Boolean))];
  if (values.length === 0) return { ok: false, message: LIST_MISSING[source] };
  if (values.length > RULE_LIMITS.listValues) {
    return { ok: false, message: `At most ${RULE_LIMITS.listValues} values` };
  }
  const long = values.find((v) => v.length > RULE_LIMITS.text);
  if (long) return { ok: false, message: `A value is longer than ${RULE_LIMITS.text} characters` };
  if (source === 'countries' && values.some((v) => !/^[A-Z]{2}$/.test(v))) {
    return { ok: false, message: 'Countries are two-letter codes, such as US' };
  }
  if (source === 'weekdays' && !values.every(isWeekday)) return { ok: false, message: 'Choose days of the week' };
  return { ok: true, value: values };
}

function parseNumber(form: ConditionForm, which: 'text' | 'to', ctx: FormContext): NumberParse {
  const text = form[which];
  const quantity = fieldQuantity(form.field);
  if (quantity) {
    // The stored number while the text is as shown; else the contract's parser, in either system's units.
    const result = unitResult({ stored: form.stored[which], typed: text }, quantity, ctx.units);
    return result.ok ? result : { ok: false, message: result.reason };
  }
  switch (FIELD_META[form.field].number) {
    case 'money': {
      const parsed = parseMoney(text, ctx.currency);
      return parsed.ok ? { ok: true, value: parsed.minor } : parsed;
    }
    case 'count':
      return parseDecimal(text, 0);
    default:
      return parseDecimal(text, 2);
  }
}

const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

function parseEnd(form: ConditionForm, which: 'text' | 'to', kind: 'number' | 'date' | 'time', ctx: FormContext) {
  if (kind === 'number') return parseNumber(form, which, ctx);
  const value = form[which].trim();
  if (kind === 'date')
    return DATE.test(value) ? { ok: true as const, value } : { ok: false as const, message: 'Enter a date' };
  return TIME.test(value) ? { ok: true as const, value } : { ok: false as const, message: 'Enter a time' };
}

function buildText(text: string, pattern: boolean): Built<string> {
  const value = text.trim();
  if (!value) return { ok: false, message: pattern ? 'Enter a pattern' : 'Enter a value' };
  if (value.length > RULE_LIMITS.pattern) {
    return { ok: false, message: `At most ${RULE_LIMITS.pattern} characters` };
  }
  if (pattern) {
    try {
      new RegExp(value);
    } catch {
      return { ok: false, message: 'This is not a valid pattern' };
    }
    const problem = patternProblem(value);
    if (problem) return { ok: false, message: problem };
  }
  return { ok: true, value };
}

/** The wire condition of a row, or the first thing that keeps it from being one. */
export function toCondition(form: ConditionForm, ctx: FormContext): Built<RuleCondition> {
  const { field, operator } = form;
  const shape = ruleValueShape(field, operator);
  const done = (value?: RuleCondition['value']): Built<RuleCondition> => ({
    ok: true,
    value: value === undefined ? { field, operator } : { field, operator, value },
  });
  switch (shape) {
    case 'none':
      return done();
    case 'boolean':
      return done(form.flag);
    case 'list': {
      const list = buildList(form);
      return list.ok ? done(list.value) : list;
    }
    case 'text':
    case 'pattern': {
      const text = buildText(form.text, shape === 'pattern');
      return text.ok ? done(text.value) : text;
    }
    case 'range': {
      const kind = rangeKind(field);
      const from = parseEnd(form, 'text', kind, ctx);
      if (!from.ok) return { ok: false, message: `From: ${from.message.toLowerCase()}` };
      const to = parseEnd(form, 'to', kind, ctx);
      if (!to.ok) return { ok: false, message: `To: ${to.message.toLowerCase()}` };
      if (from.value > to.value) return { ok: false, message: 'The first value must not be after the second' };
      return done([from.value, to.value] as [number, number] | [string, string]);
    }
    default: {
      const one = parseEnd(form, 'text', shape === 'number' ? 'number' : shape, ctx);
      return one.ok ? done(one.value) : one;
    }
  }
}
