import { useState, type ReactNode } from 'react';
import { toast } from '@/lib/toast/toast';
import LockOutlined from '@mui/icons-material/LockOutlined';
import PersonAddAltOutlined from '@mui/icons-material/PersonAddAltOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Role, type OrgUser } from '@shipdesk/contract';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { EmptyState } from '@/components/empty-state';
import { QueryError } from '@/components/query-error';
import { isApiError, showApiError } from '@/lib/errors';
import { useTenantTimeZone } from '@/lib/state/tenant-time-zone';
import { selectUserData, useAppSelector } from '@/lib/store-hooks';
import { useInviteOrgUserMutation, useListOrgUsersQuery, useUpdateOrgUserMutation } from './api/users-api';
import { InviteUserDialog } from './components/invite-user-dialog';
import { UsersTable } from './components/users-table';
import {
  displayName,
  isAssignableRole,
  managesUsers,
  roleLabel,
  roleWithArticle,
  type AssignableRole,
  type UpdateOrgUser,
} from './org-user';

type Pending =
  | { kind: 'role'; user: OrgUser; roleId: AssignableRole }
  | { kind: 'deactivate'; user: OrgUser }
  | { kind: 'reactivate'; user: OrgUser };

function AdminsOnly() {
  return (
    <EmptyState
      icon={<LockOutlined />}
      title="Only Admins manage users"
      text="Admins of your organisation invite people, change their roles and deactivate them. Ask one of them if someone needs access or should lose it."
    />
  );
}

/**
 * Settings > Users: the organisation's users from the SSO; Admins invite, change roles, deactivate and reactivate,
 * Managers see the list read-only (as they see every settings tab).
 */
export function UsersTab() {
  const me = useAppSelector(selectUserData);
  return <UsersManager meId={me.ID} canManage={managesUsers(me.user_role_id)} />;
}

function confirmation(pending: Pending, meId: string): { title: string; message: ReactNode; label: string } {
  const name = displayName(pending.user);
  const self = pending.user.id === meId;
  switch (pending.kind) {
    case 'role':
      return {
        title: `Make ${name} ${roleWithArticle(pending.roleId)}?`,
        message:
          pending.roleId === Role.Admin
            ? 'Admins can change every setting and manage users.'
            : `Managers work with orders, stores and shipping, and see settings read-only.${self ? ' You will no longer be able to manage users or change settings; only another Admin can make you an Admin again.' : ''}`,
        label: `Make ${roleLabel(pending.roleId)}`,
      };
    case 'deactivate':
      return {
        title: `Deactivate ${name}?`,
        message:
          pending.user.status === 'invited'
            ? 'Their invitation link stops working. You can reactivate them and invite them again later.'
            : self
              ? 'You are signed out everywhere at once and can no longer sign in to Shipdesk. Only another Admin can reactivate you.'
              : 'They are signed out everywhere and can no longer sign in to Shipdesk. An Admin can reactivate them later.',
        label: 'Deactivate',
      };
    case 'reactivate':
      return {
        title: `Reactivate ${name}?`,
        message: 'They can sign in to Shipdesk again with their role as it is now.',
        label: 'Reactivate',
      };
  }
}

function changeOf(pending: Pending): UpdateOrgUser {
  if (pending.kind === 'role') return { roleId: pending.roleId };
  return { status: pending.kind === 'deactivate' ? 'deactivated' : 'active' };
}

function successText(pending: Pending, updated: OrgUser): string {
  const name = displayName(updated);
  if (pending.kind === 'role') return `${name} is now ${roleWithArticle(updated.roleId)}.`;
  if (pending.kind === 'deactivate') return `${name} was deactivated.`;
  return updated.status === 'invited'
    ? `${name} was reactivated. They never accepted their invitation: resend it.`
    : `${name} was reactivated.`;
}

function UsersManager({ meId, canManage }: { meId: string; canManage: boolean }) {
  const list = useListOrgUsersQuery();
  const [update] = useUpdateOrgUserMutation();
  const [invite] = useInviteOrgUserMutation();
  const timeZone = useTenantTimeZone();
  const [inviting, setInviting] = useState(false);
  const [pending, setPending] = useState<Pending | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busyIds, setBusyIds] = useState<ReadonlySet<string>>(new Set());

  const withBusy = async (id: string, work: () => Promise<void>) => {
    setBusyIds((current) => new Set(current).add(id));
    try {
      await work();
    } finally {
      setBusyIds((current) => {
        const next = new Set(current);
        next.delete(id);
        return next;
      });
    }
  };

  const confirm = async () => {
    if (!pending) return;
    setConfirming(true);
    await withBusy(pending.user.id, async () => {
      try {
        const updated = await update({ id: pending.user.id, body: changeOf(pending) }).unwrap();
        toast.success(successText(pending, updated));
      } catch (failure) {
        showApiError(failure, 'Could not change the user.');
      }
    });
    setConfirming(false);
    setPending(null);
  };

  const resend = (user: OrgUser) =>
    void withBusy(user.id, async () => {
      if (!isAssignableRole(user.roleId)) return;
      try {
        await invite({ email: user.email, roleId: user.roleId }).unwrap();
        toast.success(`Invitation sent again to ${user.email}.`);
      } catch (failure) {
        showApiError(failure, 'Could not send the invitation.');
      }
    });

  const inviteButton = canManage ? (
    <Button variant="contained" startIcon={<PersonAddAltOutlined />} onClick={() => setInviting(true)}>
      Invite user
    </Button>
  ) : null;

  const users = list.data ?? [];
  const firstLoad = list.data === undefined && list.isFetching;
  let body: ReactNode;
  if (list.isError && list.data === undefined && !list.isFetching) {
    if (isApiError(list.error) && list.error.status === 403) return <AdminsOnly />;
    body = (
      <QueryError
        error={list.error}
        fallback="Could not load the users."
        refetch={list.refetch}
        isFetching={list.isFetching}
      />
    );
  } else if (!firstLoad && users.length === 0) {
    body = (
      <EmptyState
        icon={<PersonAddAltOutlined />}
        title="No users yet"
        text={
          canManage
            ? 'Invite the people who work with your orders. Each gets an e-mail to choose a password.'
            : 'Admins of your organisation invite the people who work with your orders.'
        }
        action={inviteButton}
      />
    );
  } else {
    body = (
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <UsersTable
          users={users}
          loadingRows={firstLoad ? 3 : null}
          meId={meId}
          readOnly={!canManage}
          timeZone={timeZone}
          busyIds={busyIds}
          onRoleChange={(user, roleId) => setPending({ kind: 'role', user, roleId })}
          onDeactivate={(user) => setPending({ kind: 'deactivate', user })}
          onReactivate={(user) => setPending({ kind: 'reactivate', user })}
          onResend={resend}
        />
      </Paper>
    );
  }

  const dialog = pending ? confirmation(pending, meId) : null;
  return (
    <>
      <Box
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', justifyContent: 'space-between', mb: 2 }}
      >
        <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 640 }}>
          The people who sign in to Shipdesk for your organisation. Admins manage settings and users; Managers work with
          orders, stores and shipping.
          {canManage ? null : ' Only Admins invite people or change their access.'}
        </Typography>
        {inviteButton}
      </Box>
      {body}
      {inviting ? <InviteUserDialog onClose={() => setInviting(false)} /> : null}
      <ConfirmDialog
        open={dialog !== null}
        title={dialog?.title}
        message={dialog?.message ?? ''}
        confirmLabel={dialog?.label}
        busy={confirming}
        onCancel={() => setPending(null)}
        onConfirm={() => void confirm()}
      />
    </>
  );
}
