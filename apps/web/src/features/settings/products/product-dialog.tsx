import { useMemo, useState } from 'react';
import { Controller, useForm, useWatch, type Control } from 'react-hook-form';
import { toast } from '@/lib/toast/toast';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Product } from '@shipdesk/contract';
import { FormDialog } from '@/components/form-dialog';
import { controlledFieldProps, EMPTY_OPTION_SELECT_SLOTS, fieldProps } from '@/lib/forms/field-props';
import { LengthField, useUnits, WeightField } from '@/lib/units';
import { applyServerErrors, messagesResolver } from '@/lib/validation';
import { useListBoxSizesQuery } from '@/entities/box-sizes/box-sizes-api';
import { useTenantCurrencyQuery } from '@/lib/api/tenant-configs';
import {
  defaultProductForm,
  HAZARD_OPTIONS,
  PRODUCT_FIELDS,
  toProductInput,
  validateProductForm,
  type ProductFormValues,
} from './product-form';
import { useSaveProductMutation } from './products-api';

const grid = (columns: number) => ({
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: '1fr', sm: `repeat(${columns}, 1fr)` },
});

function GroupHeading({ children }: { children: string }) {
  return (
    <Typography variant="subtitle2" component="h3" sx={{ pt: 1 }}>
      {children}
    </Typography>
  );
}

/** The weight or a side, in the tenant's units, with its error from the form (or the server). */
function UnitController(props: {
  control: Control<ProductFormValues>;
  name: 'weight' | 'length' | 'width' | 'height';
  label: string;
  helperText?: string;
}) {
  const { control, name, label, helperText } = props;
  const Field = name === 'weight' ? WeightField : LengthField;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Field
          label={label}
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

/** The server names the box `boxSizeId`; the form chooses it in `packing`. */
function boxErrorOnPacking(error: unknown): unknown {
  const body = (error as { data?: { errors?: Record<string, string> } } | undefined)?.data;
  if (!body?.errors?.boxSizeId) return error;
  const { boxSizeId, ...rest } = body.errors;
  return { ...(error as object), data: { ...body, errors: { ...rest, packing: boxSizeId } } };
}

/** Add a product, or change one: its shipping defaults and the customs facts international labels need. */
export function ProductDialog({ product, onClose }: { product?: Product; onClose(): void }) {
  const [save] = useSaveProductMutation();
  const boxes = useListBoxSizesQuery();
  const currency = useTenantCurrencyQuery().data?.currency ?? 'USD';
  const [formError, setFormError] = useState<string | null>(null);
  const { system } = useUnits();
  const resolver = useMemo(
    () => messagesResolver((values: ProductFormValues) => validateProductForm(values, system)),
    [system],
  );
  const form = useForm<ProductFormValues>({ resolver, defaultValues: defaultProductForm(product, currency) });
  const packing = useWatch({ control: form.control, name: 'packing' });

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const saved = await save({ id: product?.id, body: toProductInput(values, system) }).unwrap();
      toast.success(product ? `${saved.sku} saved.` : `${saved.sku} added.`);
      onClose();
    } catch (error) {
      setFormError(
        applyServerErrors(boxErrorOnPacking(error), PRODUCT_FIELDS, form.setError, 'Could not save the product.'),
      );
    }
  });

  return (
    <FormDialog
      open
      title={product ? `Edit ${product.sku}` : 'Add a product'}
      onCancel={onClose}
      onSubmit={() => void submit()}
      submitLabel={product ? 'Save' : 'Add'}
      busy={form.formState.isSubmitting}
      error={formError}
      maxWidth="md"
    >
      <Box sx={grid(2)}>
        <TextField {...fieldProps(form, 'sku', 'As your stores send it')} label="SKU" required autoFocus />
        <TextField {...fieldProps(form, 'title')} label="Title" />
      </Box>

      <GroupHeading>Shipping</GroupHeading>
      <Box sx={grid(4)}>
        <UnitController control={form.control} name="weight" label="Weight" helperText="Empty: not known yet" />
        {(['length', 'width', 'height'] as const).map((side) => (
          <UnitController
            key={side}
            control={form.control}
            name={side}
            label={side[0]!.toUpperCase() + side.slice(1)}
          />
        ))}
      </Box>
      <Box sx={grid(3)}>
        <Controller
          control={form.control}
          name="packing"
          render={(props) => (
            <TextField
              select
              {...controlledFieldProps(props, 'The box or package it ships in by default')}
              value={props.field.value}
              onChange={props.field.onChange}
              label="Packed in"
              slotProps={EMPTY_OPTION_SELECT_SLOTS}
            >
              <MenuItem value="">Not set</MenuItem>
              {(boxes.data ?? []).map((box) => (
                <MenuItem key={box.id} value={`box:${box.id}`}>
                  {box.name}
                </MenuItem>
              ))}
              <MenuItem value="package">A carrier’s package type…</MenuItem>
            </TextField>
          )}
        />
        {packing === 'package' ? (
          <TextField {...fieldProps(form, 'packageType', 'e.g. FLAT_RATE_ENVELOPE')} label="Package type" required />
        ) : null}
        <Controller
          control={form.control}
          name="hazardClass"
          render={(props) => (
            <TextField
              select
              {...controlledFieldProps(props)}
              value={props.field.value}
              onChange={props.field.onChange}
              label="Hazard class"
              slotProps={EMPTY_OPTION_SELECT_SLOTS}
            >
              <MenuItem value="">Not hazardous</MenuItem>
              {HAZARD_OPTIONS.map((h) => (
                <MenuItem key={h.code} value={h.code}>
                  {h.name}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <TextField {...fieldProps(form, 'category')} label="Category" />
      </Box>

      <GroupHeading>Customs</GroupHeading>
      <TextField
        {...fieldProps(form, 'customsDescription', 'What it is, in plain words: “Cotton T-shirt”')}
        label="Customs description"
      />
      <Box sx={grid(4)}>
        <TextField {...fieldProps(form, 'hsCode', '6 to 10 digits')} label="HS tariff code" />
        <TextField {...fieldProps(form, 'originCountry', 'e.g. US, CN')} label="Country of origin" />
        <TextField
          {...fieldProps(form, 'declaredValue')}
          label="Declared value"
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
        <TextField {...fieldProps(form, 'declaredCurrency')} label="Currency" />
      </Box>
    </FormDialog>
  );
}
