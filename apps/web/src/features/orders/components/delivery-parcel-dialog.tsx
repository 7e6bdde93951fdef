import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from '@/lib/toast/toast';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { lengthUnit, type BoxSize, type Delivery, type Order } from '@shipdesk/contract';
import { FormDialog } from '@/components/form-dialog';
import { newIdempotencyKey } from '@/lib/api/idempotency';
import { apiErrorMessage, apiErrorReason, isApiError } from '@/lib/errors';
import { EMPTY_OPTION_SELECT_SLOTS, controlledFieldProps } from '@/lib/forms/field-props';
import { boxSizesText, LengthField, useUnits, WeightField } from '@/lib/units';
import { applyServerErrors, messagesResolver } from '@/lib/validation';
import { useUpdateDeliveryParcelMutation } from '../api/order-weights-api';
import {
  PARCEL_FIELDS,
  PARCEL_SIDES,
  parcelEditDefaults,
  toParcelUpdate,
  validateParcelEdit,
  type ParcelEditValues,
} from '../order-weights-form';
import { STALE_MESSAGE } from './order-event-dialog';

interface DeliveryParcelDialogProps {
  order: Order;
  delivery: Delivery;
  /** Live boxes, and the archived one this delivery may still name. */
  boxes: readonly BoxSize[];
  onClose(): void;
}

/**
 * A planned delivery's box, weight and size, before its label is bought. An empty weight is its lines' plus the
 * box's own; empty sides are the box's. Weight and sides are in the tenant's units (docs/units.md); one nobody edited is
 * sent back exactly as stored. A stale version keeps the dialog open on the reloaded order (saving again
 * sends the fresh version); a refusal that no retry mends (a label bought meanwhile) closes it.
 */
export function DeliveryParcelDialog({ order, delivery, boxes, onClose }: DeliveryParcelDialogProps) {
  const [update] = useUpdateDeliveryParcelMutation();
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const [formError, setFormError] = useState<string | null>(null);
  const { system } = useUnits();
  const resolver = useMemo(
    () => messagesResolver((values: ParcelEditValues) => validateParcelEdit(values, system)),
    [system],
  );
  const form = useForm<ParcelEditValues>({ defaultValues: parcelEditDefaults(delivery), resolver });
  const offered = boxes.filter((box) => !box.archivedAt || box.id === delivery.boxSizeId);

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const body = toParcelUpdate(values, delivery.deliveryId, order.version, system);
      await update({ orderId: order.id, body, idempotencyKey }).unwrap();
      toast.success(`The box of delivery ${delivery.deliveryId} is saved.`);
      onClose();
    } catch (failure) {
      const conflict = isApiError(failure) && failure.status === 409;
      if (conflict && apiErrorReason(failure) === 'stale_version') {
        setFormError(`${STALE_MESSAGE}. Check the order, then save the box again.`);
      } else if (conflict) {
        toast.error(apiErrorMessage(failure, 'This box can no longer change.'));
        onClose();
      } else {
        setFormError(applyServerErrors(failure, PARCEL_FIELDS, form.setError, 'Could not save the box.'));
      }
      setIdempotencyKey(newIdempotencyKey());
    }
  });

  return (
    <FormDialog
      open
      title={`Box of delivery ${delivery.deliveryId}`}
      message="What its label starts from. Leave the weight empty to weigh it from its items and the box; leave the sides empty to use the box's."
      onCancel={onClose}
      onSubmit={() => void submit()}
      submitLabel="Save box"
      busy={form.formState.isSubmitting}
      error={formError}
      maxWidth="sm"
    >
      <Controller
        control={form.control}
        name="boxSizeId"
        render={(control) => (
          <TextField
            select
            label="Box"
            autoFocus
            fullWidth
            slotProps={EMPTY_OPTION_SELECT_SLOTS}
            value={control.field.value}
            onChange={(event) => control.field.onChange(event.target.value)}
            {...controlledFieldProps(control)}
          >
            <MenuItem value="">No box chosen (the smallest that holds it)</MenuItem>
            {offered.map((box) => (
              <MenuItem key={box.id} value={box.id}>
                {box.name} ({boxSizesText(box, system)})
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <Controller
        control={form.control}
        name="weight"
        render={({ field, fieldState }) => (
          <WeightField
            label="Weight"
            placeholder="From its items"
            fullWidth
            name={field.name}
            inputRef={field.ref}
            onBlur={field.onBlur}
            value={field.value}
            onChange={field.onChange}
            error={fieldState.error?.message}
            helperText={`Box included, such as ${system === 'imperial' ? '2 lb 3 oz' : '1.2 kg'}`}
          />
        )}
      />
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: 1.5 }}>
        {PARCEL_SIDES.map((side) => (
          <Controller
            key={side}
            control={form.control}
            name={side}
            render={({ field, fieldState }) => (
              <LengthField
                label={`${side[0]!.toUpperCase()}${side.slice(1)} (${lengthUnit(system)})`}
                name={field.name}
                inputRef={field.ref}
                onBlur={field.onBlur}
                value={field.value}
                onChange={field.onChange}
                error={fieldState.error?.message}
              />
            )}
          />
        ))}
      </Box>
    </FormDialog>
  );
}
