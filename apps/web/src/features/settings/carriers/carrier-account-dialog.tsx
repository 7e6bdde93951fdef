import { useMemo, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { toast } from 'react-toastify';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CARRIER_NAMES, type CarrierAccount } from '@shipdesk/contract';
import { connectionFieldPath } from '@/components/connection-field';
import { ConnectionFieldsSection, type ConnectionAnswer } from '@/components/connection-fields-section';
import { FormDialog } from '@/components/form-dialog';
import { apiFieldErrors } from '@/lib/errors';
import { fieldProps } from '@/lib/forms/field-props';
import { applyServerErrors } from '@/lib/validation';
import {
  useCreateCarrierAccountMutation,
  useTestCarrierConnectionMutation,
  useUpdateCarrierAccountMutation,
} from '../api/carriers-api';
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

export interface CarrierAccountDialogProps {
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
  const [showAdvanced, setShowAdvanced] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [result, setResult] = useState<ConnectionAnswer | null>(null);
  const [createAccount] = useCreateCarrierAccountMutation();
  const [updateAccount] = useUpdateCarrierAccountMutation();
  const [testConnection, testing] = useTestCarrierConnectionMutation();

  /** Field errors of a 400 go under their inputs (opening "Advanced" if one is there); the rest is returned. */
  const landOnFields = (error: unknown, fallback: string) => {
    const named = Object.keys(apiFieldErrors(error));
    if (fields.some((field) => field.advanced && named.includes(connectionFieldPath(field)))) setShowAdvanced(true);
    return applyServerErrors(error, carrierAccountFieldPaths(carrier), form.setError, fallback);
  };

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const saved = account
        ? await updateAccount({ id: account.id, body: toUpdateCarrierAccount(values, account) }).unwrap()
        : await createAccount(toCreateCarrierAccount(values)).unwrap();
      toast.success(account ? `${saved.name} saved.` : `${saved.name} connected. Test it to ship with it.`);
      onClose();
    } catch (error) {
      setFormError(landOnFields(error, account ? 'Could not save the account.' : 'Could not connect the account.'));
    }
  });

  const runTest = async () => {
    setResult(null);
    if (!(await form.trigger(['carrier', ...fields.map(connectionFieldPath)]))) return;
    const plan = carrierTestPlan(form.getValues(), account);
    if ('retype' in plan) {
      plan.retype.forEach((field, index) =>
        form.setError(
          connectionFieldPath(field),
          { type: 'retype', message: `Type the ${field.label.toLowerCase()} again to test the changed settings` },
          { shouldFocus: index === 0 },
        ),
      );
      return;
    }
    if (!isAccountCarrier(carrier)) return;
    try {
      setResult(carrierConnectionAnswer(await testConnection(plan.body).unwrap(), carrier));
    } catch (error) {
      const message = landOnFields(error, 'Could not test the connection.');
      if (message) setResult({ ok: false, title: message, answer: null, answeredBy: CARRIER_NAMES[carrier] });
    }
  };

  const busy = form.formState.isSubmitting;
  return (
    <FormDialog
      open
      title={account ? `Edit ${account.name}` : 'Connect a carrier'}
      message={account ? `${CARRIER_NAMES[account.carrier]} account` : undefined}
      onCancel={onClose}
      onSubmit={() => void submit()}
      submitLabel={account ? 'Save' : 'Connect'}
      busy={busy}
      error={formError}
      maxWidth="sm"
    >
      {account ? null : <CarrierSelect form={form} accounts={accounts} onChange={() => setResult(null)} />}
      <TextField
        {...fieldProps(form, 'name', 'How the account is called in Shipdesk, e.g. "UPS – East warehouse".')}
        label="Name"
        required
        fullWidth
        autoFocus={Boolean(account)}
        // The carrier choice fills the name in without the input knowing: its label must move up for it.
        slotProps={{ inputLabel: { shrink: name ? true : undefined } }}
      />
      {fields.length > 0 ? (
        <>
          <Typography variant="subtitle2" component="h3" sx={{ fontWeight: 600, pt: 1 }}>
            Connection
          </Typography>
          <ConnectionFieldsSection
            form={form}
            fields={fields}
            stored={account?.credentials}
            showAdvanced={showAdvanced}
            onToggleAdvanced={() => setShowAdvanced((open) => !open)}
            onTest={() => void runTest()}
            testing={testing.isLoading}
            busy={busy}
            result={result}
          />
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
        </>
      ) : null}
    </FormDialog>
  );
}
