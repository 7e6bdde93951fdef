import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { validate, type FormRules } from './validator';

/** Plugs the generic validator into react-hook-form (`useForm({ resolver: validatorResolver(rules) })`). */
export function validatorResolver<V extends FieldValues>(rules: FormRules<V>): Resolver<V> {
  return (values) => {
    const messages = validate(values, rules);
    const fields = Object.keys(messages);
    if (fields.length === 0) return { values, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const field of fields) errors[field] = { type: 'validate', message: messages[field] as string };
    return { values: {}, errors: errors as FieldErrors<V> };
  };
}
