import { createHash, randomBytes } from 'node:crypto';
import { ROLE_NAMES, Role, isRoleId } from '@shipdesk/contract';
import type { Mailer } from '@shipdesk/mail-kit';
import { findUserByEmail, findUserById, isEmailAddress, normaliseEmail } from '../account/accounts-repository.ts';
import { isUniqueViolation, type Db } from '../db/connect.ts';
import { HttpError } from '../http.ts';
import type { Logger } from '../logger.ts';
import { unauthorized, type TokenCaller } from '../provider/access-token.ts';
import { revokeAccountArtefacts } from '../provider/adapter.ts';
import {
  countInvitationsSince,
  deleteInvitation,
  deleteUser,
  findOrganizationUser,
  insertInvitation,
  insertInvitedUser,
  latestInvitationAt,
  listOrganizationUsers,
  lockActiveUsersWithRoles,
  revokeOpenInvitations,
  toOrganizationUser,
  updateUserAccess,
  type OrganizationUser,
  type UserStatus,
} from './organization-users-repository.ts';

export interface InvitationLimits {
  /** How long an invitation link works. */
  ttlMs: number;
  /** Invitation mails one organisation may send per hour (a free sign-up must not become a mail cannon). */
  maxPerOrganizationPerHour: number;
}

export const DEFAULT_INVITATION_LIMITS: InvitationLimits = {
  ttlMs: 7 * 24 * 60 * 60 * 1000,
  maxPerOrganizationPerHour: 30,
};

export interface OrganizationUsersDeps {
  db: Db;
  mailer: Mailer;
  /** The SSO's public base URL: the invitation page lives here. */
  issuer: string;
  limits: InvitationLimits;
  logger: Logger;
}

/** Roles that manage the organisation's users; these are also the roles the "last Admin" rule protects. */
const MANAGING_ROLES: number[] = [Role.SuperAdmin, Role.Admin];
/** Roles an Admin can give. */
const ASSIGNABLE_ROLES: number[] = [Role.Admin, Role.Manager];

const LAST_ADMIN = 'The organisation needs at least one active Admin. Make someone else an Admin first.';

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}

function invalid(errors: Record<string, string>): HttpError {
  return new HttpError(400, Object.values(errors).join(', '), errors);
}

function roleProblem(value: unknown): string | undefined {
  if (typeof value === 'number' && ASSIGNABLE_ROLES.includes(value)) return undefined;
  return `Choose the role: ${Role.Admin} (Admin) or ${Role.Manager} (Manager).`;
}

/**
 * The token says who calls and with which role; the database must agree that they are still an active Admin of
 * that organisation, so a deactivated or demoted Admin's unexpired token manages nothing.
 */
async function authorise(db: Db, caller: TokenCaller, roles: readonly number[] = MANAGING_ROLES) {
  if (caller.roleId === undefined || !roles.includes(caller.roleId)) {
    throw new HttpError(403, 'Only Admins manage users.');
  }
  const me = await findUserById(db, caller.userId);
  if (!me || me.status !== 'active') throw unauthorized('Your account is not active.', 'invalid_token');
  if (me.organizationId !== caller.organizationId || !roles.includes(me.roleId)) {
    throw new HttpError(403, 'Only Admins manage users.');
  }
  return me;
}

/** Managers see every settings tab read-only, the users list included; only Admins change it. */
const READING_ROLES: number[] = [...MANAGING_ROLES, Role.Manager];

export async function listUsers(deps: OrganizationUsersDeps, caller: TokenCaller): Promise<OrganizationUser[]> {
  await authorise(deps.db, caller, READING_ROLES);
  return listOrganizationUsers(deps.db, caller.organizationId);
}

/**
 * Invites an address into the caller's organisation with a role and mails the link. Inviting an address that is
 * still invited (not yet accepted) in this organisation sends a fresh link and replaces the old one.
 */
