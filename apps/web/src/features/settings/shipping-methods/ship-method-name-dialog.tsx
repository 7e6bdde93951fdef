import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '@/lib/toast/toast';
import TextField from '@mui/material/TextField';
import type { ShipMethod } from '@shipdesk/contract';
import { FormDialog } from '@/components/form-dialog';
import { fieldProps } from '@/lib/forms/field-props';
import { applyServerErrors, validatorResolver, type FormRules } from '@/lib/validation';
import { useCreateShipMethodMutation, useRenameShipMethodMutation } from '@/entities/ship-methods/ship-methods-api';

interface NameForm {
  name: string;
}

const rules: FormRules<NameForm> = {
  name: { label: 'Name', required: true, maxLength: { value: 100 } },
};

interface ShipMethodNameDialogProps {
  /** The method being renamed; without it a new one is added. */
  method?: ShipMethod;
  onClose(): void;
  /** After a new method was added. */
  onCreated?(method: ShipMethod): void;
}

/** Add a shipping method, or rename one. Its name is a requested service it covers in every store as well. */
export function ShipMethodNameDialog({ method, onClose, onCreated }: ShipMethodNameDialogProps) {
  const [create] = useCreateShipMethodMutation();
  const [rename] = useRenameShipMethodMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<NameForm>({ resolver: validatorResolver(rules), defaultValues: { name: method?.name ?? '' } });

  const submit = form.handleSubmit(async ({ name }) => {
    setFormError(null);
    try {
      if (method) {
        await rename({ id: method.id, name: name.trim() }).unwrap();
        toast.success(`Renamed to ${name.trim()}.`);
      } else {
        const created = await create({ name: name.trim() }).unwrap();
        toast.success(`${created.name} added. Map it to a carrier service so its orders can ship.`);
        onCreated?.(created);
      }
      onClose();
    } catch (error) {
      setFormError(applyServerErrors(error, ['name'], form.setError, 'Could not save the shipping method.'));
    }
  });

  return (
    <FormDialog
      open
      title={method ? `Rename ${method.name}` : 'Add a shipping method'}
      message="Your own name for a way to ship, e.g. Standard or Express. Orders that ask for this very name use it in every store."
      onCancel={onClose}
      onSubmit={() => void submit()}
      submitLabel={method ? 'Rename' : 'Add'}
      busy={form.formState.isSubmitting}
      error={formError}
    >
      <TextField {...fieldProps(form, 'name')} label="Name" required fullWidth autoFocus />
    </FormDialog>
  );
}
