import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { validate, type FormRules } from './validator';

/** Flat 'a.0.b' -> message pairs as the nested error object react-hook-form expects. */
export function toFieldErrors<V extends FieldValues>(messages: Record<string, string>): FieldErrors<V> {
  const root: Record<string, unknown> = {};
  for (const [path, message] of Object.entries(messages)) {
    const parts = path.split('.');
    let node: Record<string, unknown> = root;
    parts.forEach((part, index) => {
      if (index === parts.length - 1) {
        node[part] = { type: 'validate', message };
        return;
      }
      const nextIsIndex = /^\d+$/.test(parts[index + 1]!);
      node[part] ??= nextIsIndex ? [] : {};
      node = node[part] as Record<string, unknown>;
    });
  }
  return root as FieldErrors<V>;
}

/**
 * Plugs a form's own validation into react-hook-form: `validate` answers field path -> message ('lines.0.sku'
 * included), nothing when the values can be sent.
 */
export function messagesResolver<V extends FieldValues>(
  validateValues: (values: V) => Record<string, string>,
): Resolver<V> {
  return (values) => {
    const messages = validateValues(values);
    if (Object.keys(messages).length === 0) return { values, errors: {} };
    return { values: {}, errors: toFieldErrors<V>(messages) };
  };
}

/** Plugs the generic validator into react-hook-form (`useForm({ resolver: validatorResolver(rules) })`). */
export function validatorResolver<V extends FieldValues>(rules: FormRules<V>): Resolver<V> {
  return messagesResolver((values) => validate(values, rules) as Record<string, string>);
}
