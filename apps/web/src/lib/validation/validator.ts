/**
 * The generic form validator of spec section 5: each field may be checked for required (empty,
 * null or undefined fails), pattern, minLength, maxLength and a custom check, in that order; the
 * first failing check gives the field's message. Optional fields that are empty skip the other
 * checks, so "optional but, if given, an e-mail" needs no custom code.
 */
interface FieldRules<V> {
  /** Used in the default messages ('Name is required'). */
  label?: string;
  /** `true` for the default message, or the message itself. */
  required?: boolean | string;
  pattern?: { value: RegExp; message: string };
  minLength?: { value: number; message?: string };
  maxLength?: { value: number; message?: string };
  /** Returns a message when the value is wrong; sees every value (e.g. for "passwords match"). */
  custom?: (value: unknown, values: V) => string | null | undefined;
}

export type FormRules<V> = { [K in keyof V]?: FieldRules<V> };
type FormErrors<V> = { [K in keyof V]?: string };

export function isEmpty(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  return false;
}

export function validateField<V>(value: unknown, rules: FieldRules<V>, values: V): string | undefined {
  const label = rules.label ?? 'This field';
  if (isEmpty(value)) {
    if (rules.required) return typeof rules.required === 'string' ? rules.required : `${label} is required`;
    return undefined;
  }
  const text = typeof value === 'string' ? value : String(value);
  if (rules.pattern && !matches(rules.pattern.value, text)) return rules.pattern.message;
  if (rules.minLength && text.length < rules.minLength.value) {
    return rules.minLength.message ?? `${label} must be at least ${rules.minLength.value} characters`;
  }
  if (rules.maxLength && text.length > rules.maxLength.value) {
    return rules.maxLength.message ?? `${label} must be at most ${rules.maxLength.value} characters`;
  }
  return rules.custom?.(value, values) ?? undefined;
}

/** Every failing field with its message; an empty object when the form is valid. */
export function validate<V extends object>(values: V, rules: FormRules<V>): FormErrors<V> {
  const errors: FormErrors<V> = {};
  for (const field of Object.keys(rules) as (keyof V)[]) {
    const fieldRules = rules[field];
    if (!fieldRules) continue;
    const message = validateField(values[field], fieldRules, values);
    if (message) errors[field] = message;
  }
  return errors;
}

function matches(pattern: RegExp, text: string): boolean {
  // A global or sticky RegExp keeps lastIndex between calls; reset it so results do not alternate.
  pattern.lastIndex = 0;
  return pattern.test(text);
}
