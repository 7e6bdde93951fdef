import { useMemo } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import { CARRIER_NAMES, type CarrierAccount } from '@shipdesk/contract';
import {
  useCreateCarrierAccountMutation,
  useTestCarrierConnectionMutation,
  useUpdateCarrierAccountMutation,
} from '@/entities/carrier-accounts/carrier-accounts-api';
import { ConnectionDialog } from '@/entities/connections/connection-dialog';
import { connectionFieldPath } from '@/entities/connections/connection-field';
import { useConnectionDialog } from '@/entities/connections/use-connection-dialog';
import { fieldProps } from '@/lib/forms/field-props';
import {
  carrierAccountFieldPaths,
  carrierAccountResolver,
  carrierConnectionAnswer,
  carrierFieldsOf,
  carrierTestPlan,
  defaultCarrierAccountForm,
  isAccountCarrier,
  toCreateCarrierAccount,
  toUpdateCarrierAccount,
  type CarrierAccountFormValues,
} from './carrier-account-form';
import { CarrierSelect } from './carrier-select';

interface CarrierAccountDialogProps {
  /** The account being edited; without it the dialog connects a new one. */
  account?: CarrierAccount;
  /** The saved accounts: the first of a carrier becomes its default. */
  accounts: readonly CarrierAccount[];
  onClose(): void;
}

/**
 * Connect a carrier account, or edit one. The fields follow CARRIER_FIELDS of the chosen carrier (secrets write-only,
 * the API address folded under Advanced); 'Test connection' asks the carrier before anything is saved.
 */
export function CarrierAccountDialog({ account, accounts, onClose }: CarrierAccountDialogProps) {
  const resolver = useMemo(() => carrierAccountResolver(account), [account]);
  const form = useForm<CarrierAccountFormValues>({ resolver, defaultValues: defaultCarrierAccountForm(account) });
  const [carrier, name] = useWatch({ control: form.control, name: ['carrier', 'name'] });
  const fields = carrierFieldsOf(carrier);
  const [createAccount] = useCreateCarrierAccountMutation();
  const [updateAccount] = useUpdateCarrierAccountMutation();
  const [testConnection, testing] = useTestCarrierConnectionMutation();
  const connection = useConnectionDialog({
    form,
    fields,
    choiceField: 'carrier',
    serverFields: carrierAccountFieldPaths(carrier),
    save: async (values) => {
      if (account) {
        const saved = await updateAccount({ id: account.id, body: toUpdateCarrierAccount(values, account) }).unwrap();
        return `${saved.name} saved.`;
      }
      const saved = await createAccount(toCreateCarrierAccount(values)).unwrap();
      return `${saved.name} connected. Test it to ship with it.`;
    },
    saveFailure: account ? 'Could not save the account.' : 'Could not connect the account.',
    test: async (values) => {
      const plan = carrierTestPlan(values, account);
      if ('retype' in plan) {
        plan.retype.forEach((field, index) =>
          form.setError(
            connectionFieldPath(field),
            { type: 'retype', message: `Type the ${field.label.toLowerCase()} again to test the changed settings` },
            { shouldFocus: index === 0 },
          ),
        );
        return null;
      }
      if (!isAccountCarrier(carrier)) return null;
      return carrierConnectionAnswer(await testConnection(plan.body).unwrap(), carrier);
    },
    answeredBy: isAccountCarrier(carrier) ? CARRIER_NAMES[carrier] : '',
    testing: testing.isLoading,
    stored: account?.credentials,
    onClose,
  });

  return (
    <ConnectionDialog
      title={account ? `Edit ${account.name}` : 'Connect a carrier'}
      message={account ? `${CARRIER_NAMES[account.carrier]} account` : undefined}
      submitLabel={account ? 'Save' : 'Connect'}
      connection={connection}
      onCancel={onClose}
      footer={
        fields.length > 0 ? (
          <Controller
            control={form.control}
            name="isDefault"
            render={({ field }) => (
              <FormControlLabel
                control={<Checkbox checked={field.value} onChange={(event) => field.onChange(event.target.checked)} />}
                label={`Default ${isAccountCarrier(carrier) ? CARRIER_NAMES[carrier] : ''} account: labels are bought with it when a mapping names no account`}
              />
            )}
          />
        ) : null
      }
    >
      {account ? null : <CarrierSelect form={form} accounts={accounts} onChange={connection.clearResult} />}
      <TextField
        {...fieldProps(form, 'name', 'How the account is called in Shipdesk, e.g. "UPS – East warehouse".')}
        label="Name"
        required
        fullWidth
        autoFocus={Boolean(account)}
        // The carrier choice fills the name in without the input knowing: its label must move up for it.
        slotProps={{ inputLabel: { shrink: name ? true : undefined } }}
      />
    </ConnectionDialog>
  );
}
