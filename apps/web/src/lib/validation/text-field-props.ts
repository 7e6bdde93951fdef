import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';

/**
 * Wires a react-hook-form field into an MUI TextField: the ref goes to the <input> (so the form can
 * focus the first invalid field), and the error message becomes the helper text, which MUI links
 * with aria-describedby next to aria-invalid.
 */
export function textFieldProps<V extends FieldValues>(form: UseFormReturn<V>, name: Path<V>, hint?: string) {
  const { ref, ...registered } = form.register(name);
  const message = form.formState.errors[name]?.message;
  const error = typeof message === 'string' && message !== '';
  return {
    ...registered,
    inputRef: ref,
    error,
    helperText: error ? message : hint,
  };
}
