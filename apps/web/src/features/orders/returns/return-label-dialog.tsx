import { useEffect, useRef, useState } from 'react';
import { toast } from '@/lib/toast/toast';
import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import type { ReturnLabel, ReturnLabelDefaults } from '@shipdesk/contract';
import { FormDialog } from '@/components/form-dialog';
import { QueryError } from '@/components/query-error';
import { newIdempotencyKey } from '@/lib/api/idempotency';
import { apiErrorMessage, apiErrorReason, apiFieldErrors, isApiError } from '@/lib/errors';
import { useUnits } from '@/lib/units/use-units';
import { ReturnAddresses } from './return-addresses';
import { ReturnLabelFields } from './return-label-fields';
import {
  returnFormFrom,
  returnLabelBody,
  returnServerErrors,
  type ReturnForm,
  type ReturnFormErrors,
} from './return-label-form';
import { rmaWords } from './return-words';
import { useCreateReturnLabelMutation, useGetReturnLabelDefaultsQuery } from './returns-api';

interface ReturnLabelDialogProps {
  orderId: string;
  orderNumber: string;
  /** Made when the dialog opened: a double click, or a retry after a lost answer, makes one return. */
  idempotencyKey: string;
  onClose(): void;
  onDone(label: ReturnLabel): void;
}

/** One Idempotency-Key per body sent: the same form sent again is the same return; a changed one is another. */
function useKeyPerBody(first: string) {
  const keys = useRef(new Map<string, string>());
  return (body: unknown) => {
    const text = JSON.stringify(body);
    let key = keys.current.get(text);
    if (!key) {
      key = keys.current.size === 0 ? first : newIdempotencyKey();
      keys.current.set(text, key);
    }
    return key;
  };
}

function DialogSkeleton() {
  return (
    <Stack spacing={2} aria-busy="true" aria-label="Loading the return label form">
      <Skeleton variant="rounded" height={96} />
      <Skeleton variant="rounded" height={56} />
      <Skeleton variant="rounded" height={56} />
      <Skeleton variant="rounded" height={88} />
    </Stack>
  );
}

/**
 * Making a return label for one order: the server proposes the form (service, parcel, RMA, format; whom to e-mail),
 * the seller may change it; the addresses are shown as they will be printed. Field errors of the server show under
 * their fields, other refusals (the carrier's words, a 409) above them. The button is off while it is sent, and the
 * same form is one return however often it is sent.
 */
export function ReturnLabelDialog({ orderId, orderNumber, idempotencyKey, onClose, onDone }: ReturnLabelDialogProps) {
  const defaultsQuery = useGetReturnLabelDefaultsQuery(orderId, { refetchOnMountOrArgChange: true });
  const defaults = defaultsQuery.data;
  const { system, ready } = useUnits();
  const [form, setForm] = useState<ReturnForm | null>(null);
  const [errors, setErrors] = useState<ReturnFormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [create, creating] = useCreateReturnLabelMutation();
  const keyFor = useKeyPerBody(idempotencyKey);

  // The form starts from the first answer; a later one (after a 409) only brings the order's new version.
  useEffect(() => {
    if (defaults && !form) setForm(returnFormFrom(defaults));
  }, [defaults, form]);

  const change = (next: Partial<ReturnForm>) => {
    setForm((current) => (current ? { ...current, ...next } : current));
    setErrors((current) => {
      const rest = { ...current };
      for (const field of Object.keys(next)) delete rest[field as keyof ReturnFormErrors];
      if ('emailBuyer' in next) delete rest.email;
      return rest;
    });
  };

  const submit = async (current: ReturnForm, latest: ReturnLabelDefaults) => {
    const read = returnLabelBody(current, latest, system);
    if (read.errors) {
      setErrors(read.errors);
      return;
    }
    setFailure(null);
    try {
      const label = await create({ orderId, body: read.body, idempotencyKey: keyFor(read.body) }).unwrap();
      toast.success(`Return label made: ${rmaWords(label.rma)}, tracking ${label.trackingNumber}.`);
      onDone(label);
    } catch (error) {
      const { fields, other } = returnServerErrors(apiFieldErrors(error));
      if (isApiError(error) && error.status === 400 && Object.keys(fields).length > 0) {
        setErrors(fields);
        setFailure(other.length > 0 ? other.join(' ') : null);
        return;
      }
      if (apiErrorReason(error) === 'stale_version') {
        setFailure('This order changed meanwhile and was reloaded. Check the form and make the label again.');
        return;
      }
      setFailure(apiErrorMessage(error, 'The return label could not be made.'));
    }
  };

  const refusal = defaults?.refusal ?? null;
  const ok = defaults && form && ready && !refusal;
  return (
    <FormDialog
      open
      title={`Return label — order ${orderNumber}`}
      submitLabel="Make return label"
      busy={creating.isLoading}
      submitDisabled={!ok}
      error={failure}
      onCancel={onClose}
      onSubmit={() => {
        if (ok) void submit(form, defaults);
      }}
      maxWidth="sm"
    >
      {defaultsQuery.isError && !defaults ? (
        <QueryError
          error={defaultsQuery.error}
          fallback="Could not load the return label form."
          refetch={defaultsQuery.refetch}
          isFetching={defaultsQuery.isFetching}
        />
      ) : !defaults || !form ? (
        <DialogSkeleton />
      ) : refusal ? (
        <>
          <Alert severity="info">{refusal.message}</Alert>
          {defaults.to || defaults.from ? <ReturnAddresses defaults={defaults} /> : null}
        </>
      ) : (
        <>
          <ReturnLabelFields
            defaults={defaults}
            form={form}
            errors={errors}
            disabled={creating.isLoading || !ready}
            onChange={change}
          />
          <ReturnAddresses defaults={defaults} />
        </>
      )}
    </FormDialog>
  );
}
