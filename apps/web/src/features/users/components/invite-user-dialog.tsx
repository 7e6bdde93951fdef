import { useState } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { toast } from '@/lib/toast/toast';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { Role } from '@shipdesk/contract';
import { FormDialog } from '@/components/form-dialog';
import { fieldErrorProps, fieldProps } from '@/lib/forms/field-props';
import { EMAIL_PATTERN, applyServerErrors, validatorResolver } from '@/lib/validation';
import { useInviteOrgUserMutation } from '../api/users-api';
import { ASSIGNABLE_ROLES, type AssignableRole } from '../org-user';

interface InviteForm {
  email: string;
  roleId: string;
}

const FIELDS = ['email', 'roleId'] as Path<InviteForm>[];

const resolver = validatorResolver<InviteForm>({
  email: {
    label: 'E-mail',
    required: 'Enter the e-mail address to invite',
    pattern: { value: EMAIL_PATTERN, message: 'Enter a valid e-mail address' },
    maxLength: { value: 254 },
  },
  roleId: { label: 'Role', required: 'Choose a role' },
});

interface InviteUserDialogProps {
  onClose(): void;
}

/** Invite by e-mail with a role: the SSO mails a link where the person chooses their name and password. */
export function InviteUserDialog({ onClose }: InviteUserDialogProps) {
  const [invite] = useInviteOrgUserMutation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<InviteForm>({
    defaultValues: { email: '', roleId: String(Role.Manager) },
    resolver,
  });
  const roleId = form.watch('roleId');

  const submit = form.handleSubmit(async (values) => {
    setBusy(true);
    setError(null);
    try {
      const email = values.email.trim();
      const answer = await invite({ email, roleId: Number(values.roleId) as AssignableRole }).unwrap();
      toast.success(answer.resent ? `Invitation sent again to ${email}.` : `Invitation sent to ${email}.`);
      onClose();
    } catch (failure) {
      setError(applyServerErrors(failure, FIELDS, form.setError, 'Could not send the invitation.'));
    } finally {
      setBusy(false);
    }
  });

  return (
    <FormDialog
      open
      title="Invite a user"
      message="They get an e-mail with a link to choose their name and password. The link works for 7 days."
      submitLabel="Send invitation"
      busy={busy}
      error={error}
      onCancel={onClose}
      onSubmit={() => void submit()}
    >
      <TextField
        label="E-mail"
        type="email"
        autoComplete="off"
        autoFocus
        required
        fullWidth
        {...fieldProps(form, 'email')}
      />
      <TextField
        select
        label="Role"
        required
        fullWidth
        value={roleId}
        onChange={(event) => form.setValue('roleId', event.target.value, { shouldValidate: true })}
        {...fieldErrorProps(
          form.formState.errors.roleId,
          ASSIGNABLE_ROLES.find((role) => String(role.id) === roleId)?.hint,
        )}
      >
        {ASSIGNABLE_ROLES.map((role) => (
          <MenuItem key={role.id} value={String(role.id)}>
            {role.label}
          </MenuItem>
        ))}
      </TextField>
    </FormDialog>
  );
}
