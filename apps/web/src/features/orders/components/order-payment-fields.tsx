import type { UseFormReturn } from 'react-hook-form';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { balanceDue, type Order } from '@shipdesk/contract';
import { formatMoney } from '@/lib/format';
import { fieldErrorProps, fieldProps } from '@/lib/forms/field-props';
import type { EventForm } from '../order-event-form';
import { PAYMENT_METHODS } from '../order-events';

/** processPayment's fields: the amount (the balance due as its hint) and how it was paid. */
export function OrderPaymentFields({
  form,
  order,
  locale,
}: {
  form: UseFormReturn<EventForm>;
  order: Order;
  locale: string;
}) {
  const balance = balanceDue(order.total, order.paidTotal);
  return (
    <>
      <TextField
        {...fieldProps(
          form,
          'amount',
          balance > 0 ? `Balance due ${formatMoney(balance, order.currency, locale)}` : undefined,
        )}
        label={`Amount (${order.currency})`}
        required
        autoFocus
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
      />
      <TextField
        select
        label="Method"
        value={form.watch('method')}
        onChange={(e) => form.setValue('method', e.target.value)}
        {...fieldErrorProps(form.formState.errors.method)}
      >
        {PAYMENT_METHODS.map((method) => (
          <MenuItem key={method.value} value={method.value}>
            {method.label}
          </MenuItem>
        ))}
      </TextField>
    </>
  );
}
