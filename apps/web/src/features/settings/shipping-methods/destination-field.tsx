import { Controller, type Control } from 'react-hook-form';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { MAPPING_DESTINATIONS, type MappingDestination } from '@shipdesk/contract';
import { fieldErrorProps } from '@/lib/forms/field-props';
import type { CarrierMappingFormValues } from './carrier-mapping-form';
import { DESTINATION_LABELS } from './shipping-text';

interface DestinationFieldProps {
  control: Control<CarrierMappingFormValues>;
  /** Destinations another mapping of the method covers already. */
  taken: readonly MappingDestination[];
  onChange(destination: MappingDestination): void;
}

/** Where a carrier mapping applies: any destination, or only domestic or international ones. */
export function DestinationField({ control, taken, onChange }: DestinationFieldProps) {
  return (
    <Controller
      control={control}
      name="destination"
      render={({ field, fieldState }) => (
        <FormControl error={Boolean(fieldState.error)}>
          <FormLabel id="mapping-destination">Destination</FormLabel>
          <RadioGroup
            row
            aria-labelledby="mapping-destination"
            value={field.value}
            onChange={(event) => {
              const next = event.target.value as MappingDestination;
              field.onChange(next);
              onChange(next);
            }}
          >
            {MAPPING_DESTINATIONS.map((option) => (
              <FormControlLabel
                key={option}
                value={option}
                control={<Radio />}
                label={DESTINATION_LABELS[option]}
                disabled={taken.includes(option)}
              />
            ))}
          </RadioGroup>
          <FormHelperText>
            {
              fieldErrorProps(
                fieldState.error,
                taken.length > 0
                  ? 'A destination another carrier service covers is taken.'
                  : 'Domestic and international are judged from the warehouse country.',
              ).helperText
            }
          </FormHelperText>
        </FormControl>
      )}
    />
  );
}
