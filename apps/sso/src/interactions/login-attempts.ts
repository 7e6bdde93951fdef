import { and, count, eq, gt, lt, max } from 'drizzle-orm';
import type { Db } from '../db/connect.ts';
import { loginAttempts } from '../db/schema.ts';

export interface LoginLimits {
  windowMs: number;
  /** Failures per e-mail within the window before sign-in is refused. */
  maxFailuresPerEmail: number;
  /** Failures per client IP within the window (higher: offices share one address). */
  maxFailuresPerIp: number;
}

export const DEFAULT_LOGIN_LIMITS: LoginLimits = {
  windowMs: 15 * 60 * 1000,
  maxFailuresPerEmail: 5,
  maxFailuresPerIp: 20,
};

/**
 * Failed sign-ins are rows in the database, so the limit survives restarts and holds across instances. A success
 * clears the e-mail's failures; the IP's stay until they age out of the window.
 */
export async function loginBlockedForSeconds(
  db: Db,
  limits: LoginLimits,
  email: string,
  ip: string,
): Promise<number | undefined> {
  const since = new Date(Date.now() - limits.windowMs);
  const failures = (column: typeof loginAttempts.email | typeof loginAttempts.ip, value: string) =>
    db
      .select({ n: count(), last: max(loginAttempts.createdAt) })
      .from(loginAttempts)
      .where(and(eq(column, value), eq(loginAttempts.succeeded, false), gt(loginAttempts.createdAt, since)));
  const [[byEmail], [byIp]] = await Promise.all([failures(loginAttempts.email, email), failures(loginAttempts.ip, ip)]);
  const blockedUntil = (row: { n: number; last: Date | null } | undefined, limit: number) =>
    row && row.n >= limit && row.last ? row.last.getTime() + limits.windowMs : 0;
  const until = Math.max(
    blockedUntil(byEmail, limits.maxFailuresPerEmail),
    blockedUntil(byIp, limits.maxFailuresPerIp),
  );
  return until > Date.now() ? Math.ceil((until - Date.now()) / 1000) : undefined;
}

export async function recordLoginAttempt(db: Db, email: string, ip: string, succeeded: boolean): Promise<void> {
  if (succeeded) {
    await db.delete(loginAttempts).where(and(eq(loginAttempts.email, email), eq(loginAttempts.succeeded, false)));
    return;
  }
  await db.insert(loginAttempts).values({ email, ip, succeeded });
}

export async function purgeOldLoginAttempts(db: Db, limits: LoginLimits): Promise<void> {
  await db.delete(loginAttempts).where(lt(loginAttempts.createdAt, new Date(Date.now() - limits.windowMs)));
}
