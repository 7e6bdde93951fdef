import { RE2JS } from 're2js';
import {
  HAZARD_CLASSES,
  RULE_FIELDS,
  RULE_FIELD_WORDS,
  RULE_LIMITS,
  WEEKDAYS,
  type RuleCondition,
  type RuleField,
  type RuleOperator,
} from '@shipdesk/contract';
import type { OrderFacts } from './rule-facts.ts';

/**
 * What a condition means before anything runs: its field's fact and words, and its value read and checked by the
 * field's kind and the operator. Compiling (rule-conditions.ts) and validating (rule-validation.ts) read a condition
 * the same way here, so a set that validates always compiles.
 */

/** Which part of a condition is wrong, so the caller can name `conditions[i].operator` or `.value`. */
export class ConditionError extends Error {
  readonly part: 'field' | 'operator' | 'value';
  constructor(part: 'field' | 'operator' | 'value', message: string) {
    super(message);
    this.name = 'ConditionError';
    this.part = part;
  }
}

/** A text compared as people mean it: case and outer spaces ignored; none reads as empty. */
export const norm = (value: unknown): string =>
  value === null || value === undefined ? '' : String(value).trim().toLowerCase();

/**
 * Patterns of `matches` conditions run on RE2 (re2js), whose time is linear in the text whatever the pattern: no
 * backtracking, so nothing like `(a|a)*$` can run away. What RE2 cannot do (back-references, look-around) is refused
 * with words that say so. The engine's work and memory grow with the pattern once its counted repetitions are written
 * out (`(ab){3}` is `ababab`), and compiling does the writing out, so that size is read from the text and capped
 * before anything is compiled. Always case-insensitive, like every text test here.
 */
export const PATTERN_WEIGHT_MAX = 1_000;
/** Patterns only ever see this much of a text (rule-conditions.ts cuts it). */
export const PATTERN_TEXT_LIMIT = 200;
/** The program RE2 built, a second guard behind the estimate (it counts instructions, about one per step). */
const PATTERN_PROGRAM_MAX = 2 * PATTERN_WEIGHT_MAX;
/** Compiled patterns by text: validation and compilation read each pattern, and drafts are tested again and again. */
const compiledPatterns = new Map<string, RE2JS>();
const PATTERNS_KEPT = 1_000;

/** About how many steps a pattern has once its counted repetitions are written out; never less than RE2 makes. */
export function patternWeight(source: string): number {
  const frames = [{ total: 0, last: 0 }];
  const atom = (weight: number) => {
    const frame = frames.at(-1)!;
    frame.total += weight;
    frame.last = weight;
  };
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (c === '\\') {
      // An escape, with its braces when it has them (\p{Greek}, \x{e9}).
      if (source[i + 2] === '{' && 'pPx'.includes(source[i + 1] ?? '')) i = Math.max(i + 1, source.indexOf('}', i));
      else i += 1;
      atom(1);
    } else if (c === '[') {
      let j = i + 1;
      if (source[j] === '^') j++;
      if (source[j] === ']') j++;
      for (; j < source.length && source[j] !== ']'; j++) {
        if (source[j] === '\\') j++;
        else if (source[j] === '[' && source[j + 1] === ':') j = Math.max(j, source.indexOf(':]', j + 2) + 1);
      }
      i = j;
      atom(1);
    } else if (c === '(') {
      frames.push({ total: 0, last: 0 });
    } else if (c === ')' && frames.length > 1) {
      const group = frames.pop()!;
      atom(group.total + 2);
    } else if (c === '{' && /^\{\d+(,\d*)?\}/.test(source.slice(i))) {
      const [whole, low, high] = /^\{(\d+)(?:,(\d*))?\}/.exec(source.slice(i))!;
      const count = high === undefined ? Number(low) : high === '' ? Number(low) + 1 : Number(high);
      const frame = frames.at(-1)!;
      frame.total += frame.last * (count - 1) + count;
      frame.last *= count;
      i += whole.length - 1;
    } else if (c === '*' || c === '+' || c === '?' || c === '|') {
      frames.at(-1)!.total += 1;
    } else {
      atom(1);
    }
  }
  return frames.reduce((sum, frame) => sum + frame.total, 0);
}

