import { useForm } from 'react-hook-form';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import type { ConfigEntry } from '@shipdesk/contract';
import { validatorResolver } from '@/lib/validation';
import { configOptions, useSaveConfigMutation } from '../api/configs-api';
import { ConfigSaveButton } from './config-save-button';
import { ReturnsAddressSection } from './returns-address-section';
import { runSave } from './save-config';
import {
  WAREHOUSE_FIELDS,
  WarehouseAddressFields,
  warehouseFormValues,
  warehouseOptions,
  warehouseRules,
  type WarehouseForm,
} from './warehouse-address-fields';

const rules = warehouseRules('Warehouse name');

/** Warehouse: the ship-from address printed on labels (config warehouse_info), and where returns go back to. */
export function WarehouseTab({ entries, readOnly = false }: { entries: ConfigEntry[]; readOnly?: boolean }) {
  const form = useForm<WarehouseForm>({
    resolver: validatorResolver(rules),
    defaultValues: warehouseFormValues(configOptions(entries, 'warehouse_info')),
    disabled: readOnly,
  });
  const [saveConfig] = useSaveConfigMutation();

  const submit = form.handleSubmit(async (values) => {
    const saved = await runSave(
      () => saveConfig({ key: 'warehouse_info', options: warehouseOptions(values) }).unwrap(),
      {
        success: 'Warehouse address saved.',
        failure: 'Could not save the warehouse address.',
        fields: WAREHOUSE_FIELDS,
        setError: form.setError,
      },
    );
    if (saved) form.reset(values);
  });

  return (
    <Box sx={{ maxWidth: 720 }}>
      <Box component="form" noValidate onSubmit={submit}>
        <Typography variant="h6" component="h2">
          Warehouse address
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
          Orders ship from this address; it is printed on shipping labels as the sender.
        </Typography>
        <WarehouseAddressFields form={form} nameLabel="Warehouse name" />
        <ConfigSaveButton submitting={form.formState.isSubmitting} readOnly={readOnly} sx={{ mt: 3 }} />
      </Box>
      <Divider sx={{ my: 4 }} />
      <ReturnsAddressSection entries={entries} readOnly={readOnly} />
    </Box>
  );
}
