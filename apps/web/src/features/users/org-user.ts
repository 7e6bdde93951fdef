import { Role, type InviteUser, type OrgUser, type OrgUserStatus, type UpdateUser } from '@shipdesk/contract';
import type { StatusTone } from '@/components/status-chip';

/** The roles an Admin can give. */
export type AssignableRole = typeof Role.Admin | typeof Role.Manager;

/** The request bodies as this screen sends them: only roles an Admin can give (the SSO refuses others anyway). */
export type InviteOrgUser = InviteUser & { roleId: AssignableRole };
export type UpdateOrgUser = UpdateUser & { roleId?: AssignableRole };

export const ASSIGNABLE_ROLES: ReadonlyArray<{ id: AssignableRole; label: string; hint: string }> = [
  { id: Role.Admin, label: 'Admin', hint: 'Everything, including settings and users' },
  { id: Role.Manager, label: 'Manager', hint: 'Orders, stores and shipping; settings read-only' },
];

export function roleLabel(roleId: number): string {
  if (roleId === Role.SuperAdmin) return 'SuperAdmin';
  return ASSIGNABLE_ROLES.find((role) => role.id === roleId)?.label ?? `Role ${roleId}`;
}

/** 'an Admin', 'a Manager'. */
export function roleWithArticle(roleId: number): string {
  const label = roleLabel(roleId);
  return `${/^[AEIOU]/.test(label) ? 'an' : 'a'} ${label}`;
}

export function isAssignableRole(roleId: number): roleId is AssignableRole {
  return roleId === Role.Admin || roleId === Role.Manager;
}

/** Those who may manage users (the server and the SSO enforce the same). */
export function managesUsers(roleId: number): boolean {
  return roleId === Role.Admin || roleId === Role.SuperAdmin;
}

export const STATUS_UI: Record<OrgUserStatus, { label: string; tone: StatusTone }> = {
  active: { label: 'Active', tone: 'success' },
  invited: { label: 'Invited', tone: 'info' },
  deactivated: { label: 'Deactivated', tone: 'neutral' },
};

/** How a person is named in lists and confirmations: their name, else their address. */
export function displayName(user: Pick<OrgUser, 'name' | 'email'>): string {
  return user.name?.trim() || user.email;
}
