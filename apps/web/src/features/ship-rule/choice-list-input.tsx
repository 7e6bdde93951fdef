import { useMemo, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { Choice } from './rule-choices';

interface ChoiceListInputProps {
  label: string;
  values: readonly string[];
  onChange(values: string[]): void;
  choices: readonly Choice[];
  /** Values may be typed as well as picked: Enter, a comma or leaving the field adds what was typed. */
  free?: boolean;
  /** Typed values are upper-cased (country and state codes). */
  upper?: boolean;
  loading?: boolean;
  error?: string | undefined;
  helperText?: string | undefined;
  placeholder?: string;
}

/**
 * A list value as chips: choices to pick from (grouped, searchable), and for the free lists (SKUs, tags, prefixes)
 * whatever is typed. Pasting "AK, HI, PR" adds three.
 */
export function ChoiceListInput({
  label,
  values,
  onChange,
  choices,
  free = false,
  upper = false,
  loading = false,
  error,
  helperText,
  placeholder,
}: ChoiceListInputProps) {
  const [input, setInput] = useState('');
  const labels = useMemo(() => new Map(choices.map((choice) => [choice.value, choice])), [choices]);
  const options = useMemo(() => choices.map((choice) => choice.value), [choices]);
  const grouped = choices.some((choice) => choice.group);

  const clean = (text: string) => (upper ? text.trim().toUpperCase() : text.trim());
  const add = (typed: string[]) => {
    const next = [...values];
    for (const text of typed.map(clean).filter(Boolean)) if (!next.includes(text)) next.push(text);
    onChange(next);
  };

  return (
    <Autocomplete<string, true, false, boolean>
      multiple
      freeSolo={free}
      options={options}
      loading={loading}
      value={[...values]}
      inputValue={input}
      filterSelectedOptions
      autoHighlight={!free}
      groupBy={grouped ? (value) => labels.get(value)?.group ?? '' : undefined}
      getOptionLabel={(value) => labels.get(value)?.label ?? value}
      onChange={(_event, next) => {
        onChange([...new Set(next.map((value) => clean(String(value))).filter(Boolean))]);
        setInput('');
      }}
      onInputChange={(_event, text, reason) => {
        if (reason === 'reset') return setInput('');
        if (free && /[,\n]/.test(text)) {
          add(text.split(/[,\n]/));
          return setInput('');
        }
        setInput(text);
      }}
      onBlur={() => {
        if (free && input.trim()) add([input]);
        setInput('');
      }}
      slotProps={{ chip: { size: 'small' } }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          placeholder={values.length === 0 ? placeholder : undefined}
          error={Boolean(error)}
          helperText={error ?? helperText}
        />
      )}
    />
  );
}
