import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useForm } from 'react-hook-form';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { hrefs } from '@/config/paths';
import { PublicPage } from '@/components/public-page';
import { isApiError, apiFieldErrors } from '@/lib/errors/api-error';
import { fieldProps } from '@/lib/forms/field-props';
import { applyServerErrors, validatorResolver } from '@/lib/validation';
import { completeRegistration, startRegistration, verifyRegistration } from './registration-api';
import {
  DETAILS_FIELDS,
  detailsRules,
  emailRules,
  otpRules,
  type DetailsForm,
  type EmailForm,
  type OtpForm,
} from './registration-rules';

type StepId = 'email' | 'otp' | 'details' | 'done';
const STEPS: { id: StepId; label: string }[] = [
  { id: 'email', label: 'E-mail' },
  { id: 'otp', label: 'Verify' },
  { id: 'details', label: 'Your details' },
];
const RESEND_COOLDOWN_SECONDS = 30;

/**
 * /register (spec 2.1): e-mail -> one-time password -> name, company and password, against the
 * SSO's registration API. The account is created by the SSO; signing in afterwards provisions the
 * tenant in the product.
 */
export function RegisterPage() {
  const [step, setStep] = useState<StepId>('email');
  const [email, setEmail] = useState('');
  const [registrationToken, setRegistrationToken] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const activeStep = step === 'done' ? STEPS.length : STEPS.findIndex((s) => s.id === step);

  return (
    <PublicPage>
      {step === 'done' ? (
        <DoneStep email={email} />
      ) : (
        <>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 600, textAlign: 'center' }}>
            Create your Shipdesk account
          </Typography>
          <Stepper activeStep={activeStep} alternativeLabel sx={{ my: 3 }} aria-label="Registration steps">
            {STEPS.map((s) => (
              <Step key={s.id}>
                <StepLabel>{s.label}</StepLabel>
              </Step>
            ))}
          </Stepper>
          {notice ? (
            <Alert severity="warning" sx={{ mb: 2 }} onClose={() => setNotice(null)}>
              {notice}
            </Alert>
          ) : null}
          {step === 'email' ? (
            <EmailStep
              defaultEmail={email}
              onSent={(sentTo) => {
                setEmail(sentTo);
                setNotice(null);
                setStep('otp');
              }}
            />
          ) : null}
          {step === 'otp' ? (
            <OtpStep
              email={email}
              onVerified={(token) => {
                setRegistrationToken(token);
                setNotice(null);
                setStep('details');
              }}
              onChangeEmail={() => setStep('email')}
            />
          ) : null}
          {step === 'details' ? (
            <DetailsStep
              registrationToken={registrationToken}
              onDone={() => setStep('done')}
              onExpired={() => {
                setRegistrationToken('');
                setNotice('Your verification has expired. Request a new code to continue.');
                setStep('otp');
              }}
            />
          ) : null}
          <Typography variant="body2" color="text.secondary" sx={{ mt: 3, textAlign: 'center' }}>
            Already have an account?{' '}
            <Link component={RouterLink} to={hrefs.orders()}>
              Sign in
            </Link>
          </Typography>
        </>
      )}
    </PublicPage>
  );
}

function FormAlert({ message }: { message: string | null }) {
  return message ? (
    <Alert severity="error" sx={{ mb: 2 }}>
      {message}
    </Alert>
  ) : null;
}

function EmailStep({ defaultEmail, onSent }: { defaultEmail: string; onSent(email: string): void }) {
  const form = useForm<EmailForm>({ resolver: validatorResolver(emailRules), defaultValues: { email: defaultEmail } });
  const [formError, setFormError] = useState<string | null>(null);
  const submit = form.handleSubmit(async ({ email }) => {
    setFormError(null);
    const normalised = email.trim();
    try {
      await startRegistration(normalised);
      onSent(normalised);
    } catch (error) {
      setFormError(applyServerErrors(error, ['email'], form.setError, 'Could not send the code. Please try again.'));
    }
  });
  const busy = form.formState.isSubmitting;
  return (
    <Box component="form" noValidate onSubmit={submit}>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Enter your work e-mail. We will send you a 6-digit code to confirm it.
      </Typography>
      <FormAlert message={formError} />
      <TextField
        {...fieldProps(form, 'email')}
        label="E-mail"
        type="email"
        autoComplete="email"
        required
        fullWidth
        autoFocus
      />
      <Button type="submit" variant="contained" size="large" fullWidth disabled={busy} sx={{ mt: 3 }}>
        {busy ? 'Sending code…' : 'Send code'}
      </Button>
    </Box>
  );
}

