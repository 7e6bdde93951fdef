import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from '@/lib/toast/toast';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { SIGNATURE_KINDS, type Order } from '@shipdesk/contract';
import { FormDialog } from '@/components/form-dialog';
import { apiErrorMessage, apiErrorReason, isApiError } from '@/lib/errors';
import { EMPTY_OPTION_SELECT_SLOTS, controlledFieldProps, fieldProps } from '@/lib/forms/field-props';
import { applyServerErrors, messagesResolver } from '@/lib/validation';
import { useListBoxSizesQuery } from '@/entities/box-sizes/box-sizes-api';
import { useUpdateOrderRuleSettingsMutation } from '../api/orders-api';
import { newIdempotencyKey } from '@/lib/api/idempotency';
import {
  RULE_SETTINGS_FIELDS,
  ruleSettingsFormDefaults,
  toOrderRuleSettingsUpdate,
  validateRuleSettingsForm,
  type RuleSettingsFormValues,
} from '../order-rule-settings-form';
import { SIGNATURE_WORDS } from '../order-rule-words';
import { STALE_MESSAGE } from './order-event-dialog';
import { OrderRuleSettingField } from './order-rule-setting-field';

interface OrderRuleSettingsDialogProps {
  order: Order;
  onClose(): void;
}

const RULES_HINT = 'The shipping rules decide this.';

/**
 * Sets an order's insurance, signature, hold and box by hand, so that shipping rules leave them alone, or hands them
 * back to the rules (they are cleared and the rules run again). A stale version keeps the dialog open on the reloaded
 * order; an order that is no longer open cannot change, so that refusal closes it.
 */
export function OrderRuleSettingsDialog({ order, onClose }: OrderRuleSettingsDialogProps) {
  const [updateSettings] = useUpdateOrderRuleSettingsMutation();
  const boxes = useListBoxSizesQuery();
  // One key for the dialog: a double submit or a retry after a lost answer changes the order once.
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<RuleSettingsFormValues>({
    defaultValues: ruleSettingsFormDefaults(order),
    resolver: messagesResolver((values) => validateRuleSettingsForm(values, order.currency)),
  });
  const boxId = order.ruleSettings.boxSizeId;
  const boxOptions = boxes.data ?? [];
  const unlistedBox = boxId !== null && !boxOptions.some((box) => box.id === boxId);

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    const body = toOrderRuleSettingsUpdate(values, order);
    if (!body) {
      onClose();
      return;
    }
    try {
      await updateSettings({ orderId: order.id, body, idempotencyKey }).unwrap();
      toast.success(`Shipping settings of order ${order.orderNumber} saved.`);
      onClose();
    } catch (failure) {
      const conflict = isApiError(failure) && failure.status === 409;
      if (conflict && apiErrorReason(failure) === 'stale_version') {
        setFormError(`${STALE_MESSAGE}. Check the order, then save again.`);
      } else if (conflict) {
        toast.error(apiErrorMessage(failure, 'The shipping settings of this order can no longer change.'));
        onClose();
      } else {
        const fallback = 'Could not save the shipping settings.';
        setFormError(applyServerErrors(failure, RULE_SETTINGS_FIELDS, form.setError, fallback));
      }
    }
  });

  return (
    <FormDialog
      open
      title={`Shipping settings of order ${order.orderNumber}`}
      message="A value set by hand stays when the shipping rules run again. “Rules decide” hands it back: it is cleared and the rules run again on this order."
      onCancel={onClose}
      onSubmit={() => void submit()}
      submitLabel="Save"
      busy={form.formState.isSubmitting}
      error={formError}
      maxWidth="sm"
    >
      <OrderRuleSettingField form={form} target="insuredValue" legend="Insurance">
        {(byHand) => (
          <TextField
            {...fieldProps(form, 'insuredValue', byHand ? 'Leave empty for no insurance.' : RULES_HINT)}
            label={`Insured value (${order.currency})`}
            disabled={!byHand}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
        )}
      </OrderRuleSettingField>
      <OrderRuleSettingField form={form} target="signature" legend="Signature">
        {(byHand) => (
          <Controller
            control={form.control}
            name="signature"
            render={(control) => (
              <TextField
                select
                label="Signature"
                slotProps={EMPTY_OPTION_SELECT_SLOTS}
                disabled={!byHand}
                value={control.field.value}
                onChange={(event) => control.field.onChange(event.target.value)}
                {...controlledFieldProps(control, byHand ? undefined : RULES_HINT)}
              >
                <MenuItem value="">No signature</MenuItem>
                {SIGNATURE_KINDS.map((kind) => (
                  <MenuItem key={kind} value={kind}>
                    {SIGNATURE_WORDS[kind]}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        )}
      </OrderRuleSettingField>
      <OrderRuleSettingField form={form} target="holdUntil" legend="Hold">
        {(byHand) => (
          <TextField
            {...fieldProps(
              form,
              'holdUntil',
              byHand ? 'The day the order may ship. Leave empty for no hold.' : RULES_HINT,
            )}
            type="date"
            label="Hold until"
            disabled={!byHand}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        )}
      </OrderRuleSettingField>
      <OrderRuleSettingField form={form} target="boxSize" legend="Box">
        {(byHand) => (
          <Controller
            control={form.control}
            name="boxSizeId"
            render={(control) => (
              <TextField
                select
                label="Box"
                slotProps={EMPTY_OPTION_SELECT_SLOTS}
                disabled={!byHand}
                value={control.field.value}
                onChange={(event) => control.field.onChange(event.target.value)}
                {...controlledFieldProps(
                  control,
                  boxes.isError ? 'Could not load the box sizes.' : byHand ? undefined : RULES_HINT,
                )}
              >
                <MenuItem value="">No box</MenuItem>
                {boxOptions.map((box) => (
                  <MenuItem key={box.id} value={box.id}>
                    {box.name}
                  </MenuItem>
                ))}
                {unlistedBox ? (
                  <MenuItem value={boxId}>{boxes.isLoading ? 'Loading…' : `Box ${boxId}`}</MenuItem>
                ) : null}
              </TextField>
            )}
          />
        )}
      </OrderRuleSettingField>
    </FormDialog>
  );
}
