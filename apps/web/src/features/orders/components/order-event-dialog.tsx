import { useState } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { toast } from 'react-toastify';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { FsmFlow, Order, OrderFlowBody, OrderFlowResult } from '@shipdesk/contract';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormDialog } from '@/components/form-dialog';
import { apiErrorReason, isApiError } from '@/lib/errors';
import { formatMoney } from '@/lib/format';
import { applyServerErrors } from '@/lib/validation';
import { useRunOrderFlowMutation, type ViewEvent } from '../api/orders-api';
import { minorToDecimal, parseMoney } from '../money';
import { describeChanges, EVENT_UI, PAYMENT_METHODS, stateOf } from '../order-events';
import { fieldProps } from './field-props';

interface EventForm {
  amount: string;
  method: string;
  reason: string;
}

export const STALE_MESSAGE = 'This order changed — reloaded';

export interface OrderEventDialogProps {
  order: Order;
  event: ViewEvent;
  flow: FsmFlow;
  /** Generated when the dialog opened: a double click, or a retry after a lost answer, runs the event once. */
  idempotencyKey: string;
  locale: string;
  onClose(): void;
  onDone(result: OrderFlowResult): void;
}

function defaultsFor(flow: FsmFlow, order: Order): EventForm {
  const amount = flow.defaults.amount;
  const method = flow.defaults.method;
  return {
    amount:
      typeof amount === 'number' && Number.isInteger(amount) && amount > 0
        ? minorToDecimal(amount, order.currency)
        : '',
    method: typeof method === 'string' && method ? method : 'card',
    reason: typeof flow.defaults.reason === 'string' ? flow.defaults.reason : '',
  };
}

/**
 * Runs one lifecycle event (POST orderFlow with the order's version): a confirmation, or a small form for the
 * events that need input (payment amount and method; a reason to cancel or reship). A 409 stale_version means
 * someone else changed the order first: the order is reloaded and the person decides again.
 */
export function OrderEventDialog({
  order,
  event,
  flow,
  idempotencyKey,
  locale,
  onClose,
  onDone,
}: OrderEventDialogProps) {
  const ui = EVENT_UI[event];
  const [runOrderFlow] = useRunOrderFlowMutation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<EventForm>({ defaultValues: defaultsFor(flow, order) });
  const changes = describeChanges(stateOf(order), flow.next);
  const balance = order.total - order.paidTotal;

  const run = async (values: EventForm) => {
    const body: OrderFlowBody = { version: order.version };
    if (ui.form === 'payment') {
      const parsed = parseMoney(values.amount, order.currency);
      if (!parsed.ok || parsed.minor <= 0) {
        form.setError(
          'amount',
          { message: parsed.ok ? 'Enter an amount above zero' : parsed.message },
          { shouldFocus: true },
        );
        return;
      }
      body.amount = parsed.minor;
      body.method = values.method;
    }
    if (ui.form === 'reason') {
      const reason = values.reason.trim();
      if (!reason) {
        form.setError('reason', { message: 'Give a reason' }, { shouldFocus: true });
        return;
      }
      if (reason.length > 500) {
        form.setError('reason', { message: 'At most 500 characters' }, { shouldFocus: true });
        return;
      }
      body.reason = reason;
    }
    setBusy(true);
    setError(null);
    try {
      const result = await runOrderFlow({ orderId: order.id, event, body, idempotencyKey }).unwrap();
      toast.success(ui.success);
      onDone(result);
    } catch (failure) {
      if (isApiError(failure) && failure.status === 409 && apiErrorReason(failure) === 'stale_version') {
        // The mutation's tags refetch the order and its allowed events; this dialog was about the old one.
        toast.info(STALE_MESSAGE);
        onClose();
        return;
      }
      const rest = applyServerErrors(
        failure,
        ['amount', 'method', 'reason'] as Path<EventForm>[],
        form.setError,
        `Could not ${ui.label.toLowerCase()}.`,
      );
      setError(rest);
    } finally {
      setBusy(false);
    }
  };

  const message = (
    <>
      <Typography component="span" sx={{ display: 'block' }}>
        {ui.explain}
      </Typography>
      {changes.length > 0 ? (
        <Typography component="span" variant="body2" sx={{ display: 'block', mt: 1 }}>
          {changes.join(' · ')}
        </Typography>
      ) : null}
    </>
  );

  if (!ui.form) {
    return (
      <ConfirmDialog
        open
        title={`${ui.title} ${order.orderNumber}?`}
        message={
          <>
            {message}
            {error ? (
              <Typography component="span" role="alert" color="error" sx={{ display: 'block', mt: 1 }}>
                {error}
              </Typography>
            ) : null}
          </>
        }
        confirmLabel={ui.label}
        busy={busy}
        onCancel={onClose}
        onConfirm={() => void run(form.getValues())}
      />
    );
  }

  return (
    <FormDialog
      open
      title={`${ui.title} — ${order.orderNumber}`}
      message={message}
      submitLabel={ui.form === 'payment' ? 'Record payment' : ui.label}
      busy={busy}
      error={error}
      onCancel={onClose}
      onSubmit={() => void form.handleSubmit(run)()}
    >
      {ui.form === 'payment' ? (
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
            error={Boolean(form.formState.errors.method)}
            helperText={form.formState.errors.method?.message}
          >
            {PAYMENT_METHODS.map((method) => (
              <MenuItem key={method.value} value={method.value}>
                {method.label}
              </MenuItem>
            ))}
          </TextField>
        </>
      ) : (
        <TextField
          {...fieldProps(form, 'reason')}
          label="Reason"
          required
          autoFocus
          multiline
          minRows={2}
          slotProps={{ htmlInput: { maxLength: 500 } }}
        />
      )}
    </FormDialog>
  );
}
