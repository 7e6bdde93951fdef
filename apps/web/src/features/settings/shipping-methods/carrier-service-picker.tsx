import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import type { ControllerFieldState, ControllerRenderProps } from 'react-hook-form';
import { controlledFieldProps } from '@/lib/forms/field-props';
import type { CarrierMappingFormValues, ServiceOption } from './carrier-mapping-form';
import { findServiceOption } from './carrier-mapping-form';
import { serviceDetailText } from './shipping-text';

export interface CarrierServicePickerProps {
  control: {
    field: ControllerRenderProps<CarrierMappingFormValues, 'carrierMethod'>;
    fieldState: ControllerFieldState;
  };
  options: readonly ServiceOption[];
  loading: boolean;
  onPick(option: ServiceOption | null): void;
}

/**
 * The carrier services of the catalogue, grouped by carrier, each with its reach and delivery days; typing filters by
 * service or carrier name.
 */
export function CarrierServicePicker({ control, options, loading, onPick }: CarrierServicePickerProps) {
  const value = findServiceOption(options, control.field.value) ?? null;
  return (
    <Autocomplete
      options={options}
      loading={loading}
      value={value}
      disabled={control.field.disabled}
      groupBy={(option) => option.carrierName}
      getOptionLabel={(option) => option.service.name}
      getOptionKey={(option) => option.key}
      isOptionEqualToValue={(option, current) => option.key === current.key}
      filterOptions={(list, { inputValue }) => {
        const needle = inputValue.trim().toLowerCase();
        return needle
          ? list.filter((o) => `${o.carrierName} ${o.service.name}`.toLowerCase().includes(needle))
          : [...list];
      }}
      onChange={(_event, option) => {
        control.field.onChange(option?.key ?? '');
        onPick(option);
      }}
      renderOption={({ key, ...props }, option) => (
        <Box component="li" key={key} {...props} sx={{ flexDirection: 'column', alignItems: 'flex-start !important' }}>
          <Box component="span">{option.service.name}</Box>
          <Box component="span" sx={{ color: 'text.secondary', fontSize: '0.75rem' }}>
            {serviceDetailText(option.service)}
          </Box>
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          {...controlledFieldProps(
            control,
            value ? `${value.carrierName} · ${serviceDetailText(value.service)}` : 'Type to search the services.',
          )}
          label="Carrier service"
          required
        />
      )}
    />
  );
}
