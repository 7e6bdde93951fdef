import { useMemo } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { SOURCE_TYPES, type Store } from '@shipdesk/contract';
import { ConnectionDialog } from '@/entities/connections/connection-dialog';
import { useConnectionDialog } from '@/entities/connections/use-connection-dialog';
import { useCreateStoreMutation, useUpdateStoreMutation } from '@/entities/stores/stores-api';
import { sourceLabel } from '@/lib/format/source-type';
import { controlledFieldProps, fieldProps } from '@/lib/forms/field-props';
import { useTestStoreConnectionMutation } from '../api/store-sync-api';
import {
  defaultStoreForm,
  fieldsOf,
  storeConnectionAnswer,
  storeFieldPaths,
  storeFormResolver,
  toCreateStore,
  toTestConnection,
  toUpdateStore,
  type StoreFormValues,
} from '../store-form';
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
  const [createStore] = useCreateStoreMutation();
  const [updateStore] = useUpdateStoreMutation();
  const [testConnection, testing] = useTestStoreConnectionMutation();
  const connection = useConnectionDialog({
    form,
    fields,
    choiceField: 'sourceType',
    serverFields: storeFieldPaths(sourceType),
    save: async (values) => {
      if (store)
        return `${(await updateStore({ id: store.id, body: toUpdateStore(values, store) }).unwrap()).name} saved.`;
      return `${(await createStore(toCreateStore(values)).unwrap()).name} added.`;
    },
    saveFailure: store ? 'Could not save the store.' : 'Could not add the store.',
    test: async (values) => storeConnectionAnswer(await testConnection(toTestConnection(values, store?.id)).unwrap()),
    answeredBy: 'The platform',
    testing: testing.isLoading,
    stored: store?.credentials,
    onClose,
  });

  return (
    <ConnectionDialog
      title={store ? `Edit ${store.name}` : 'Add store'}
      message={store ? `${sourceLabel(store.sourceType)} store` : undefined}
      submitLabel={store ? 'Save' : 'Add store'}
      connection={connection}
      onCancel={onClose}
      footer={<StoreOrdersSection form={form} store={store} />}
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
                connection.clearResult();
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
    </ConnectionDialog>
  );
}
