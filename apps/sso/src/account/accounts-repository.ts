import { APP_CATALOGUE_IDS, type RoleId } from '@shipdesk/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/connect.ts';
import { organizations, subscriptions, users } from '../db/schema.ts';

export interface UserRecord {
  id: string;
  organizationId: string;
  organizationName: string;
  email: string;
  name: string;
  passwordHash: string;
  roleId: RoleId;
  status: string;
  updatedAt: Date;
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

// Deliberately loose: an address is proven by a mail reaching it, not by a regular expression.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmailAddress(email: string): boolean {
  return email.length <= 254 && EMAIL.test(email);
}

const userColumns = {
  id: users.id,
  organizationId: users.organizationId,
  organizationName: organizations.name,
  email: users.email,
  name: users.name,
  passwordHash: users.passwordHash,
  roleId: users.roleId,
  status: users.status,
  updatedAt: users.updatedAt,
};

export async function findUserById(db: Db, id: string): Promise<UserRecord | undefined> {
  if (!UUID.test(id)) return undefined;
  const [row] = await db
    .select(userColumns)
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(eq(users.id, id))
    .limit(1);
  return row as UserRecord | undefined;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRecord | undefined> {
  const [row] = await db
    .select(userColumns)
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(eq(sql`lower(${users.email})`, normaliseEmail(email)))
    .limit(1);
  return row as UserRecord | undefined;
}

export async function findOrganizationByName(db: Db, name: string): Promise<{ id: string } | undefined> {
  const [row] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(sql`lower(${organizations.name})`, name.trim().toLowerCase()))
    .limit(1);
  return row;
}

/** Creates an organisation subscribed to every catalogue app. Run it inside the caller's transaction. */
export async function createOrganization(db: Db, name: string): Promise<string> {
  const [organization] = await db
    .insert(organizations)
    .values({ name: name.trim() })
    .returning({ id: organizations.id });
  if (!organization) throw new Error('organisation insert returned nothing');
  await db
    .insert(subscriptions)
    .values(APP_CATALOGUE_IDS.map((appId) => ({ organizationId: organization.id, appId })))
    .onConflictDoNothing();
  return organization.id;
}

export async function createUser(
  db: Db,
  user: { organizationId: string; email: string; name: string; passwordHash: string; roleId: RoleId },
): Promise<string> {
  const [row] = await db
    .insert(users)
    .values({ ...user, email: normaliseEmail(user.email), name: user.name.trim() })
    .returning({ id: users.id });
  if (!row) throw new Error('user insert returned nothing');
  return row.id;
}

export async function updateUserName(db: Db, id: string, name: string): Promise<void> {
  await db
    .update(users)
    .set({ name: name.trim(), updatedAt: sql`now()` })
    .where(eq(users.id, id));
}

export async function updateUserPassword(db: Db, id: string, passwordHash: string): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash, updatedAt: sql`now()` })
    .where(eq(users.id, id));
}

export async function recordSignIn(db: Db, id: string): Promise<void> {
  await db
    .update(users)
    .set({ lastLoginAt: sql`now()` })
    .where(eq(users.id, id));
}

export async function listSubscribedAppIds(db: Db, organizationId: string): Promise<string[]> {
  if (!UUID.test(organizationId)) return [];
  const rows = await db
    .select({ appId: subscriptions.appId })
    .from(subscriptions)
    .where(eq(subscriptions.organizationId, organizationId));
  return rows.map((row) => row.appId);
}
