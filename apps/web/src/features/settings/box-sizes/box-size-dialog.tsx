import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'react-toastify';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import type { BoxSize } from '@shipdesk/contract';
import { FormDialog } from '@/components/form-dialog';
import { fieldProps } from '@/lib/forms/field-props';
import { applyServerErrors, messagesResolver } from '@/lib/validation';
import { useSaveBoxSizeMutation } from '@/entities/box-sizes/box-sizes-api';
import {
  BOX_SIZE_FIELDS,
  defaultBoxSizeForm,
  poundsHint,
  toBoxSizeInput,
  validateBoxSizeForm,
  type BoxSizeFormValues,
} from './box-size-form';

const resolver = messagesResolver(validateBoxSizeForm);
const unit = (text: string) => ({ input: { endAdornment: <InputAdornment position="end">{text}</InputAdornment> } });

/** Add a box size, or change one: inner dimensions in inches, its own weight and the most it carries in grams. */
export function BoxSizeDialog({ box, onClose }: { box?: BoxSize; onClose(): void }) {
  const [save] = useSaveBoxSizeMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<BoxSizeFormValues>({ resolver, defaultValues: defaultBoxSizeForm(box) });
  const [emptyWeight, maxWeight] = useWatch({ control: form.control, name: ['emptyWeight', 'maxWeight'] });

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const saved = await save({ id: box?.id, body: toBoxSizeInput(values) }).unwrap();
      toast.success(box ? `${saved.name} saved.` : `${saved.name} added.`);
      onClose();
    } catch (error) {
      setFormError(applyServerErrors(error, BOX_SIZE_FIELDS, form.setError, 'Could not save the box size.'));
    }
  });

  const decimal = { htmlInput: { inputMode: 'decimal' as const } };
  return (
    <FormDialog
      open
      title={box ? `Edit ${box.name}` : 'Add a box size'}
      onCancel={onClose}
      onSubmit={() => void submit()}
      submitLabel={box ? 'Save' : 'Add'}
      busy={form.formState.isSubmitting}
      error={formError}
      maxWidth="sm"
    >
      <TextField
        {...fieldProps(form, 'name', 'e.g. Small mailer, 12 × 9 × 4')}
        label="Name"
        required
        fullWidth
        autoFocus
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}>
        {(['length', 'width', 'height'] as const).map((field) => (
          <TextField
            key={field}
            {...fieldProps(form, field)}
            label={field[0]!.toUpperCase() + field.slice(1)}
            required
            slotProps={{ ...unit('in'), ...decimal }}
          />
        ))}
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)' } }}>
        <TextField
          {...fieldProps(form, 'emptyWeight', poundsHint(emptyWeight) ?? 'The box itself; 0 when left empty.')}
          label="Empty weight"
          slotProps={{ ...unit('g'), htmlInput: { inputMode: 'numeric' } }}
        />
        <TextField
          {...fieldProps(form, 'maxWeight', poundsHint(maxWeight) ?? 'The most it carries, contents included.')}
          label="Maximum weight"
          required
          slotProps={{ ...unit('g'), htmlInput: { inputMode: 'numeric' } }}
        />
      </Box>
    </FormDialog>
  );
}
