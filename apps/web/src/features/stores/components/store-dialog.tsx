import { useMemo, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { toast } from 'react-toastify';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { SOURCE_TYPES, type ConnectionResult, type Store } from '@shipdesk/contract';
import { FormDialog } from '@/components/form-dialog';
import { apiFieldErrors } from '@/lib/errors';
import { sourceLabel } from '@/lib/format/source-type';
import { controlledFieldProps, fieldProps } from '@/lib/forms/field-props';
import { applyServerErrors } from '@/lib/validation';
import { useCreateStoreMutation, useTestStoreConnectionMutation, useUpdateStoreMutation } from '../api/stores-api';
import {
  defaultStoreForm,
  fieldPath,
  fieldsOf,
  storeFieldPaths,
  storeFormResolver,
  toCreateStore,
  toTestConnection,
  toUpdateStore,
  type StoreFormValues,
} from '../store-form';
import { StoreConnectionSection } from './store-connection-section';
import { StoreOrdersSection } from './store-orders-section';

/**
 * Add a store, or edit one (`store`). The connection fields follow STORE_FIELDS of the chosen channel; 'Test
 * connection' asks the platform with what the form holds now, before anything is saved.
 */
export function StoreDialog({ store, onClose }: { store?: Store; onClose(): void }) {
  const resolver = useMemo(() => storeFormResolver(store), [store]);
  const form = useForm<StoreFormValues>({ resolver, defaultValues: defaultStoreForm(store), mode: 'onSubmit' });
  const sourceType = useWatch({ control: form.control, name: 'sourceType' });
  const fields = fieldsOf(sourceType);
  const [showAdvanced, setShowAdvanced] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [result, setResult] = useState<ConnectionResult | null>(null);
  const [createStore] = useCreateStoreMutation();
  const [updateStore] = useUpdateStoreMutation();
  const [testConnection, testing] = useTestStoreConnectionMutation();

  /** Field errors of a 400 go under their inputs (opening "Advanced" if one is there); the rest is returned. */
  const landOnFields = (error: unknown, fallback: string) => {
    const named = Object.keys(apiFieldErrors(error));
    if (fields.some((field) => field.advanced && named.includes(fieldPath(field)))) setShowAdvanced(true);
    return applyServerErrors(error, storeFieldPaths(sourceType), form.setError, fallback);
  };

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const saved = store
        ? await updateStore({ id: store.id, body: toUpdateStore(values, store) }).unwrap()
        : await createStore(toCreateStore(values)).unwrap();
      toast.success(store ? `${saved.name} saved.` : `${saved.name} added.`);
      onClose();
    } catch (error) {
      setFormError(landOnFields(error, store ? 'Could not save the store.' : 'Could not add the store.'));
    }
  });

  const runTest = async () => {
    setResult(null);
    const valid = await form.trigger(['sourceType', ...fields.map(fieldPath)]);
    if (!valid) return;
    try {
      setResult(await testConnection(toTestConnection(form.getValues(), store?.id)).unwrap());
    } catch (error) {
      const message = landOnFields(error, 'Could not test the connection.');
      if (message) setResult({ ok: false, message, platformAnswer: null, accountName: null });
    }
  };

  const busy = form.formState.isSubmitting;
  return (
    <FormDialog
      open
      title={store ? `Edit ${store.name}` : 'Add store'}
      message={store ? `${sourceLabel(store.sourceType)} store` : undefined}
      onCancel={onClose}
      onSubmit={() => void submit()}
      submitLabel={store ? 'Save' : 'Add store'}
      busy={busy}
      error={formError}
      maxWidth="sm"
    >
      <TextField {...fieldProps(form, 'name')} label="Name" required fullWidth autoFocus />
      {store ? null : (
        <Controller
          control={form.control}
          name="sourceType"
          render={(control) => (
            <TextField
              select
              label="Channel"
              required
              fullWidth
              value={control.field.value}
              onChange={(event) => {
                control.field.onChange(event.target.value);
                setResult(null);
              }}
              {...controlledFieldProps(control)}
            >
              {SOURCE_TYPES.map((source) => (
                <MenuItem key={source} value={source}>
                  {sourceLabel(source)}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      )}
      {sourceType === 'Wholesale' ? (
        <Typography variant="body2" color="text.secondary">
          Wholesale stores need no connection: their orders are added by hand or through the API.
        </Typography>
      ) : null}
      {fields.length > 0 ? (
        <StoreConnectionSection
          form={form}
          store={store}
          fields={fields}
          showAdvanced={showAdvanced}
          onToggleAdvanced={() => setShowAdvanced((open) => !open)}
          onTest={() => void runTest()}
          testing={testing.isLoading}
          busy={busy}
          result={result}
        />
      ) : null}
      <StoreOrdersSection form={form} store={store} />
    </FormDialog>
  );
}
