import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import type { ControllerFieldState, ControllerRenderProps } from 'react-hook-form';
import { controlledFieldProps } from '@/lib/forms/field-props';
import {
  findShippingServiceOption,
  serviceReachText,
  type OrderShippingFormValues,
  type ShippingServiceOption,
} from '../order-shipping-form';

const matches = (option: ShippingServiceOption, needle: string) =>
  `${option.carrierName} ${option.service.name} ${option.service.scope}`.toLowerCase().includes(needle);

export interface OrderCarrierServicePickerProps {
  control: {
    field: ControllerRenderProps<OrderShippingFormValues, 'carrierMethod'>;
    fieldState: ControllerFieldState;
  };
  options: readonly ShippingServiceOption[];
  loading: boolean;
  onPick(option: ShippingServiceOption | null): void;
}

/**
 * The services of the carriers the tenant ships with, grouped by carrier, each saying whether it is domestic or
 * international and how many days it takes; typing filters by carrier, service or reach ("international").
 */
export function OrderCarrierServicePicker({ control, options, loading, onPick }: OrderCarrierServicePickerProps) {
  const value = findShippingServiceOption(options, control.field.value) ?? null;
  const hint = value ? `${value.carrierName} · ${serviceReachText(value.service)}` : 'Type to search the services.';
  return (
    <Autocomplete
      options={options}
      loading={loading}
      value={value}
      groupBy={(option) => option.carrierName}
      getOptionLabel={(option) => option.service.name}
      getOptionKey={(option) => option.key}
      isOptionEqualToValue={(option, current) => option.key === current.key}
      filterOptions={(list, { inputValue }) => {
        const needle = inputValue.trim().toLowerCase();
        return needle ? list.filter((option) => matches(option, needle)) : [...list];
      }}
      onChange={(_event, option) => {
        control.field.onChange(option?.key ?? '');
        onPick(option);
      }}
      renderOption={({ key, ...props }, option) => (
        <Box component="li" key={key} {...props} sx={{ flexDirection: 'column', alignItems: 'flex-start !important' }}>
          <span>{option.service.name}</span>
          <Box component="span" sx={{ color: 'text.secondary', fontSize: '0.75rem' }}>
            {serviceReachText(option.service)}
          </Box>
        </Box>
      )}
      renderInput={(params) => (
        <TextField {...params} {...controlledFieldProps(control, hint)} label="Carrier service" required autoFocus />
      )}
    />
  );
}
