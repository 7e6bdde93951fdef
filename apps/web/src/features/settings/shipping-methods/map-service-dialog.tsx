import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from '@/lib/toast/toast';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { ShipMethod, UnmappedService } from '@shipdesk/contract';
import { FormDialog } from '@/components/form-dialog';
import { EMPTY_OPTION_SELECT_SLOTS, controlledFieldProps } from '@/lib/forms/field-props';
import { applyServerErrors, messagesResolver } from '@/lib/validation';
import { shipMethodMappingsApi, useSaveStoreMappingMutation } from '../api/ship-method-mappings-api';
import { unmappedStoresText, unmappedText } from './shipping-text';

interface MapServiceForm {
  shipMethodId: string;
  /** '' stands for every store. */
  storeId: string;
}

const resolver = messagesResolver<MapServiceForm>((values): Record<string, string> =>
  values.shipMethodId ? {} : { shipMethodId: 'Choose a shipping method' },
);

interface MapServiceDialogProps {
  service: UnmappedService;
  methods: readonly ShipMethod[];
  onClose(): void;
}

/**
 * Says that a requested service no method covers means an existing method: added to the method's mapping for that
 * store (or every store) when it has one, so a method keeps one list of names per store.
 */
export function MapServiceDialog({ service, methods, onClose }: MapServiceDialogProps) {
  const [loadMappings] = shipMethodMappingsApi.useLazyListStoreMappingsQuery();
  const [save] = useSaveStoreMappingMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const stores = service.stores.filter((store): store is { id: string; name: string } => store.id !== null);
  const form = useForm<MapServiceForm>({ resolver, defaultValues: { shipMethodId: '', storeId: '' } });

  const submit = form.handleSubmit(async ({ shipMethodId, storeId }) => {
    setFormError(null);
    const method = methods.find((m) => m.id === shipMethodId);
    try {
      const existing = (await loadMappings(shipMethodId).unwrap()).find(
        (mapping) => (mapping.data.storeId ?? '') === storeId,
      );
      const services = [...(existing?.data.services ?? []), service.requestedService];
      await save({ id: existing?.id, data: { shipMethodId, storeId: storeId || null, services } }).unwrap();
      toast.success(`“${service.requestedService}” now means ${method?.name ?? 'that method'}.`);
      onClose();
    } catch (error) {
      setFormError(
        applyServerErrors(error, ['shipMethodId', 'storeId'], form.setError, 'Could not map the requested service.'),
      );
    }
  });

  return (
    <FormDialog
      open
      title={`Map “${service.requestedService}”`}
      message={`${unmappedText(service)}${service.stores.length > 0 ? ` · ${unmappedStoresText(service)}` : ''}. They will ship with the method you choose.`}
      onCancel={onClose}
      onSubmit={() => void submit()}
      submitLabel="Map"
      busy={form.formState.isSubmitting}
      error={formError}
      maxWidth="sm"
    >
      <Controller
        control={form.control}
        name="shipMethodId"
        render={(control) => (
          <TextField
            select
            label="Shipping method"
            required
            fullWidth
            autoFocus
            value={control.field.value}
            onChange={(event) => control.field.onChange(event.target.value)}
            {...controlledFieldProps(control)}
          >
            {methods.map((method) => (
              <MenuItem key={method.id} value={method.id}>
                {method.name}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <Controller
        control={form.control}
        name="storeId"
        render={(control) => (
          <TextField
            select
            label="For"
            slotProps={EMPTY_OPTION_SELECT_SLOTS}
            fullWidth
            value={control.field.value}
            onChange={(event) => control.field.onChange(event.target.value)}
            {...controlledFieldProps(control, 'Another store may mean something else by the same name.')}
          >
            <MenuItem value="">Every store (and orders entered by hand)</MenuItem>
            {stores.map((store) => (
              <MenuItem key={store.id} value={store.id}>
                {store.name} only
              </MenuItem>
            ))}
          </TextField>
        )}
      />
    </FormDialog>
  );
}
