import fc from 'fast-check';
import { backtrackingTexts, CATASTROPHIC_PATTERNS } from './attack-strings.ts';

/** The JSON Schema a TypeBox schema is, as far as the generators read it. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  patternProperties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  minProperties?: number;
}

const FORMATS: Record<string, () => fc.Arbitrary<string>> = {
  email: () => fc.emailAddress(),
  'date-time': () =>
    fc
      .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
      .map((d) => d.toISOString()),
  date: () =>
    fc
      .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10)),
  uri: () => fc.webUrl(),
  uuid: () => fc.uuid(),
};

const typeOf = (schema: JsonSchema) => (Array.isArray(schema.type) ? schema.type[0] : schema.type);

function numberBounds(schema: JsonSchema, integer: boolean) {
  const step = integer ? 1 : Number.EPSILON;
  const min = schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + step : schema.minimum;
  const max = schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - step : schema.maximum;
  return { min, max };
}

function stringArb(schema: JsonSchema): fc.Arbitrary<string> {
  const maxLength = Math.min(schema.maxLength ?? 40, 200);
  const minLength = Math.min(schema.minLength ?? 0, maxLength);
  if (schema.format && FORMATS[schema.format]) return FORMATS[schema.format]!();
  if (schema.pattern) {
    return fc
      .stringMatching(new RegExp(schema.pattern))
      .filter((s) => s.length >= minLength && s.length <= (schema.maxLength ?? Infinity));
  }
  return fc.oneof(
    fc.string({ minLength, maxLength, unit: 'grapheme-ascii' }),
    fc.string({ minLength, maxLength, unit: 'binary' }),
  );
}

/** Values the schema accepts (almost always: a pattern with a length limit may not meet both, then it is junk). */
export function valueArb(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return fc.oneof(...union.map((s) => valueArb(s, depth)));
  if (schema.allOf) return valueArb(Object.assign({}, ...schema.allOf) as JsonSchema, depth);
  switch (typeOf(schema)) {
    case 'object': {
      const props = schema.properties ?? {};
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, child] of Object.entries(props)) record[key] = valueArb(child, depth + 1);
      const base = fc.record(record, { requiredKeys: (schema.required ?? []).filter((k) => k in props) });
      const extra = schema.patternProperties ? Object.values(schema.patternProperties)[0] : undefined;
      if (!extra || depth > 3) return base;
      return fc
        .tuple(
          base,
          fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), valueArb(extra, depth + 1), { maxKeys: 3 }),
        )
        .map(([fixed, more]) => ({ ...more, ...fixed }));
    }
    case 'array':
      return fc.array(valueArb(schema.items ?? {}, depth + 1), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 4, Math.max(schema.minItems ?? 0, 4)),
      });
    case 'integer': {
      const { min, max } = numberBounds(schema, true);
      return fc.integer({
        min: Math.max(min ?? -1_000_000, Number.MIN_SAFE_INTEGER),
        max: Math.min(max ?? 1_000_000, Number.MAX_SAFE_INTEGER),
      });
    }
    case 'number': {
      const { min, max } = numberBounds(schema, false);
      return fc.double({ min: min ?? -1e6, max: max ?? 1e6, noNaN: true, noDefaultInfinity: true });
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'string':
      return stringArb(schema);
    default:
      return depth > 2 ? fc.constant('x') : fc.jsonValue({ maxDepth: 2 });
  }
}

/** Text that tends to break servers: control characters, SQL, huge and odd numbers, prototype keys, long runs. */
const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  "'; DROP TABLE orders; --",
  "' OR '1'='1",
  '%',
  '%00',
  '../../etc/passwd',
  '__proto__',
  'constructor',
  '1e400',
  '-1',
  '0',
  '99999999999999999999',
  '9223372036854775808',
  'NaN',
  'Infinity',
  'null',
  'true',
  '[]',
  '{}',
  '{"__proto__":{"x":1}}',
  'like@%',
  'eq@',
  'in@,,',
  'between@a,b',
  '<script>alert(1)</script>',
  'x'.repeat(5000),
  '😀',
  // Patterns and texts that stall backtracking regular expressions (a rule's `matches`, any field read as one).
  ...CATASTROPHIC_PATTERNS,
  ...backtrackingTexts(200),
];

export const nastyString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...NASTY_STRINGS),
  fc.string({ maxLength: 30, unit: 'binary' }),
  fc.string({ maxLength: 30 }),
);

/** Any JSON value, weighted towards the nasty ones. */
export const junkArb: fc.Arbitrary<unknown> = fc.oneof(
  nastyString,
  fc.constantFrom(1e20, -1, 0, 1.5, 2 ** 53, -(2 ** 63), Number.MAX_VALUE, null, true, false, [], {}),
  fc.jsonValue({ maxDepth: 3 }),
  fc.dictionary(nastyString, fc.jsonValue({ maxDepth: 1 }), { maxKeys: 4 }),
);

/** A valid value with one leaf (or the whole) replaced by junk: the near misses that reach deepest. */
export function nearMissArb(schema: JsonSchema): fc.Arbitrary<unknown> {
  return fc.tuple(valueArb(schema), junkArb, fc.nat()).map(([value, junk, pick]) => {
    if (!value || typeof value !== 'object') return junk;
    const keys = Object.keys(value);
    if (keys.length === 0) return junk;
    const copy: Record<string, unknown> = Array.isArray(value) ? ([...value] as never) : { ...value };
    const key = keys[pick % keys.length]!;
    const child = copy[key];
    const childSchema = schema.properties?.[key] ?? schema.items;
    copy[key] = child && typeof child === 'object' && childSchema ? nearMiss(childSchema, child, junk, pick) : junk;
    return copy;
  });
}

function nearMiss(schema: JsonSchema, value: object, junk: unknown, pick: number): unknown {
  const keys = Object.keys(value);
  if (keys.length === 0) return junk;
  const copy: Record<string, unknown> = Array.isArray(value) ? ([...value] as never) : { ...value };
  copy[keys[(pick >> 3) % keys.length]!] = junk;
  return copy;
}

/** One plain valid value: every optional property filled, the smallest numbers, the first choices. */
export function minimalOf(schema: JsonSchema): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return minimalOf(union.find((s) => typeOf(s) !== 'null') ?? union[0]!);
  switch (typeOf(schema)) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, child] of Object.entries(schema.properties ?? {})) out[key] = minimalOf(child);
      return out;
    }
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 0) }, () => minimalOf(schema.items ?? {}));
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
    case 'boolean':
      return false;
    case 'null':
      return null;
    case 'string': {
      if (schema.format && FORMATS[schema.format])
        return fc.sample(FORMATS[schema.format]!(), { numRuns: 1, seed: 1 })[0];
      if (schema.pattern) return fc.sample(stringArb(schema), { numRuns: 1, seed: 1 })[0];
      return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
    }
    default:
      return 'x';
  }
}
