import type { SchemaError } from './field-errors.ts';

/**
 * PostgreSQL's text types cannot hold U+0000, and UTF-8 cannot hold a UTF-16 surrogate that is not part of a pair
 * (JSON's "\ud800" parses to one; the driver would store U+FFFD in its place, silently changing the text).
 */
// eslint-disable-next-line no-control-regex
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * The largest integer a number in a request may carry: beyond it a JavaScript number is no longer exact, and written
 * into SQL it becomes "1e+21", which no integer column accepts. Schemas set tighter bounds where a column is smaller.
 */
const LARGEST_NUMBER = Number.MAX_SAFE_INTEGER;

const pointer = (path: string, key: string) => `${path}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;

const refusal = (instancePath: string, message: string): SchemaError => ({
  instancePath,
  keyword: 'storable',
  params: {},
  message,
});

/**
 * What no schema needs to repeat: every string (and object key) one the database can store, every number finite
 * and exact. Walks a value a schema accepted, so it holds for every route, including routes still to come.
 */
export function unstorableValues(value: unknown, path = '', out: SchemaError[] = []): SchemaError[] {
  if (typeof value === 'string') {
    if (UNSTORABLE.test(value)) out.push(refusal(path, 'contains a character that is not allowed'));
  } else if (typeof value === 'number') {
    if (!Number.isFinite(value) || Math.abs(value) > LARGEST_NUMBER) {
      out.push(refusal(path, `must be between -${LARGEST_NUMBER} and ${LARGEST_NUMBER}`));
    }
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => unstorableValues(item, `${path}/${index}`, out));
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (UNSTORABLE.test(key)) out.push(refusal(path, 'has a key with a character that is not allowed'));
      else unstorableValues(item, pointer(path, key), out);
    }
  }
  return out;
}

/**
 * For JSON sent as text inside a field (`filters`, a config's `options`): "\u0000" in the text is a NUL only once
 * parsed, so the parsed value is held to the same guard as a body. Null when it passes; else the first refusal,
 * named from the field.
 */
export function unstorableField(value: unknown, field: string): Record<string, string> | null {
  const [first] = unstorableValues(value);
  if (!first) return null;
  const name = [field, ...first.instancePath.split('/').slice(1)].join('.');
  return { [name]: `${name} ${first.message ?? 'is invalid'}` };
}
