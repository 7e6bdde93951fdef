import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useForm } from 'react-hook-form';
import { toast } from '@/lib/toast/toast';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import type { ConfigEntry } from '@shipdesk/contract';
import { showApiError } from '@/lib/errors';
import { validatorResolver } from '@/lib/validation';
import { configOptions, useDeleteConfigMutation, useSaveConfigMutation } from '../api/configs-api';
import { runSave } from './save-config';
import {
  WAREHOUSE_FIELDS,
  WarehouseAddressFields,
  warehouseFormValues,
  warehouseOptions,
  warehouseRules,
  type WarehouseForm,
} from './warehouse-address-fields';

type Choice = 'warehouse' | 'own';

const rules = warehouseRules('Name');

/**
 * Where return labels send parcels back (config returns_address, docs/returns.md): the ship-from address, or another
 * address in the warehouse form's fields. Going back to the ship-from removes the saved returns address.
 */
export function ReturnsAddressSection({ entries, readOnly }: { entries: ConfigEntry[]; readOnly: boolean }) {
  const saved = entries.some((entry) => entry.key === 'returns_address' && entry.options);
  const [choice, setChoice] = useState<Choice>(saved ? 'own' : 'warehouse');
  const form = useForm<WarehouseForm>({
    resolver: validatorResolver(rules),
    defaultValues: warehouseFormValues(configOptions(entries, 'returns_address')),
    disabled: readOnly,
  });
  const [saveConfig, saving] = useSaveConfigMutation();
  const [deleteConfig, deleting] = useDeleteConfigMutation();
  const heading = useRef<HTMLHeadingElement>(null);
  const { hash } = useLocation();
  // Linked from the return label form (…/warehouse#returns-address): brought into view.
  useEffect(() => {
    if (hash === '#returns-address') heading.current?.scrollIntoView?.({ block: 'start' });
  }, [hash]);
  const busy = saving.isLoading || deleting.isLoading || form.formState.isSubmitting;

  const saveOwn = form.handleSubmit(async (values) => {
    const done = await runSave(
      () => saveConfig({ key: 'returns_address', options: warehouseOptions(values) }).unwrap(),
      {
        success: 'Returns address saved.',
        failure: 'Could not save the returns address.',
        fields: WAREHOUSE_FIELDS,
        setError: form.setError,
      },
    );
    if (done) form.reset(values);
  });

  const backToWarehouse = async () => {
    if (!saved) {
      toast.success('Returns go back to the ship-from address.');
      return;
    }
    try {
      await deleteConfig('returns_address').unwrap();
      toast.success('Returns go back to the ship-from address.');
    } catch (error) {
      showApiError(error, 'Could not remove the returns address.');
    }
  };

  return (
    <Box
      component="form"
      noValidate
      aria-labelledby="returns-address"
      onSubmit={(event) => {
        if (choice === 'own') return void saveOwn(event);
        event.preventDefault();
        void backToWarehouse();
      }}
    >
      <Typography ref={heading} variant="h6" component="h2" id="returns-address" sx={{ scrollMarginTop: 80 }}>
        Returns address
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Return labels bring parcels back to this address.
      </Typography>
      <RadioGroup
        aria-label="Where returns go"
        value={choice}
        onChange={(change) => setChoice(change.target.value as Choice)}
        sx={{ mb: 2 }}
      >
        <FormControlLabel
          value="warehouse"
          disabled={readOnly}
          control={<Radio />}
          label="Same as the ship-from address"
        />
        <FormControlLabel value="own" disabled={readOnly} control={<Radio />} label="A different address" />
      </RadioGroup>
      {choice === 'own' ? <WarehouseAddressFields form={form} nameLabel="Name" /> : null}
      <Button
        type="submit"
        variant="contained"
        disabled={readOnly || busy}
        sx={{ mt: 3 }}
        startIcon={busy ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
      >
        Save returns address
      </Button>
    </Box>
  );
}
