import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from '@/lib/toast/toast';
import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { REQUESTED_SERVICE_MAX, type StoreMapping } from '@shipdesk/contract';
import { FormDialog } from '@/components/form-dialog';
import { EMPTY_OPTION_SELECT_SLOTS, controlledFieldProps } from '@/lib/forms/field-props';
import { applyServerErrors, messagesResolver } from '@/lib/validation';
import { ALL_STORES, useListStoresQuery } from '@/entities/stores/stores-api';
import { useSaveStoreMappingMutation } from '../api/ship-method-mappings-api';

/** '' stands for every store. */
interface StoreMappingFormValues {
  storeId: string;
  services: string[];
}

function validateStoreMappingForm(values: StoreMappingFormValues): Record<string, string> {
  if (values.services.length === 0) return { services: 'Add at least one requested service' };
  const long = values.services.find((service) => service.length > REQUESTED_SERVICE_MAX);
  return long ? { services: `Use at most ${REQUESTED_SERVICE_MAX} characters per service` } : {};
}

const resolver = messagesResolver(validateStoreMappingForm);

/** Adds `text` to the services unless it is blank or there already (without regard to case, as the server compares). */
function withService(services: readonly string[], text: string): string[] {
  const service = text.trim();
  if (!service || services.some((s) => s.toLowerCase() === service.toLowerCase())) return [...services];
  return [...services, service];
}

interface StoreMappingDialogProps {
  shipMethod: { id: string; name: string };
  /** The mapping being changed; without it a new one is added. */
  mapping?: StoreMapping;
  /** Requested services no method covers yet: offered as suggestions. */
  suggestions: readonly string[];
  onClose(): void;
}

/** Which requested services of a store (or of every store) mean this shipping method. */
export function StoreMappingDialog({ shipMethod, mapping, suggestions, onClose }: StoreMappingDialogProps) {
  const stores = useListStoresQuery(ALL_STORES);
  const [save] = useSaveStoreMappingMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const [typed, setTyped] = useState('');
  const form = useForm<StoreMappingFormValues>({
    resolver,
    defaultValues: { storeId: mapping?.data.storeId ?? '', services: mapping?.data.services ?? [] },
  });

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await save({
        id: mapping?.id,
        data: { shipMethodId: shipMethod.id, storeId: values.storeId || null, services: values.services },
      }).unwrap();
      toast.success(`Requested services of ${shipMethod.name} saved.`);
      onClose();
    } catch (error) {
      setFormError(
        applyServerErrors(error, ['storeId', 'services'], form.setError, 'Could not save the requested services.'),
      );
    }
  });

  return (
    <FormDialog
      open
      title={`Requested services for ${shipMethod.name}`}
      message="Orders whose requested service (the shipping option the buyer chose at checkout) is one of these ship with this method."
      onCancel={onClose}
      onSubmit={() => {
        // Text still in the input counts, as if Enter had been pressed.
        if (typed.trim()) {
          form.setValue('services', withService(form.getValues('services'), typed));
          setTyped('');
        }
        void submit();
      }}
      submitLabel="Save"
      busy={form.formState.isSubmitting}
      error={formError}
      maxWidth="sm"
    >
      <Controller
        control={form.control}
        name="storeId"
        render={(control) => (
          <TextField
            select
            label="Store"
            slotProps={EMPTY_OPTION_SELECT_SLOTS}
            fullWidth
            value={control.field.value}
            onChange={(event) => control.field.onChange(event.target.value)}
            {...controlledFieldProps(control)}
          >
            <MenuItem value="">Every store (and orders entered by hand)</MenuItem>
            {(stores.data?.rows ?? []).map((store) => (
              <MenuItem key={store.id} value={store.id}>
                {store.name}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <Controller
        control={form.control}
        name="services"
        render={(control) => (
          <Autocomplete
            multiple
            freeSolo
            options={suggestions.filter((s) => !control.field.value.includes(s))}
            value={control.field.value}
            inputValue={typed}
            onInputChange={(_event, text, reason) => setTyped(reason === 'reset' ? '' : text)}
            onChange={(_event, next) => control.field.onChange(next.reduce<string[]>(withService, []))}
            renderValue={(values, getItemProps) =>
              values.map((service, index) => {
                const { key, ...item } = getItemProps({ index });
                return <Chip key={key} {...item} label={service} size="small" />;
              })
            }
            renderInput={(params) => (
              <TextField
                {...params}
                {...controlledFieldProps(control, 'Type a service name and press Enter; exact names, any case.')}
                label="Requested services"
                required
              />
            )}
          />
        )}
      />
    </FormDialog>
  );
}
