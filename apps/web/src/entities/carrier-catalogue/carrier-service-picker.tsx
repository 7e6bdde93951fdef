import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import type { ControllerFieldState, ControllerRenderProps, FieldPathByValue, FieldValues } from 'react-hook-form';
import { controlledFieldProps } from '@/lib/forms/field-props';
import { findCarrierServiceOption, serviceReachText, type CarrierServiceOption } from './carrier-services';

const searchText = (option: CarrierServiceOption, reach: boolean) =>
  `${option.carrierName} ${option.service.name}${reach ? ` ${option.service.scope}` : ''}`.toLowerCase();

interface CarrierServicePickerProps<V extends FieldValues, N extends FieldPathByValue<V, string>> {
  /** The form's field holding the chosen option's key: a server error naming it lands on the picker. */
  control: { field: ControllerRenderProps<V, N>; fieldState: ControllerFieldState };
  options: readonly CarrierServiceOption[];
  loading: boolean;
  onPick(option: CarrierServiceOption | null): void;
  autoFocus?: boolean;
  /** Typing a reach ("international") finds the services of that reach too. */
  searchReach?: boolean;
}

/**
 * The carrier services of the catalogue, grouped by carrier, each saying whether it is domestic or international and
 * how many days it takes; typing filters by carrier or service name. The order's carrier service and a shipping
 * method's carrier mapping choose with it.
 */
export function CarrierServicePicker<V extends FieldValues, N extends FieldPathByValue<V, string>>({
  control,
  options,
  loading,
  onPick,
  autoFocus = false,
  searchReach = false,
}: CarrierServicePickerProps<V, N>) {
  const value = findCarrierServiceOption(options, control.field.value as string) ?? null;
  const hint = value ? `${value.carrierName} · ${serviceReachText(value.service)}` : 'Type to search the services.';
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
        return needle ? list.filter((option) => searchText(option, searchReach).includes(needle)) : [...list];
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
        <TextField
          {...params}
          {...controlledFieldProps(control, hint)}
          label="Carrier service"
          required
          autoFocus={autoFocus}
        />
      )}
    />
  );
}