export async function inviteUser(
  deps: OrganizationUsersDeps,
  caller: TokenCaller,
  input: { email: unknown; roleId: unknown },
): Promise<{ user: OrganizationUser; resent: boolean }> {
  const { db, limits } = deps;
  const inviter = await authorise(db, caller);
  const email = normaliseEmail(typeof input.email === 'string' ? input.email : '');
  const errors: Record<string, string> = {};
  if (!email) errors.email = 'Enter the e-mail address to invite.';
  else if (!isEmailAddress(email)) errors.email = 'Enter a valid e-mail address.';
  const roleError = roleProblem(input.roleId);
  if (roleError) errors.roleId = roleError;
  if (Object.keys(errors).length) throw invalid(errors);
  const roleId = input.roleId as number;

  const sent = await countInvitationsSince(db, caller.organizationId, new Date(Date.now() - 60 * 60 * 1000));
  if (sent >= limits.maxPerOrganizationPerHour) {
    const message = 'Too many invitations sent in the last hour. Please wait before sending more.';
    throw new HttpError(429, message, undefined, { 'Retry-After': '3600' });
  }

  const taken = () =>
    new HttpError(409, 'This e-mail address already has a Shipdesk account.', {
      email: 'This e-mail address already has a Shipdesk account.',
    });
  // 192 bits; short enough that the link stays on one line of the plain-text mail (read raw from the outbox).
  const token = randomBytes(24).toString('base64url');
  const tokenHash = sha256(token);
  let created: { userId: string; resent: boolean };
  try {
    created = await db.transaction(async (tx) => {
      const existing = await findUserByEmail(tx, email);
      if (existing && (existing.organizationId !== caller.organizationId || existing.status !== 'invited')) {
        throw taken();
      }
      let userId: string;
      if (existing) {
        userId = existing.id;
        await revokeOpenInvitations(tx, userId);
        if (existing.roleId !== roleId) await updateUserAccess(tx, userId, { roleId });
      } else {
        userId = await insertInvitedUser(tx, { organizationId: caller.organizationId, email, roleId });
      }
      await insertInvitation(tx, {
        tokenHash,
        userId,
        organizationId: caller.organizationId,
        invitedBy: inviter.id,
        expiresAt: new Date(Date.now() + limits.ttlMs),
      });
      return { userId, resent: Boolean(existing) };
    });
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_lower_key')) throw taken();
    throw error;
  }

  const days = Math.max(1, Math.round(limits.ttlMs / (24 * 60 * 60 * 1000)));
  const organization = inviter.organizationName;
  const roleName = isRoleId(roleId) ? ROLE_NAMES[roleId] : String(roleId);
  try {
    await deps.mailer.send({
      to: email,
      subject: `${inviter.name} invited you to ${organization} on Shipdesk`,
      text: [
        `${inviter.name} (${inviter.email}) invited you to join ${organization} on Shipdesk as ${roleName}.`,
        '',
        'Accept the invitation and choose your password here:',
        `${deps.issuer}/invitation/${token}`,
        '',
        `The link works once, for ${days} day${days === 1 ? '' : 's'}.`,
        'If you did not expect this invitation, you can ignore this message.',
      ].join('\n'),
    });
  } catch (error) {
    // Without the mail nobody can use the invitation: undo it, so the Admin can simply try again.
    await deleteInvitation(db, tokenHash);
    if (!created.resent) await deleteUser(db, created.userId);
    deps.logger.warn('invitation mail failed', { error, organizationId: caller.organizationId });
    throw new HttpError(503, 'The invitation e-mail could not be sent. Please try again.');
  }

  const user = await findOrganizationUser(db, caller.organizationId, created.userId);
  if (!user) throw new Error('invited user vanished');
  return { user: toOrganizationUser(user, await latestInvitationAt(db, user.id)), resent: created.resent };
}

function requestedChange(input: { roleId?: unknown; status?: unknown }): { roleId?: number; status?: UserStatus } {
  const errors: Record<string, string> = {};
  const change: { roleId?: number; status?: UserStatus } = {};
  if (input.roleId === undefined && input.status === undefined) {
    throw invalid({ roleId: 'Send roleId or status.', status: 'Send roleId or status.' });
  }
  if (input.roleId !== undefined) {
    const problem = roleProblem(input.roleId);
    if (problem) errors.roleId = problem;
    else change.roleId = input.roleId as number;
  }
  if (input.status !== undefined) {
    if (input.status === 'active' || input.status === 'deactivated') change.status = input.status;
    else errors.status = 'Set the status to active or deactivated.';
  }
  if (Object.keys(errors).length) throw invalid(errors);
  return change;
}

/**
 * Changes a user's role (Admin or Manager) and/or deactivates or reactivates them. Deactivation ends their
 * sessions, grants and refresh tokens and any open invitation. The organisation always keeps one active Admin.
 */
export async function updateUser(
  deps: OrganizationUsersDeps,
  caller: TokenCaller,
  id: string,
  input: { roleId?: unknown; status?: unknown },
): Promise<OrganizationUser> {
  const { db } = deps;
  await authorise(db, caller);
  const change = requestedChange(input);

  await db.transaction(async (tx) => {
    const admins = await lockActiveUsersWithRoles(tx, caller.organizationId, MANAGING_ROLES);
    // Checked again under the lock: the caller may have been demoted or deactivated a moment ago.
    if (!admins.includes(caller.userId)) throw new HttpError(403, 'Only Admins manage users.');
    const target = await findOrganizationUser(tx, caller.organizationId, id);
    if (!target) throw new HttpError(404, 'No such user in your organisation.');
    if (target.roleId === Role.SuperAdmin && caller.roleId !== Role.SuperAdmin) {
      throw new HttpError(403, 'Only a SuperAdmin can change a SuperAdmin.');
    }

    let status = target.status as UserStatus;
    if (change.status === 'deactivated') status = 'deactivated';
    if (change.status === 'active') {
      if (target.status === 'invited') {
        throw new HttpError(409, 'This user has not accepted the invitation yet.', {
          status: 'This user has not accepted the invitation yet.',
        });
      }
      // Someone deactivated before accepting goes back to waiting for an invitation.
      if (target.status === 'deactivated') status = target.hasPassword ? 'active' : 'invited';
    }
    const roleId = change.roleId ?? target.roleId;

    const isActiveAdmin = target.status === 'active' && MANAGING_ROLES.includes(target.roleId);
    const staysActiveAdmin = status === 'active' && MANAGING_ROLES.includes(roleId);
    if (isActiveAdmin && !staysActiveAdmin && admins.length <= 1) {
      const field = status !== 'active' ? 'status' : 'roleId';
      throw new HttpError(409, LAST_ADMIN, { [field]: LAST_ADMIN });
    }

    const updates: { roleId?: number; status?: UserStatus } = {};
    if (roleId !== target.roleId) updates.roleId = roleId;
    if (status !== target.status) updates.status = status;
    if (Object.keys(updates).length) await updateUserAccess(tx, target.id, updates);
    if (updates.status === 'deactivated') {
      await revokeOpenInvitations(tx, target.id);
      await revokeAccountArtefacts(tx, target.id);
    }
  });

  const user = await findOrganizationUser(db, caller.organizationId, id);
  if (!user) throw new HttpError(404, 'No such user in your organisation.');
  return toOrganizationUser(user, await latestInvitationAt(db, user.id));
}