function OtpStep({
  email,
  onVerified,
  onChangeEmail,
}: {
  email: string;
  onVerified(token: string): void;
  onChangeEmail(): void;
}) {
  const form = useForm<OtpForm>({ resolver: validatorResolver(otpRules), defaultValues: { otp: '' } });
  const [formError, setFormError] = useState<string | null>(null);
  const [resendStatus, setResendStatus] = useState<string | null>(null);
  const [resending, setResending] = useState(false);
  const [cooldown, setCooldown] = useState(RESEND_COOLDOWN_SECONDS);

  useEffect(() => {
    if (cooldown <= 0) return;
    const timer = setTimeout(() => setCooldown((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [cooldown]);

  const submit = form.handleSubmit(async ({ otp }) => {
    setFormError(null);
    try {
      onVerified(await verifyRegistration(email, otp.trim()));
    } catch (error) {
      setFormError(applyServerErrors(error, ['otp'], form.setError, 'Could not verify the code. Please try again.'));
    }
  });

  const resend = async () => {
    setFormError(null);
    setResendStatus(null);
    setResending(true);
    try {
      await startRegistration(email);
      form.reset({ otp: '' });
      setResendStatus(`A new code is on its way to ${email}.`);
      setCooldown(RESEND_COOLDOWN_SECONDS);
    } catch (error) {
      setFormError(applyServerErrors(error, [], form.setError, 'Could not send a new code. Please try again.'));
    } finally {
      setResending(false);
    }
  };

  const busy = form.formState.isSubmitting;
  return (
    <Box component="form" noValidate onSubmit={submit}>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        We sent a 6-digit code to <strong>{email}</strong>. Enter it below; check your spam folder if it does not
        arrive.
      </Typography>
      <FormAlert message={formError} />
      <Box role="status" aria-live="polite">
        {resendStatus ? (
          <Alert severity="info" sx={{ mb: 2 }}>
            {resendStatus}
          </Alert>
        ) : null}
      </Box>
      <TextField
        {...fieldProps(form, 'otp')}
        label="Verification code"
        autoComplete="one-time-code"
        required
        fullWidth
        autoFocus
        slotProps={{
          htmlInput: {
            inputMode: 'numeric',
            maxLength: 6,
            style: { letterSpacing: '0.4em', fontVariantNumeric: 'tabular-nums' },
          },
        }}
      />
      <Button type="submit" variant="contained" size="large" fullWidth disabled={busy} sx={{ mt: 3 }}>
        {busy ? 'Verifying…' : 'Verify'}
      </Button>
      <Stack direction="row" sx={{ mt: 1.5, justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onChangeEmail} disabled={busy || resending}>
          Use a different e-mail
        </Button>
        <Button onClick={resend} disabled={busy || resending || cooldown > 0}>
          {cooldown > 0 ? `Resend code (${cooldown}s)` : resending ? 'Sending…' : 'Resend code'}
        </Button>
      </Stack>
    </Box>
  );
}

function DetailsStep({
  registrationToken,
  onDone,
  onExpired,
}: {
  registrationToken: string;
  onDone(): void;
  onExpired(): void;
}) {
  const form = useForm<DetailsForm>({
    resolver: validatorResolver(detailsRules),
    defaultValues: { name: '', companyName: '', password: '', confirmPassword: '' },
  });
  const [formError, setFormError] = useState<string | null>(null);
  const submit = form.handleSubmit(async ({ name, companyName, password }) => {
    setFormError(null);
    try {
      await completeRegistration({ registrationToken, name: name.trim(), companyName: companyName.trim(), password });
      onDone();
    } catch (error) {
      if (isRegistrationExpired(error)) {
        onExpired();
        return;
      }
      setFormError(
        applyServerErrors(error, DETAILS_FIELDS, form.setError, 'Could not create the account. Please try again.'),
      );
    }
  });
  const busy = form.formState.isSubmitting;
  return (
    <Box component="form" noValidate onSubmit={submit}>
      <FormAlert message={formError} />
      <Stack spacing={2.5}>
        <TextField {...fieldProps(form, 'name')} label="Your name" autoComplete="name" required fullWidth autoFocus />
        <TextField
          {...fieldProps(form, 'companyName', 'Must not be registered already.')}
          label="Company name"
          autoComplete="organization"
          required
          fullWidth
        />
        <TextField
          {...fieldProps(form, 'password', 'At least 10 characters.')}
          label="Password"
          type="password"
          autoComplete="new-password"
          required
          fullWidth
        />
        <TextField
          {...fieldProps(form, 'confirmPassword')}
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          required
          fullWidth
        />
      </Stack>
      <Button type="submit" variant="contained" size="large" fullWidth disabled={busy} sx={{ mt: 3 }}>
        {busy ? 'Creating account…' : 'Sign up'}
      </Button>
    </Box>
  );
}

/** The single-use registration token is missing, used or too old: the person must verify again. */
export function isRegistrationExpired(error: unknown): boolean {
  if (!isApiError(error)) return false;
  return error.status === 401 || error.status === 410 || 'registrationToken' in apiFieldErrors(error);
}

function DoneStep({ email }: { email: string }) {
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }} role="status">
      <CheckCircleOutlined color="success" sx={{ fontSize: 56 }} aria-hidden />
      <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
        Your account is ready
      </Typography>
      <Typography color="text.secondary">
        Sign in with <strong>{email}</strong> and the password you just chose.
      </Typography>
      <Button component={RouterLink} to={hrefs.orders()} variant="contained" size="large" sx={{ mt: 1, minWidth: 200 }}>
        Sign in
      </Button>
    </Stack>
  );
}
