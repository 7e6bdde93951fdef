import { Compile } from 'typebox/compile';
import type { TSchema } from 'typebox';
import {
  CONFIG_KEYS,
  CONFIG_KEY_SHAPES,
  isUnitSystem,
  UNIT_SYSTEM_NAMES,
  UNIT_SYSTEMS,
  type ConfigKey,
  type ConfigUpsert,
} from '@shipdesk/contract';
import { toFieldErrors } from '../../domain/field-errors.ts';
import { unstorableField } from '../../domain/storable-values.ts';

function isConfigKey(key: string): key is ConfigKey {
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

interface ValidConfigEntry {
  key: ConfigKey;
  value: string | null;
  options: Record<string, unknown> | null;
}

type ConfigValidation = { ok: true; entry: ValidConfigEntry } | { ok: false; errors: Record<string, string> };

/**
 * Checks one `createOrUpdate` body against the shape of its key (contract `CONFIG_KEY_SHAPES`): an options key
 * takes an object (or its JSON text) and ignores `value`; a value key takes a string and ignores `options`. Then
 * its meaning: a real currency, a supported locale (answered canonical), a known time zone, a complete address.
 * Whether cq_url points at a public host needs DNS and is checked by the configs service.
 */
export function validateConfigEntry(input: ConfigUpsert): ConfigValidation {
  const { key } = input;
  if (!isConfigKey(key)) {
    return { ok: false, errors: { key: `key "${key}" is not a known setting (${CONFIG_KEYS.join(', ')})` } };
  }
  if (key === 'bearer_token') {
    // A key chosen by a person would be guessable and would have to be stored readable; the server makes it.
    return {
      ok: false,
      errors: {
        value: 'bearer_token is the API key made by the server: create or rotate it with POST /call/apiKey/rotate',
      },
    };
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
    const unstorable = unstorableField(options, 'options');
    if (unstorable) return { ok: false, errors: unstorable };
    const check = checker(shape.options);
    if (!check.Check(options)) return { ok: false, errors: toFieldErrors(check.Errors(options), 'options') };
    return checkMeaning({ key, value: null, options: options as Record<string, unknown> });
  }
  const value = input.value;
  if (value === null || value === undefined) return { ok: false, errors: { value: `value is required for ${key}` } };
  if (key === 'units' && !isUnitSystem(value)) {
    const choices = UNIT_SYSTEMS.map((system) => `${system} (${UNIT_SYSTEM_NAMES[system].toLowerCase()})`);
    return {
      ok: false,
      errors: { value: `value ${JSON.stringify(value)} is not a unit system: ${choices.join(' or ')}` },
    };
  }
  const check = checker(shape.value!);
  if (!check.Check(value)) return { ok: false, errors: toFieldErrors(check.Errors(value), 'value') };
  return checkMeaning({ key, value, options: null });
}

const CURRENCY_CODES: ReadonlySet<string> = new Set(Intl.supportedValuesOf('currency'));
// ICU lists canonical zones only and leaves out UTC, which people rightly expect to choose.
const TIME_ZONES: ReadonlySet<string> = new Set([...Intl.supportedValuesOf('timeZone'), 'UTC']);

function isCurrencyCode(code: string): boolean {
  return CURRENCY_CODES.has(code);
}

function isTimeZone(zone: string): boolean {
  return TIME_ZONES.has(zone);
}

/** The canonical form of a BCP 47 tag that number formatting supports (`en-us` -> `en-US`), or null. */
function canonicalLocale(tag: string): string | null {
  try {
    const [canonical] = Intl.getCanonicalLocales(tag);
    return canonical && Intl.NumberFormat.supportedLocalesOf(canonical).length > 0 ? canonical : null;
  } catch {
    return null;
  }
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
const WAREHOUSE_REQUIRED = ['name', 'address1', 'city', 'postalCode', 'country'] as const;

/** What the shape cannot say: real codes, supported locales and zones, required text that is not just blanks. */
function checkMeaning(entry: ValidConfigEntry): ConfigValidation {
  const errors: Record<string, string> = {};
  let { value, options } = entry;
  switch (entry.key) {
    case 'currency_info': {
      const { currencyCode, locale } = options as { currencyCode: string; locale: string };
      if (!isCurrencyCode(currencyCode)) {
        errors['options.currencyCode'] = `currencyCode "${currencyCode}" is not an ISO 4217 currency code`;
      }
      const canonical = canonicalLocale(locale);
      if (!canonical) errors['options.locale'] = `locale "${locale}" is not a supported language tag`;
      options = { ...options, locale: canonical ?? locale };
      break;
    }
    case 'warehouse_info':
    case 'returns_address': {
      const trimmed = Object.fromEntries(
        Object.entries(options!).map(([field, text]) => [field, typeof text === 'string' ? text.trim() : text]),
      ) as Record<string, string>;
      for (const field of WAREHOUSE_REQUIRED) {
        if (!trimmed[field]) errors[`options.${field}`] = `${field} is required`;
      }
      if (trimmed.country && !regionNames.of(trimmed.country)) {
        errors['options.country'] = `country "${trimmed.country}" is not an ISO 3166-1 alpha-2 code`;
      }
      options = trimmed;
      break;
    }
    case 'ship_label_app_info':
      if (options!.labelType === 'zpl' && options!.labelSize === 'letter') {
        errors['options.labelSize'] = 'labelSize letter is for PDF labels; ZPL labels print on 4x6 stock';
      }
      break;
    case 'time_zone':
      value = value!.trim();
      if (!isTimeZone(value)) errors.value = `time zone "${value}" is not an IANA time zone, e.g. America/New_York`;
      break;
    case 'cq_url':
      value = value!.trim();
      break;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, entry: { key: entry.key, value, options } };
}

/** Shows only the last four characters of a secret: enough to recognise it, not to use it. */
export function maskSecret(secret: string): string {
  return '••••••••' + (secret.length > 8 ? secret.slice(-4) : '');
}
