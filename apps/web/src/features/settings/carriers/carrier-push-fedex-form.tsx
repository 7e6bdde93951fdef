import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { CarrierPushSetup } from '@shipdesk/contract';
import { apiErrorReason, apiFieldErrors } from '@/lib/errors';
import { fieldProps } from '@/lib/forms/field-props';

interface FedexPushValues {
  secret: string;
  signatureHeader: string;
}

const HEADER_PATTERN = /^[A-Za-z0-9-]{1,64}$/;

/** The contract's limits (CarrierPushSetupSchema), with messages that name the field. */
const resolver: Resolver<FedexPushValues> = (values) => {
  const errors: FieldErrors<FedexPushValues> = {};
  const secret = values.secret.trim();
  const header = values.signatureHeader.trim();
  if (!secret) errors.secret = { type: 'required', message: 'Security token is required' };
  else if (secret.length < 16 || secret.length > 200) {
    errors.secret = { type: 'length', message: 'Security token must be 16 to 200 characters' };
  }
  if (header && !HEADER_PATTERN.test(header)) {
    errors.signatureHeader = {
      type: 'pattern',
      message: 'Signature header may hold only letters, digits and dashes (up to 64)',
    };
  }
  return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
};

interface CarrierPushFedexFormProps {
  submitLabel: string;
  /** Sends the setup; a refusal is thrown (the base query's ApiError) and shown on its field or above. */
  onSubmit(body: CarrierPushSetup): Promise<unknown>;
  /** A refusal that belongs to no field. */
  onFailure(error: unknown): void;
  onCancel?: () => void;
}

/**
 * FedEx's pushes (Advanced Integrated Visibility): the security token FedEx shows when the webhook project is made,
 * and the header its signature comes in when it is not the default one.
 */
export function CarrierPushFedexForm({ submitLabel, onSubmit, onFailure, onCancel }: CarrierPushFedexFormProps) {
  const form = useForm<FedexPushValues>({ resolver, defaultValues: { secret: '', signatureHeader: '' } });
  const { isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    const header = values.signatureHeader.trim();
    try {
      await onSubmit({ secret: values.secret.trim(), ...(header ? { signatureHeader: header } : {}) });
    } catch (error) {
      const fields = apiFieldErrors(error);
      const onFields = (['secret', 'signatureHeader'] as const).filter((name) => fields[name]);
      onFields.forEach((name, index) =>
        form.setError(name, { type: 'server', message: fields[name] }, { shouldFocus: index === 0 }),
      );
      if (apiErrorReason(error) === 'secret_required') {
        form.setError('secret', { type: 'server', message: 'Security token is required' }, { shouldFocus: true });
      } else if (onFields.length === 0) {
        onFailure(error);
      }
    }
  });

  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)} aria-label="FedEx security token">
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField
          {...fieldProps(
            form,
            'secret',
            'The security token FedEx shows when you create the webhook project in its developer portal.',
          )}
          label="Security token"
          type="password"
          autoComplete="off"
          required
          fullWidth
          size="small"
        />
        <TextField
          {...fieldProps(form, 'signatureHeader', 'Leave empty for x-fedex-signature.')}
          label="Signature header (optional)"
          autoComplete="off"
          fullWidth
          size="small"
          slotProps={{ htmlInput: { spellCheck: false } }}
        />
        <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
          {onCancel ? (
            <Button onClick={onCancel} disabled={isSubmitting}>
              Cancel
            </Button>
          ) : null}
          <Button
            type="submit"
            variant="contained"
            disabled={isSubmitting}
            startIcon={isSubmitting ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
          >
            {submitLabel}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
