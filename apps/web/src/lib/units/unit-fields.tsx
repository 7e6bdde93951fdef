import type { ReactNode } from 'react';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { lengthUnit, type UnitSystem } from '@shipdesk/contract';
import { useUnits } from './use-units';
import { readingText, unitResult, unitText, type Quantity, type UnitValue } from './unit-value';

type UnitFieldProps = Omit<TextFieldProps, 'value' | 'onChange' | 'error' | 'helperText'> & {
  value: UnitValue;
  /** The value with the text as typed now; `unitResult` says what it sends. */
  onChange(next: UnitValue): void;
  /** An error from elsewhere (the form, the server); else the parser's reason while the text is not a value. */
  error?: string | undefined;
  /** Said below the field when there is no error and no reading to show. */
  helperText?: ReactNode;
  /** The tenant's units unless told (a test, a preview). */
  system?: UnitSystem;
  /** An end adornment of its own (a Read scale button), after the unit. */
  endAdornment?: ReactNode;
};

function UnitField({
  quantity,
  value,
  onChange,
  error,
  helperText,
  system: given,
  endAdornment,
  disabled,
  slotProps,
  ...rest
}: UnitFieldProps & { quantity: Quantity }) {
  const units = useUnits();
  const system = given ?? units.system;
  const result = unitResult(value, quantity, system);
  // The parser's reason shows once the text was edited: an untouched empty field is not yet wrong.
  const reason = value.typed !== null && !result.ok ? result.reason : undefined;
  const message = error ?? reason;
  const unit = quantity === 'length' ? lengthUnit(system) : null;
  // The length's unit at the end of the field, then whatever the caller puts there (an adornment of its own).
  const adornment = unit ? (
    <>
      <InputAdornment position="end">{unit}</InputAdornment>
      {endAdornment}
    </>
  ) : (
    endAdornment
  );
  return (
    <TextField
      {...rest}
      value={given || units.ready ? unitText(value, quantity, system) : ''}
      disabled={disabled || (!given && !units.ready)}
      onChange={(change) => onChange({ stored: value.stored, typed: change.target.value })}
      error={Boolean(message)}
      helperText={message ?? readingText(value, quantity, system) ?? helperText ?? ' '}
      slotProps={{
        ...slotProps,
        htmlInput: { inputMode: quantity === 'length' ? 'decimal' : 'text', spellCheck: false, autoComplete: 'off' },
        input: adornment ? { endAdornment: adornment } : {},
      }}
    />
  );
}

/**
 * A weight in the tenant's units ('2 lb 3.5 oz', '850 g'): takes what `parseWeightInput` takes, says its reason at
 * the field, and gives back grams through `unitResult` (the stored grams while nobody edited the text).
 */
export function WeightField(props: UnitFieldProps) {
  return <UnitField quantity="weight" {...props} />;
}

/** A length in the tenant's units (inches or centimetres, named at the end of the field); gives back inches. */
export function LengthField(props: UnitFieldProps) {
  return <UnitField quantity="length" {...props} />;
}
