import { useMemo, type HTMLAttributes, type Key } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { serviceWords } from '@shipdesk/contract';
import { splitCarrierKey } from '@/entities/carrier-catalogue/carrier-services';
import type { CarrierOption } from './carrier-options';

interface PickerBase {
  label: string;
  options: readonly CarrierOption[];
  loading: boolean;
  error?: string | undefined;
  helperText?: string;
}

type ServicePickerProps =
  | (PickerBase & { multiple?: false; value: string; onChange(value: string): void })
  | (PickerBase & { multiple: true; value: readonly string[]; onChange(value: string[]): void });

/** Carrier services grouped by carrier, each with its reach and delivery days; typing filters by either name. */
export function ServicePicker(props: ServicePickerProps) {
  const { label, options, loading, error, helperText } = props;
  const byKey = useMemo(() => new Map(options.map((o) => [o.key, o])), [options]);
  const keys = useMemo(() => options.map((o) => o.key), [options]);
  const common = {
    options: keys,
    loading,
    autoHighlight: true,
    groupBy: (key: string) => byKey.get(key)?.carrierName ?? '',
    // "USPS Priority Mail": the carrier stays in the chosen value and the chips, where no group heading names it.
    getOptionLabel: (key: string) => {
      const split = splitCarrierKey(key);
      return split ? serviceWords(split.carrier, split.code) : key;
    },
    filterOptions: (list: string[], { inputValue }: { inputValue: string }) => {
      const needle = inputValue.trim().toLowerCase();
      if (!needle) return list;
      return list.filter((key) => {
        const option = byKey.get(key);
        return `${option?.carrierName ?? ''} ${option?.name ?? key}`.toLowerCase().includes(needle);
      });
    },
    renderOption: ({ key, ...itemProps }: HTMLAttributes<HTMLLIElement> & { key: Key }, value: string) => (
      <Box
        component="li"
        key={key}
        {...itemProps}
        sx={{ flexDirection: 'column', alignItems: 'flex-start !important' }}
      >
        <Box component="span">{byKey.get(value)?.name ?? value}</Box>
        {byKey.get(value)?.detail ? (
          <Box component="span" sx={{ color: 'text.secondary', fontSize: '0.75rem' }}>
            {byKey.get(value)?.detail}
          </Box>
        ) : null}
      </Box>
    ),
  };
  const chosen = !props.multiple && props.value ? byKey.get(props.value) : undefined;
  const input = (params: object) => (
    <TextField
      {...params}
      label={label}
      error={Boolean(error)}
      helperText={error ?? (chosen ? `${chosen.carrierName} · ${chosen.detail ?? ''}` : helperText)}
    />
  );
  if (props.multiple) {
    return (
      <Autocomplete
        {...common}
        multiple
        filterSelectedOptions
        value={[...props.value]}
        onChange={(_event, next: string[]) => props.onChange(next)}
        slotProps={{ chip: { size: 'small' } }}
        renderInput={input}
      />
    );
  }
  return (
    <Autocomplete
      {...common}
      value={props.value || null}
      onChange={(_event, next: string | null) => props.onChange(next ?? '')}
      renderInput={input}
    />
  );
}
