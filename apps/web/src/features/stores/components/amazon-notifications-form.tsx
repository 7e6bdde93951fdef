import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { AmazonNotificationsSetup, AmazonNotificationsState } from '@shipdesk/contract';
import { apiFieldErrors } from '@/lib/errors';
import { fieldProps } from '@/lib/forms/field-props';

type Values = Required<AmazonNotificationsSetup>;
const FIELDS = ['queueUrl', 'region', 'awsAccessKeyId', 'awsSecretAccessKey', 'sellerId'] as const;

/** What the server checks too (amazon-push-rules.ts), said before sending; the server's words win on the fields. */
const resolver: Resolver<Values> = (values) => {
  const errors: FieldErrors<Values> = {};
  const required = (name: (typeof FIELDS)[number], label: string) => {
    if (!values[name].trim()) errors[name] = { type: 'required', message: `${label} is required` };
  };
  required('queueUrl', 'Queue URL');
  required('awsAccessKeyId', 'Access key id');
  required('awsSecretAccessKey', 'Secret access key');
  required('sellerId', 'Merchant token');
  const url = values.queueUrl.trim();
  if (url && !/^https?:\/\/[^/]+\/\d{12}\/[^/]+$/.test(url)) {
    errors.queueUrl = {
      type: 'pattern',
      message: 'Queue URL must look like https://sqs.us-east-1.amazonaws.com/123456789012/my-queue',
    };
  }
  return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
};

interface AmazonNotificationsFormProps {
  state: AmazonNotificationsState | undefined;
  submitLabel: string;
  /** Sends the setup; a refusal is thrown (the base query's ApiError) and shown on its field or above. */
  onSubmit(body: AmazonNotificationsSetup): Promise<unknown>;
  /** A refusal that belongs to no field. */
  onFailure(error: unknown): void;
}

/** The seller's queue, its region, the AWS keys that may read it (the secret write-only) and the merchant token. */
export function AmazonNotificationsForm({ state, submitLabel, onSubmit, onFailure }: AmazonNotificationsFormProps) {
  const form = useForm<Values>({
    resolver,
    defaultValues: {
      queueUrl: state?.queueUrl ?? '',
      region: state?.region ?? '',
      awsAccessKeyId: '',
      awsSecretAccessKey: '',
      sellerId: state?.sellerId ?? '',
    },
  });
  const { isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    const region = values.region.trim();
    try {
      await onSubmit({
        queueUrl: values.queueUrl.trim(),
        ...(region ? { region } : {}),
        awsAccessKeyId: values.awsAccessKeyId.trim(),
        awsSecretAccessKey: values.awsSecretAccessKey,
        sellerId: values.sellerId.trim(),
      });
      form.resetField('awsSecretAccessKey');
    } catch (error) {
      const fields = apiFieldErrors(error);
      const onFields = FIELDS.filter((name) => fields[name]);
      onFields.forEach((name, index) =>
        form.setError(name, { type: 'server', message: fields[name] }, { shouldFocus: index === 0 }),
      );
      if (onFields.length === 0) onFailure(error);
    }
  });

  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)} aria-label="Amazon notifications queue">
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField
          {...fieldProps(form, 'queueUrl', 'From the queue’s details in the AWS console.')}
          label="SQS queue URL"
          required
          fullWidth
          size="small"
          autoComplete="off"
          slotProps={{ htmlInput: { spellCheck: false } }}
        />
        <TextField
          {...fieldProps(form, 'region', 'Leave empty to use the region in the queue URL.')}
          label="Region (optional)"
          fullWidth
          size="small"
          autoComplete="off"
        />
        <TextField
          {...fieldProps(
            form,
            'awsAccessKeyId',
            state?.awsAccessKeyId
              ? `Now ${state.awsAccessKeyId}.`
              : 'Of an IAM user that may receive and delete messages.',
          )}
          label="AWS access key id"
          required
          fullWidth
          size="small"
          autoComplete="off"
        />
        <TextField
          {...fieldProps(form, 'awsSecretAccessKey', 'Kept encrypted; never shown again.')}
          label="AWS secret access key"
          type="password"
          required
          fullWidth
          size="small"
          autoComplete="new-password"
        />
        <TextField
          {...fieldProps(form, 'sellerId', 'Seller Central > Settings > Account Info > Merchant Token.')}
          label="Merchant token (seller id)"
          required
          fullWidth
          size="small"
          autoComplete="off"
        />
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
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
