import type { ReactNode } from 'react';
import {
  get,
  type ControllerFieldState,
  type ControllerRenderProps,
  type FieldValues,
  type Path,
  type UseFormReturn,
} from 'react-hook-form';

/**
 * An MUI field's `error` and `helperText` from a react-hook-form field error: the message when there is one, else
 * the hint. MUI links the helper text to the input with aria-describedby, next to aria-invalid. For fields that
 * react-hook-form does not register (a select set with setValue).
 */
export function fieldErrorProps(
  fieldError: { message?: unknown } | undefined,
  hint?: ReactNode,
): { error: boolean; helperText: ReactNode } {
  const message = fieldError?.message;
  const error = typeof message === 'string' && message !== '';
  return { error, helperText: error ? message : hint };
}

/**
 * Wires a react-hook-form field into an MUI TextField: the ref goes to the <input> (so the form can focus the
 * first invalid field), and the error message becomes the helper text. Nested paths ('lines.0.sku',
 * 'shippingAddress.city') find their error too.
 */
export function fieldProps<V extends FieldValues>(form: UseFormReturn<V>, name: Path<V>, hint?: ReactNode) {
  const { ref, ...registered } = form.register(name);
  return {
    ...registered,
    inputRef: ref,
    ...fieldErrorProps(get(form.formState.errors, name) as { message?: unknown } | undefined, hint),
  };
}

/**
 * What a Controller's render gives an MUI TextField besides its value and change, which a select or an Autocomplete
 * wires its own way: the name, the ref (for focus on the first invalid field), blur, and the error as helper text.
 */
export function controlledFieldProps<V extends FieldValues, N extends Path<V>>(
  { field, fieldState }: { field: ControllerRenderProps<V, N>; fieldState: ControllerFieldState },
  hint?: ReactNode,
) {
  return { name: field.name, inputRef: field.ref, onBlur: field.onBlur, ...fieldErrorProps(fieldState.error, hint) };
}

/**
 * slotProps of a select TextField whose '' option means something ('Every store', 'Carrier default'): that option is
 * shown as chosen, with the label kept above it, instead of an empty field.
 */
export const EMPTY_OPTION_SELECT_SLOTS = { select: { displayEmpty: true }, inputLabel: { shrink: true } } as const;