/** What RE2 refused, in words: the piece it names comes between backquotes. */
function refusal(error: unknown): string {
  const detail = (error instanceof Error ? error.message : String(error)).replace(/^error parsing regexp: /, '');
  const piece = /`([^`]*)`/.exec(detail)?.[1] ?? '';
  if (/^\(\?<?[=!]/.test(piece)) {
    return 'the pattern uses look-ahead or look-behind ((?=, (?!, (?<=, (?<!), which rules do not support';
  }
  if (/^\\([1-9]|k)/.test(piece)) {
    return `the pattern uses a back-reference (${piece}), which rules do not support`;
  }
  if (detail.startsWith('invalid repeat count'))
    return `the repetition ${piece} is over 1000, which rules do not support`;
  if (piece.startsWith('\\u')) return 'write a character by its code as \\x{00e9}, not \\u00e9';
  return `the pattern is not a valid regular expression (${detail})`;
}

/**
 * A pattern of a `matches` condition, compiled (case-insensitive), or a ConditionError that says why it cannot be one:
 * empty, longer than the limit, too large once written out, or beyond what RE2 does.
 */
export function safePattern(source: unknown): RE2JS {
  if (typeof source !== 'string' || source.trim() === '') throw new ConditionError('value', 'a pattern is needed');
  const known = compiledPatterns.get(source);
  if (known) return known;
  if (source.length > RULE_LIMITS.pattern) {
    throw new ConditionError('value', `the pattern is longer than ${RULE_LIMITS.pattern} characters`);
  }
  const tooLarge = (size: number) =>
    new ConditionError(
      'value',
      `the pattern's repetitions are too large: written out it has about ${size} steps, at most ${PATTERN_WEIGHT_MAX} (a pattern reads ${PATTERN_TEXT_LIMIT} characters of a text)`,
    );
  const weight = patternWeight(source);
  if (weight > PATTERN_WEIGHT_MAX) throw tooLarge(weight);
  let re: RE2JS;
  try {
    re = RE2JS.compile(source, RE2JS.CASE_INSENSITIVE);
  } catch (error) {
    throw new ConditionError('value', refusal(error));
  }
  if (re.programSize() > PATTERN_PROGRAM_MAX) throw tooLarge(re.programSize());
  if (compiledPatterns.size >= PATTERNS_KEPT) compiledPatterns.delete(compiledPatterns.keys().next().value!);
  compiledPatterns.set(source, re);
  return re;
}

type Kind = 'text' | 'code' | 'store' | 'weekday' | 'number' | 'ordered' | 'boolean' | 'list';
/** How a field is read and tested; its words (name, units, yes and no) are the contract's RULE_FIELD_WORDS. */
interface FieldSpec {
  field: RuleField;
  fact: keyof OrderFacts;
  /** The field as a sentence names it (RULE_FIELD_WORDS' phrase). */
  label: string;
  kind: Kind;
  /** null is "the order does not say": every test fails (see OrderFacts). */
  unknownWhenNull?: boolean;
  /** List fields: one of the order's values and many, for what it had ("no SKU is …", "SKUs: …"). */
  noun?: readonly [string, string];
}

type Spec = Omit<FieldSpec, 'field' | 'label'>;
const SPECS: Record<RuleField, Spec> = {
  store: { fact: 'storeId', kind: 'store' },
  requestedService: { fact: 'requestedService', kind: 'text' },
  country: { fact: 'country', kind: 'code', unknownWhenNull: true },
  state: { fact: 'state', kind: 'code', unknownWhenNull: true },
  postalCode: { fact: 'postalCode', kind: 'code', unknownWhenNull: true },
  residential: { fact: 'residential', kind: 'boolean', unknownWhenNull: true },
  weight: { fact: 'weight', kind: 'number' },
  longestSide: { fact: 'longestSide', kind: 'number', unknownWhenNull: true },
  girth: { fact: 'girth', kind: 'number', unknownWhenNull: true },
  total: { fact: 'total', kind: 'number' },
  itemCount: { fact: 'itemCount', kind: 'number' },
  sku: { fact: 'skus', kind: 'list', noun: ['SKU', 'SKUs'] },
  category: { fact: 'categories', kind: 'list', noun: ['category', 'categories'] },
  hazardous: { fact: 'hazardous', kind: 'boolean' },
  hazardClass: { fact: 'hazardClasses', kind: 'list', noun: ['hazard class', 'hazard classes'] },
  tags: { fact: 'tags', kind: 'list', noun: ['tag', 'tags'] },
  orderDate: { fact: 'orderDate', kind: 'ordered' },
  orderWeekday: { fact: 'orderWeekday', kind: 'weekday' },
  orderTime: { fact: 'orderTime', kind: 'ordered' },
};
const FIELDS = Object.fromEntries(
  Object.entries(SPECS).map(([field, spec]) => [
    field,
    { ...spec, field, label: RULE_FIELD_WORDS[field as RuleField].phrase },
  ]),
) as Record<RuleField, FieldSpec>;

