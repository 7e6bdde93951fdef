import { get, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';

/**
 * textFieldProps for nested paths ('lines.0.sku', 'shippingAddress.city'): the registered input with its ref,
 * and the field's error message as helper text (linked by MUI through aria-describedby).
 */
export function fieldProps<V extends FieldValues>(form: UseFormReturn<V>, name: Path<V>, hint?: string) {
  const { ref, ...registered } = form.register(name);
  const message: unknown = (get(form.formState.errors, name) as { message?: unknown } | undefined)?.message;
  const error = typeof message === 'string' && message !== '';
  return {
    ...registered,
    inputRef: ref,
    error,
    helperText: error ? message : hint,
  };
}
