import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '@/lib/toast/toast';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { FsmFlow, Order, OrderFlowResult } from '@shipdesk/contract';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormDialog } from '@/components/form-dialog';
import { apiErrorReason, isApiError } from '@/lib/errors';
import { applyServerErrors } from '@/lib/validation';
import { fieldProps } from '@/lib/forms/field-props';
import { useRunOrderFlowMutation, type FlowEvent } from '../api/orders-api';
import { EVENT_FORM_FIELDS, eventBody, eventFormDefaults, nextAfterPayment, type EventForm } from '../order-event-form';
import { describeChanges, EVENT_UI, stateOf } from '../order-events';
import { OrderPaymentFields } from './order-payment-fields';

export const STALE_MESSAGE = 'This order changed — reloaded';

interface OrderEventDialogProps {
  order: Order;
  event: FlowEvent;
  flow: FsmFlow;
  /** Generated when the dialog opened: a double click, or a retry after a lost answer, runs the event once. */
  idempotencyKey: string;
  locale: string;
  onClose(): void;
  onDone(result: OrderFlowResult): void;
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
  const form = useForm<EventForm>({ defaultValues: eventFormDefaults(flow, order) });
  const values = form.watch();
  const next = ui.form === 'payment' ? nextAfterPayment(flow.next, values, order) : flow.next;
  const changes = describeChanges(stateOf(order), next);
  // The server's refusal was about what was sent: a change of the form puts it away.
  useEffect(() => setError(null), [values.amount, values.method, values.reason]);

  const run = async (values: EventForm) => {
    const read = eventBody(ui.form, values, order);
    if (!read.ok) {
      form.setError(read.field, { message: read.message }, { shouldFocus: true });
      return;
    }
    const { body } = read;
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
        [...EVENT_FORM_FIELDS],
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
        <OrderPaymentFields form={form} order={order} locale={locale} />
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
