import { and, count, eq, gt, inArray, isNull, max, sql } from 'drizzle-orm';
import { UUID, normaliseEmail } from '../account/accounts-repository.ts';
import type { Db } from '../db/connect.ts';
import { invitations, organizations, users } from '../db/schema.ts';

const USER_STATUSES = ['active', 'invited', 'deactivated'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** A user of an organisation as the users API shows it. */
export interface OrganizationUser {
  id: string;
  email: string;
  /** Null until an invited user has accepted and given it. */
  name: string | null;
  roleId: number;
  status: UserStatus;
  lastLoginAt: string | null;
  /** When the latest invitation was sent, for users who were invited. */
  invitedAt: string | null;
  createdAt: string;
}

interface UserRow {
  id: string;
  email: string;
  name: string;
  roleId: number;
  status: string;
  passwordHash: string;
  lastLoginAt: Date | null;
  createdAt: Date;
}

const userColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  roleId: users.roleId,
  status: users.status,
  passwordHash: users.passwordHash,
  lastLoginAt: users.lastLoginAt,
  createdAt: users.createdAt,
};

function statusOf(value: string): UserStatus {
  return (USER_STATUSES as readonly string[]).includes(value) ? (value as UserStatus) : 'deactivated';
}

export function toOrganizationUser(row: UserRow, invitedAt: Date | null = null): OrganizationUser {
  return {
    id: row.id,
    email: row.email,
    name: row.name || null,
    roleId: row.roleId,
    status: statusOf(row.status),
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    invitedAt: invitedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listOrganizationUsers(db: Db, organizationId: string): Promise<OrganizationUser[]> {
  const [rows, invited] = await Promise.all([
    db
      .select(userColumns)
      .from(users)
      .where(eq(users.organizationId, organizationId))
      .orderBy(sql`lower(${users.email})`),
    db
      .select({ userId: invitations.userId, at: max(invitations.createdAt) })
      .from(invitations)
      .where(eq(invitations.organizationId, organizationId))
      .groupBy(invitations.userId),
  ]);
  const invitedAt = new Map(invited.map((row) => [row.userId, row.at]));
  return rows.map((row) => toOrganizationUser(row, invitedAt.get(row.id) ?? null));
}

/** One user of the organisation; another organisation's user is as missing as an unknown id. */
export async function findOrganizationUser(
  db: Db,
  organizationId: string,
  id: string,
): Promise<(UserRow & { hasPassword: boolean }) | undefined> {
  if (!UUID.test(id)) return undefined;
  const [row] = await db
    .select(userColumns)
    .from(users)
    .where(and(eq(users.organizationId, organizationId), eq(users.id, id)))
    .limit(1);
  return row ? { ...row, hasPassword: row.passwordHash !== '' } : undefined;
}

export async function latestInvitationAt(db: Db, userId: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: max(invitations.createdAt) })
    .from(invitations)
    .where(eq(invitations.userId, userId));
  return row?.at ?? null;
}

/**
 * Locks the organisation's active users who hold one of `roles` until the transaction ends and returns their ids,
 * so two concurrent demotions cannot both see "another Admin is left".
 */
export async function lockActiveUsersWithRoles(db: Db, organizationId: string, roles: number[]): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.organizationId, organizationId), eq(users.status, 'active'), inArray(users.roleId, roles)))
    // One order for every locker, so two of them cannot deadlock.
    .orderBy(users.id)
    .for('update');
  return rows.map((row) => row.id);
}

/** An invited user has no password until the invitation is accepted, so no password can match. */
export async function insertInvitedUser(
  db: Db,
  user: { organizationId: string; email: string; roleId: number },
): Promise<string> {
  const [row] = await db
    .insert(users)
    .values({ ...user, email: normaliseEmail(user.email), name: '', passwordHash: '', status: 'invited' })
    .returning({ id: users.id });
  if (!row) throw new Error('user insert returned nothing');
  return row.id;
}

export async function deleteUser(db: Db, id: string): Promise<void> {
  await db.delete(users).where(eq(users.id, id));
}

export async function updateUserAccess(
  db: Db,
  id: string,
  change: { roleId?: number; status?: UserStatus },
): Promise<void> {
  await db
    .update(users)
    .set({ ...change, updatedAt: sql`now()` })
    .where(eq(users.id, id));
}

export async function insertInvitation(
  db: Db,
  invitation: { tokenHash: string; userId: string; organizationId: string; invitedBy: string; expiresAt: Date },
): Promise<void> {
  await db.insert(invitations).values(invitation);
}

export async function deleteInvitation(db: Db, tokenHash: string): Promise<void> {
  await db.delete(invitations).where(eq(invitations.tokenHash, tokenHash));
}

/** Ends the user's invitations that are still open (a newer one replaces them, or the user was deactivated). */
export async function revokeOpenInvitations(db: Db, userId: string): Promise<void> {
  await db
    .update(invitations)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(invitations.userId, userId), isNull(invitations.acceptedAt), isNull(invitations.revokedAt)));
}

export async function countInvitationsSince(db: Db, organizationId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(invitations)
    .where(and(eq(invitations.organizationId, organizationId), gt(invitations.createdAt, since)));
  return row?.n ?? 0;
}

const openInvitation = (tokenHash: string) =>
  and(
    eq(invitations.tokenHash, tokenHash),
    isNull(invitations.acceptedAt),
    isNull(invitations.revokedAt),
    gt(invitations.expiresAt, sql`now()`),
  );

export interface OpenInvitation {
  userId: string;
  email: string;
  roleId: number;
  organizationName: string;
}

/** The invitation behind a link, while it can still be accepted by a user who is still invited. */
export async function findOpenInvitation(db: Db, tokenHash: string): Promise<OpenInvitation | undefined> {
  const [row] = await db
    .select({
      userId: users.id,
      email: users.email,
      roleId: users.roleId,
      organizationName: organizations.name,
    })
    .from(invitations)
    .innerJoin(users, eq(users.id, invitations.userId))
    .innerJoin(organizations, eq(organizations.id, invitations.organizationId))
    .where(and(openInvitation(tokenHash), eq(users.status, 'invited')))
    .limit(1);
  return row;
}

/** Marks the invitation accepted; undefined when it was not open any more (used, replaced, expired). */
export async function claimInvitation(db: Db, tokenHash: string): Promise<string | undefined> {
  const [row] = await db
    .update(invitations)
    .set({ acceptedAt: sql`now()` })
    .where(openInvitation(tokenHash))
    .returning({ userId: invitations.userId });
  return row?.userId;
}

/** An invited user becomes active with their name and password; false when they are not invited any more. */
export async function activateInvitedUser(
  db: Db,
  userId: string,
  account: { name: string; passwordHash: string },
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ name: account.name.trim(), passwordHash: account.passwordHash, status: 'active', updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), eq(users.status, 'invited')))
    .returning({ id: users.id });
  return rows.length > 0;
}