// ---- reading a condition's value -----------------------------------------------------------------------------------

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const COUNTRY = /^[A-Za-z]{2}$/;
const HAZARD_CODES = new Set(HAZARD_CLASSES.map((h) => h.code));

/** A real calendar date `YYYY-MM-DD` (2026-02-30 is not). */
export function isRealDate(text: unknown): text is string {
  const m = typeof text === 'string' ? DATE.exec(text) : null;
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === text;
}

const bad = (message: string): never => {
  throw new ConditionError('value', message);
};

function oneText(value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '') return bad('a text is needed');
  if (value.length > RULE_LIMITS.text) return bad(`the text is longer than ${RULE_LIMITS.text} characters`);
  return value.trim();
}

/** A list's items by the field: country codes, weekdays, hazard classes, ids, or any text. */
function itemCheck(field: RuleField): (item: string) => string | null {
  if (field === 'country') return (c) => (COUNTRY.test(c) ? null : `"${c}" is not a two-letter country code`);
  if (field === 'orderWeekday') {
    return (d) => ((WEEKDAYS as readonly string[]).includes(norm(d)) ? null : `"${d}" is not a weekday (mon-sun)`);
  }
  if (field === 'hazardClass') return (h) => (HAZARD_CODES.has(h.trim()) ? null : `unknown hazard class "${h}"`);
  return () => null;
}

function textList(field: RuleField, value: unknown): string[] {
  if (!Array.isArray(value) || value.length === 0) return bad('a list of at least one value is needed');
  if (value.length > RULE_LIMITS.listValues) return bad(`the list has more than ${RULE_LIMITS.listValues} values`);
  const check = itemCheck(field);
  return value.map((item) => {
    const text = oneText(typeof item === 'number' ? String(item) : item);
    const problem = check(text);
    return problem ? bad(problem) : text;
  });
}

function oneNumber(value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) return bad('a number of 0 or more is needed');
  return value;
}

function oneOrdered(field: RuleField, value: unknown): string {
  if (field === 'orderDate') return isRealDate(value) ? value : bad('a real date YYYY-MM-DD is needed');
  return typeof value === 'string' && TIME.test(value) ? value : bad('a time HH:MM from 00:00 to 23:59 is needed');
}

function pair<T>(value: unknown, read: (v: unknown) => T): [T, T] {
  if (!Array.isArray(value) || value.length !== 2) return bad('a pair [from, to] is needed');
  const [from, to] = [read(value[0]), read(value[1])];
  return from > to ? bad('"from" is after "to"') : [from, to];
}

/** The condition read into its parts; throws ConditionError naming the part at fault. */
export interface Reading {
  spec: FieldSpec;
  operator: RuleOperator;
  /** A single value (text, number, date, time, boolean, pattern), a list, or a pair. */
  single?: string | number | boolean;
  list?: string[];
  pair?: [string, string] | [number, number];
  pattern?: RE2JS;
}

export function readCondition(condition: RuleCondition): Reading {
  const fieldDef = (RULE_FIELDS as Record<string, { operators: readonly string[] }>)[condition.field];
  if (!fieldDef) throw new ConditionError('field', `unknown field "${condition.field}"`);
  const field = condition.field;
  const spec = FIELDS[field];
  const op = condition.operator;
  if (!fieldDef.operators.includes(op)) {
    throw new ConditionError(
      'operator',
      `"${op}" does not apply to ${spec.label}; use ${fieldDef.operators.join(', ')}`,
    );
  }
  const value = condition.value;
  const reading: Reading = { spec, operator: op };
  if (op === 'empty') {
    if (value !== undefined) bad('"empty" takes no value');
  } else if (op === 'matches') {
    reading.pattern = safePattern(value);
  } else if (op === 'between') {
    reading.pair = spec.kind === 'number' ? pair(value, oneNumber) : pair(value, (v) => oneOrdered(field, v));
  } else if (spec.kind === 'boolean') {
    reading.single = typeof value === 'boolean' ? value : bad('true or false is needed');
  } else if (spec.kind === 'number') {
    reading.single = oneNumber(value);
  } else if (spec.kind === 'ordered') {
    reading.single = oneOrdered(field, value);
  } else if (op === 'eq' || op === 'ne' || op === 'contains') {
    reading.single = oneText(value);
  } else {
    reading.list = textList(field, value);
  }
  return reading;
}
