import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { toast } from '@/lib/toast/toast';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { BUILT_IN_CARRIER, type CarrierMapping, type MappingDestination } from '@shipdesk/contract';
import { hrefs } from '@/config/paths';
import { FormDialog } from '@/components/form-dialog';
import { useListCarrierAccountsQuery } from '@/entities/carrier-accounts/carrier-accounts-api';
import { useGetCarrierCatalogueQuery } from '@/entities/carrier-catalogue/carrier-catalogue-api';
import { CarrierServicePicker } from '@/entities/carrier-catalogue/carrier-service-picker';
import {
  carrierServiceOptions,
  catalogueWith,
  findCarrierServiceOption,
} from '@/entities/carrier-catalogue/carrier-services';
import { EMPTY_OPTION_SELECT_SLOTS, controlledFieldProps } from '@/lib/forms/field-props';
import { applyServerErrors, messagesResolver } from '@/lib/validation';
import { useSaveCarrierMappingMutation } from '../api/ship-method-mappings-api';
import {
  CARRIER_MAPPING_FIELDS,
  defaultCarrierMappingForm,
  toCarrierMappingInput,
  validateCarrierMappingForm,
  type CarrierMappingFormValues,
} from './carrier-mapping-form';
import { DestinationField } from './destination-field';

interface CarrierMappingDialogProps {
  shipMethod: { id: string; name: string };
  /** The mapping being changed; without it a new one is added. */
  mapping?: CarrierMapping;
  /** Destinations other mappings of the method cover already. */
  taken: readonly MappingDestination[];
  onClose(): void;
}

/** Which carrier service (and package type, and account) fulfils a shipping method, for any or one destination. */
export function CarrierMappingDialog({ shipMethod, mapping, taken, onClose }: CarrierMappingDialogProps) {
  const catalogue = useGetCarrierCatalogueQuery();
  const accounts = useListCarrierAccountsQuery();
  const [save] = useSaveCarrierMappingMutation();
  const [formError, setFormError] = useState<string | null>(null);
  // A mapping to a carrier whose account is no longer verified keeps its service selectable.
  const kept = mapping?.carrier;
  const entries = useMemo(() => catalogueWith(catalogue.data ?? [], [kept]), [catalogue.data, kept]);
  const form = useForm<CarrierMappingFormValues>({
    defaultValues: defaultCarrierMappingForm(mapping),
    // useForm takes its options anew on every render, so the check sees the catalogue once it has arrived.
    resolver: messagesResolver((values) =>
      validateCarrierMappingForm(values, carrierServiceOptions(entries, values.destination)),
    ),
  });
  const [destination, carrierMethod] = useWatch({ control: form.control, name: ['destination', 'carrierMethod'] });
  const options = useMemo(() => carrierServiceOptions(entries, destination), [entries, destination]);
  const chosen = findCarrierServiceOption(carrierServiceOptions(entries), carrierMethod);
  const packageTypes = entries.find((e) => e.carrier === chosen?.carrier)?.packageTypes ?? [];
  const carrierAccounts = (accounts.data ?? []).filter((a) => a.carrier === chosen?.carrier);
  const onlyBuiltIn = catalogue.isSuccess && entries.every((e) => e.carrier === BUILT_IN_CARRIER);

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await save({ id: mapping?.id, body: toCarrierMappingInput(values, shipMethod.id) }).unwrap();
      toast.success(`${shipMethod.name} ships with ${chosen?.service.name ?? 'the chosen service'}.`);
      onClose();
    } catch (error) {
      setFormError(applyServerErrors(error, CARRIER_MAPPING_FIELDS, form.setError, 'Could not save the mapping.'));
    }
  });

  return (
    <FormDialog
      open
      title={mapping ? `Change a carrier service of ${shipMethod.name}` : `Map ${shipMethod.name} to a carrier service`}
      onCancel={onClose}
      onSubmit={() => void submit()}
      submitLabel="Save"
      busy={form.formState.isSubmitting}
      error={formError}
      maxWidth="sm"
    >
      {onlyBuiltIn ? (
        <Alert severity="info">
          Only Shipdesk Local is available until a carrier account passes its connection test in{' '}
          <Link component={RouterLink} to={hrefs.settings('carriers')}>
            Carriers
          </Link>
          .
        </Alert>
      ) : null}
      <DestinationField
        control={form.control}
        taken={taken}
        onChange={(next) => {
          if (carrierMethod && !findCarrierServiceOption(carrierServiceOptions(entries, next), carrierMethod)) {
            form.setValue('carrierMethod', '');
          }
        }}
      />
      <Controller
        control={form.control}
        name="carrierMethod"
        render={(control) => (
          <CarrierServicePicker
            control={control}
            options={options}
            loading={catalogue.isLoading}
            onPick={(option) => {
              if (option?.carrier === chosen?.carrier) return;
              form.setValue('packageType', '');
              form.setValue('carrierAccountId', '');
            }}
          />
        )}
      />
      <Controller
        control={form.control}
        name="packageType"
        render={(control) => (
          <TextField
            select
            label="Package type"
            slotProps={EMPTY_OPTION_SELECT_SLOTS}
            fullWidth
            disabled={!chosen}
            value={control.field.value}
            onChange={(event) => control.field.onChange(event.target.value)}
            {...controlledFieldProps(control, 'What the carrier is told the parcel is packed in.')}
          >
            <MenuItem value="">Carrier&apos;s default (your packaging)</MenuItem>
            {packageTypes.map((type) => (
              <MenuItem key={type.code} value={type.code}>
                {type.name}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      {chosen && chosen.carrier !== BUILT_IN_CARRIER ? (
        <Controller
          control={form.control}
          name="carrierAccountId"
          render={(control) => (
            <TextField
              select
              label="Account"
              slotProps={EMPTY_OPTION_SELECT_SLOTS}
              fullWidth
              value={control.field.value}
              onChange={(event) => control.field.onChange(event.target.value)}
              {...controlledFieldProps(control, 'The account that pays for these labels.')}
            >
              <MenuItem value="">Default {chosen.carrierName} account</MenuItem>
              {carrierAccounts.map((account) => (
                <MenuItem key={account.id} value={account.id}>
                  {account.name}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      ) : null}
    </FormDialog>
  );
}
