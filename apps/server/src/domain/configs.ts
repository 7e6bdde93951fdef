import { Compile } from 'typebox/compile';
import type { TSchema } from 'typebox';
import { CONFIG_KEYS, CONFIG_KEY_SHAPES, type ConfigKey, type ConfigUpsert } from '@shipdesk/contract';
import { toFieldErrors } from './field-errors.ts';

/** Keys whose value is a credential: stored, used, never answered in clear. */
export const SECRET_CONFIG_KEYS: ReadonlySet<ConfigKey> = new Set(['bearer_token']);

export function isConfigKey(key: string): key is ConfigKey {
  return (CONFIG_KEYS as readonly string[]).includes(key);
}

const checkers = new Map<string, ReturnType<typeof Compile<TSchema>>>();
function checker(schema: TSchema) {
  const id = JSON.stringify(schema);
  let compiled = checkers.get(id);
  if (!compiled) {
    compiled = Compile(schema);
    checkers.set(id, compiled);
  }
  return compiled;
}

export interface ValidConfigEntry {
  key: ConfigKey;
  value: string | null;
  options: Record<string, unknown> | null;
}

export type ConfigValidation = { ok: true; entry: ValidConfigEntry } | { ok: false; errors: Record<string, string> };

/**
 * Checks one `createOrUpdate` body against the shape of its key (contract `CONFIG_KEY_SHAPES`): an options key
 * takes an object (or its JSON text) and ignores `value`; a value key takes a string and ignores `options`.
 */
export function validateConfigEntry(input: ConfigUpsert): ConfigValidation {
  const { key } = input;
  if (!isConfigKey(key)) {
    return { ok: false, errors: { key: `key "${key}" is not a known setting (${CONFIG_KEYS.join(', ')})` } };
  }
  const shape: { options?: TSchema; value?: TSchema } = CONFIG_KEY_SHAPES[key];
  if (shape.options) {
    let options: unknown = input.options;
    if (typeof options === 'string') {
      try {
        options = JSON.parse(options);
      } catch {
        return { ok: false, errors: { options: 'options is not valid JSON' } };
      }
    }
    if (options === null || options === undefined) {
      return { ok: false, errors: { options: `options is required for ${key}` } };
    }
    if (typeof options !== 'object' || Array.isArray(options)) {
      return { ok: false, errors: { options: 'options must be a JSON object' } };
    }
    const check = checker(shape.options);
    if (!check.Check(options)) return { ok: false, errors: toFieldErrors(check.Errors(options), 'options') };
    return { ok: true, entry: { key, value: null, options: options as Record<string, unknown> } };
  }
  const value = input.value;
  if (value === null || value === undefined) return { ok: false, errors: { value: `value is required for ${key}` } };
  const check = checker(shape.value!);
  if (!check.Check(value)) return { ok: false, errors: toFieldErrors(check.Errors(value), 'value') };
  return { ok: true, entry: { key, value, options: null } };
}

/** Shows only the last four characters of a secret: enough to recognise it, not to use it. */
export function maskSecret(secret: string): string {
  return '••••••••' + (secret.length > 8 ? secret.slice(-4) : '');
}
