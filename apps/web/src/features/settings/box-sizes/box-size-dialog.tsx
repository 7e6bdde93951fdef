import { useMemo, useState, type ReactNode } from 'react';
import { Controller, useForm, type Control } from 'react-hook-form';
import { toast } from '@/lib/toast/toast';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import type { BoxSize } from '@shipdesk/contract';
import { FormDialog } from '@/components/form-dialog';
import { fieldProps } from '@/lib/forms/field-props';
import { LengthField, useUnits, WeightField } from '@/lib/units';
import { applyServerErrors, messagesResolver } from '@/lib/validation';
import { useSaveBoxSizeMutation } from '@/entities/box-sizes/box-sizes-api';
import {
  BOX_SIZE_FIELDS,
  defaultBoxSizeForm,
  toBoxSizeInput,
  validateBoxSizeForm,
  type BoxSizeFormValues,
} from './box-size-form';

type UnitFieldName = Exclude<(typeof BOX_SIZE_FIELDS)[number], 'name'>;

/** One size or weight of the form, in the tenant's units, with its error from the form (or the server). */
function UnitController(props: {
  control: Control<BoxSizeFormValues>;
  name: UnitFieldName;
  label: string;
  required?: boolean;
  helperText?: ReactNode;
}) {
  const { control, name, label, required, helperText } = props;
  const Field = name === 'emptyWeight' || name === 'maxWeight' ? WeightField : LengthField;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Field
          label={label}
          required={required}
          name={field.name}
          inputRef={field.ref}
          onBlur={field.onBlur}
          value={field.value}
          onChange={field.onChange}
          error={fieldState.error?.message}
          helperText={helperText}
        />
      )}
    />
  );
}

/** Add a box size, or change one: inner dimensions, its own weight and the most it carries, in the tenant's units. */
export function BoxSizeDialog({ box, onClose }: { box?: BoxSize; onClose(): void }) {
  const [save] = useSaveBoxSizeMutation();
  const { system } = useUnits();
  const [formError, setFormError] = useState<string | null>(null);
  const resolver = useMemo(
    () => messagesResolver((values: BoxSizeFormValues) => validateBoxSizeForm(values, system)),
    [system],
  );
  const form = useForm<BoxSizeFormValues>({ resolver, defaultValues: defaultBoxSizeForm(box) });

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const saved = await save({ id: box?.id, body: toBoxSizeInput(values, system) }).unwrap();
      toast.success(box ? `${saved.name} saved.` : `${saved.name} added.`);
      onClose();
    } catch (error) {
      setFormError(applyServerErrors(error, BOX_SIZE_FIELDS, form.setError, 'Could not save the box size.'));
    }
  });

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
          <UnitController
            key={field}
            control={form.control}
            name={field}
            label={field[0]!.toUpperCase() + field.slice(1)}
            required
          />
        ))}
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)' } }}>
        <UnitController
          control={form.control}
          name="emptyWeight"
          label="Empty weight"
          helperText="The box itself; 0 when left empty."
        />
        <UnitController
          control={form.control}
          name="maxWeight"
          label="Maximum weight"
          required
          helperText="The most it carries, contents included."
        />
      </Box>
    </FormDialog>
  );
}
