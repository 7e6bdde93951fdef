import { useState } from 'react';
import { toast } from '@/lib/toast/toast';
import Alert from '@mui/material/Alert';
import TextField from '@mui/material/TextField';
import type { ReturnLabel } from '@shipdesk/contract';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormDialog } from '@/components/form-dialog';
import { apiErrorMessage, apiFieldErrors } from '@/lib/errors';
import { EMAIL_PATTERN } from '@/lib/validation';
import { useEmailReturnLabelMutation, useVoidReturnLabelMutation } from './returns-api';

/** What voiding means for the money: nothing charged yet, nothing paid, or a refund from the carrier. */
function voidMoneyWords(label: ReturnLabel): string {
  if (label.payOnUse) return 'It was not charged, so there is nothing to refund.';
  if (label.amount === 0) return 'Nothing was paid for it.';
  return 'The carrier refunds what it cost.';
}

interface ChangeDialogProps {
  label: ReturnLabel;
  onClose(): void;
}

/**
 * Voiding a return label: the carrier is asked; a pay-on-use return simply cannot be used any more, one paid for is
 * refunded (or the refund requested). The carrier's refusal is shown in its words and the return stays.
 */
export function ReturnVoidDialog({ label, onClose }: ChangeDialogProps) {
  const [voidLabel, voiding] = useVoidReturnLabelMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const confirm = async () => {
    setFailure(null);
    try {
      const voided = await voidLabel({ orderId: label.orderId, id: label.id }).unwrap();
      toast.success(
        voided.status === 'refund_requested'
          ? `Return ${voided.rma} voided; the refund was requested from the carrier.`
          : `Return ${voided.rma} voided.`,
      );
      onClose();
    } catch (error) {
      setFailure(apiErrorMessage(error, 'The carrier did not void the return label.'));
    }
  };
  return (
    <ConfirmDialog
      open
      title={`Void return ${label.rma}?`}
      confirmLabel="Void return label"
      busy={voiding.isLoading}
      onCancel={onClose}
      onConfirm={() => void confirm()}
      message={
        <>
          {failure ? (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {failure}
            </Alert>
          ) : null}
          The label with tracking number {label.trackingNumber} can no longer be used by the buyer.{' '}
          {voidMoneyWords(label)}
        </>
      }
    />
  );
}

/** Sending the return label by e-mail again, to the address it went to or another one. */
export function ReturnEmailDialog({ label, onClose }: ChangeDialogProps) {
  const [email, setEmail] = useState(label.email.to ?? '');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [send, sending] = useEmailReturnLabelMutation();
  const submit = async () => {
    const to = email.trim();
    if (!EMAIL_PATTERN.test(to)) {
      setError(to ? 'Enter a valid e-mail address' : 'Enter where to send it');
      return;
    }
    setFailure(null);
    try {
      await send({ orderId: label.orderId, id: label.id, email: to }).unwrap();
      toast.info(`Sending return ${label.rma} to ${to}.`);
      onClose();
    } catch (failed) {
      const field = apiFieldErrors(failed).email;
      if (field) setError(field);
      else setFailure(apiErrorMessage(failed, 'The e-mail could not be queued.'));
    }
  };
  return (
    <FormDialog
      open
      title={`E-mail return ${label.rma}`}
      message="The buyer gets the label as an attachment, with the RMA and how to send the parcel back."
      submitLabel="Send e-mail"
      busy={sending.isLoading}
      error={failure}
      onCancel={onClose}
      onSubmit={() => void submit()}
    >
      <TextField
        label="E-mail address"
        type="email"
        value={email}
        autoFocus
        onChange={(change) => {
          setEmail(change.target.value);
          setError(null);
        }}
        error={Boolean(error)}
        helperText={error ?? ' '}
        fullWidth
      />
    </FormDialog>
  );
}
