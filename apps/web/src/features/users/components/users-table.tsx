import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { OrgUser } from '@shipdesk/contract';
import { StatusChip } from '@/components/status-chip';
import { formatDateTime } from '@/lib/format';
import {
  ASSIGNABLE_ROLES,
  STATUS_UI,
  displayName,
  isAssignableRole,
  managesUsers,
  roleLabel,
  type AssignableRole,
} from '../org-user';

const COLUMN_COUNT = 5;
const SECONDARY = { color: 'text.secondary', fontSize: '0.75rem', lineHeight: 1.4 } as const;

interface UsersTableProps {
  users: readonly OrgUser[];
  loadingRows: number | null;
  /** The signed-in user's id, to mark their own row. */
  meId: string;
  /** A Manager's view: roles as text, no actions. */
  readOnly?: boolean;
  timeZone: string;
  /** Users with a change on its way: their controls wait. */
  busyIds: ReadonlySet<string>;
  onRoleChange(user: OrgUser, roleId: AssignableRole): void;
  onDeactivate(user: OrgUser): void;
  onReactivate(user: OrgUser): void;
  onResend(user: OrgUser): void;
}

/** The organisation's users: who, role (changeable), status, last sign-in, and what can be done. */
export function UsersTable({
  users,
  loadingRows,
  meId,
  readOnly = false,
  timeZone,
  busyIds,
  onRoleChange,
  onDeactivate,
  onReactivate,
  onResend,
}: UsersTableProps) {
  // The organisation keeps one active Admin (the SSO refuses the change): its only one cannot step down or leave.
  const activeAdmins = users.filter((user) => user.status === 'active' && managesUsers(user.roleId));
  const onlyAdminId = activeAdmins.length === 1 ? activeAdmins[0]!.id : null;
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="Users" aria-busy={loadingRows !== null} sx={{ '& th': { fontWeight: 600 } }}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ minWidth: 200 }}>User</TableCell>
            <TableCell sx={{ minWidth: 140 }}>Role</TableCell>
            <TableCell>Status</TableCell>
            <TableCell sx={{ minWidth: 160, whiteSpace: 'nowrap' }}>Last sign-in</TableCell>
            {readOnly ? null : <TableCell align="right">Actions</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {loadingRows !== null
            ? Array.from({ length: loadingRows }, (_, index) => (
                <TableRow key={`skeleton-${index}`} aria-hidden sx={{ height: 57 }}>
                  {Array.from({ length: readOnly ? COLUMN_COUNT - 1 : COLUMN_COUNT }, (__, column) => (
                    <TableCell key={column}>
                      <Skeleton variant="text" width="70%" />
                    </TableCell>
                  ))}
                </TableRow>
              ))
            : users.map((user) => {
                const name = displayName(user);
                const busy = busyIds.has(user.id);
                const status = STATUS_UI[user.status];
                const onlyAdmin = user.id === onlyAdminId;
                const onlyAdminNote = `only-admin-${user.id}`;
                return (
                  <TableRow key={user.id} data-user-id={user.id} sx={{ height: 57 }}>
                    <TableCell>
                      <Box sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
                        {user.name ?? (
                          <Box component="span" sx={{ color: 'text.secondary' }}>
                            Not yet accepted
                          </Box>
                        )}
                        {user.id === meId ? (
                          <Box component="span" sx={{ ...SECONDARY, ml: 1 }}>
                            (you)
                          </Box>
                        ) : null}
                      </Box>
                      <Box sx={{ ...SECONDARY, overflowWrap: 'anywhere' }}>{user.email}</Box>
                    </TableCell>
                    <TableCell>
                      {isAssignableRole(user.roleId) && !readOnly ? (
                        <Select
                          size="small"
                          value={String(user.roleId)}
                          disabled={busy || onlyAdmin}
                          onChange={(event) => {
                            const roleId = Number(event.target.value);
                            if (isAssignableRole(roleId) && roleId !== user.roleId) onRoleChange(user, roleId);
                          }}
                          inputProps={{
                            'aria-label': `Role of ${name}`,
                            'aria-describedby': onlyAdmin ? onlyAdminNote : undefined,
                          }}
                          sx={{ minWidth: 130 }}
                        >
                          {ASSIGNABLE_ROLES.map((role) => (
                            <MenuItem key={role.id} value={String(role.id)}>
                              {role.label}
                            </MenuItem>
                          ))}
                        </Select>
                      ) : (
                        roleLabel(user.roleId)
                      )}
                    </TableCell>
                    <TableCell>
                      <StatusChip label={status.label} tone={status.tone} small kind={`Status of ${name}`} />
                      {user.status === 'invited' && user.invitedAt ? (
                        <Box sx={{ ...SECONDARY, mt: 0.5, whiteSpace: 'nowrap' }}>
                          Sent {formatDateTime(user.invitedAt, timeZone)}
                        </Box>
                      ) : null}
                    </TableCell>
                    <TableCell sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                      {user.lastLoginAt ? (
                        formatDateTime(user.lastLoginAt, timeZone)
                      ) : (
                        <Box component="span" sx={{ color: 'text.secondary' }}>
                          Never
                        </Box>
                      )}
                    </TableCell>
                    {readOnly ? null : (
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        {isAssignableRole(user.roleId) ? (
                          <RowActions
                            user={user}
                            name={name}
                            busy={busy}
                            onlyAdmin={onlyAdmin}
                            noteId={onlyAdminNote}
                            onDeactivate={onDeactivate}
                            onReactivate={onReactivate}
                            onResend={onResend}
                          />
                        ) : null}
                      </TableCell>
                    )}
                  </TableRow>
                );
              })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function RowActions({
  user,
  name,
  busy,
  onDeactivate,
  onReactivate,
  onResend,
  onlyAdmin,
  noteId,
}: {
  user: OrgUser;
  name: string;
  busy: boolean;
  /** The organisation's only active Admin: nothing here may take that away, and the row says why. */
  onlyAdmin: boolean;
  noteId: string;
} & Pick<UsersTableProps, 'onDeactivate' | 'onReactivate' | 'onResend'>) {
  if (user.status === 'deactivated') {
    return (
      <Button size="small" disabled={busy} onClick={() => onReactivate(user)} aria-label={`Reactivate ${name}`}>
        Reactivate
      </Button>
    );
  }
  return (
    <>
      {user.status === 'invited' ? (
        <Button size="small" disabled={busy} onClick={() => onResend(user)} aria-label={`Resend invitation to ${name}`}>
          Resend
        </Button>
      ) : null}
      <Button
        size="small"
        color="error"
        disabled={busy || onlyAdmin}
        onClick={() => onDeactivate(user)}
        aria-label={`Deactivate ${name}`}
        aria-describedby={onlyAdmin ? noteId : undefined}
      >
        Deactivate
      </Button>
      {onlyAdmin ? (
        <Box id={noteId} sx={{ ...SECONDARY, whiteSpace: 'normal', maxWidth: 220, ml: 'auto' }}>
          The only active Admin: make someone else an Admin before changing this role or deactivating.
        </Box>
      ) : null}
    </>
  );
}
