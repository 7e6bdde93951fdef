import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Mailer } from '@shipdesk/mail-kit';
import type { Db } from '../db/connect.ts';
import { passwordResets, users } from '../db/schema.ts';
import { clearLoginFailures } from '../interactions/login-attempts.ts';
import type { Logger } from '../logger.ts';
import { checkWindowLimit } from '../rate-window.ts';
import { sha256 } from '../organization-users/organization-users-service.ts';
import { revokeAccountArtefacts } from '../provider/adapter.ts';
import { findUserByEmail, isEmailAddress, normaliseEmail, updateUserPassword } from './accounts-repository.ts';
import { hashPassword, passwordProblem } from './passwords.ts';

export interface PasswordResetLimits {
  /** How long a link works. */
  ttlMs: number;
  /** Links one account may be sent per hour (the mailbox of someone else's address must not be flooded). */
  maxPerAccountPerHour: number;
  /** Requests one client address may make per hour, for any addresses. */
  maxPerIpPerHour: number;
}

export const DEFAULT_PASSWORD_RESET_LIMITS: PasswordResetLimits = {
  ttlMs: 60 * 60 * 1000,
  maxPerAccountPerHour: 3,
  maxPerIpPerHour: 20,
};

export interface PasswordResetDeps {
  db: Db;
  mailer: Mailer;
  logger: Logger;
  /** The SSO's public base URL: the reset page lives here. */
  issuer: string;
  limits: PasswordResetLimits;
}

type ResetRequestOutcome =
  { outcome: 'invalid'; error: string } | { outcome: 'limited'; retryAfterSeconds: number } | { outcome: 'sent' };

const HOUR_MS = 60 * 60 * 1000;

/** "60 minutes": how long a link works, said alike in the e-mail and on the page. */
export function linkLifetime(ttlMs: number): string {
  const minutes = Math.max(1, Math.round(ttlMs / 60_000));
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** Whether the requests from `ip` (or for one account) within the hour already reach `max`. */
const hourlyLimitReached = async (db: Db, by: { ip: string } | { userId: string }, max: number) =>
  (
    await checkWindowLimit(
      db,
      {
        table: passwordResets,
        createdAt: passwordResets.createdAt,
        where: 'ip' in by ? eq(passwordResets.ip, by.ip) : eq(passwordResets.userId, by.userId),
      },
      { max, windowMs: HOUR_MS },
    )
  ).limited;

/**
 * `POST /password/forgot`: mails a link to choose a new password when the address belongs to an active account.
 * The answer is the same whether it does or not (`sent`), so the form tells nobody which addresses have accounts;
 * only a malformed address or too many requests from one client address are answered differently.
 */
export async function requestPasswordReset(
  deps: PasswordResetDeps,
  input: { email: string; ip: string },
): Promise<ResetRequestOutcome> {
  const { db, limits } = deps;
  const email = normaliseEmail(input.email);
  if (!email) return { outcome: 'invalid', error: 'Enter the e-mail address of your account.' };
  if (!isEmailAddress(email)) return { outcome: 'invalid', error: 'Enter a valid e-mail address.' };
  if (await hourlyLimitReached(db, { ip: input.ip }, limits.maxPerIpPerHour)) {
    return { outcome: 'limited', retryAfterSeconds: 3600 };
  }
  const user = await findUserByEmail(db, email);
  // Invited users set their first password through their invitation; deactivated ones cannot sign in at all.
  if (!user || user.status !== 'active') {
    // Counted like a real request, so the per-IP limit also holds for addresses without an account.
    await recordAnonymousRequest(db, input.ip);
    return { outcome: 'sent' };
  }
  // Quietly: beyond the hourly links of the account none is sent, but the page says the same.
  if (await hourlyLimitReached(db, { userId: user.id }, limits.maxPerAccountPerHour)) {
    return { outcome: 'sent' };
  }

  // 192 bits, as the invitation links.
  const token = randomBytes(24).toString('base64url');
  const tokenHash = sha256(token);
  await db.transaction(async (tx) => {
    await revokeOpenResets(tx, user.id);
    await tx.insert(passwordResets).values({
      tokenHash,
      userId: user.id,
      ip: input.ip,
      expiresAt: new Date(Date.now() + limits.ttlMs),
    });
  });

  try {
    await deps.mailer.send({
      to: user.email,
      subject: 'Choose a new Shipdesk password',
      text: [
        `Someone asked to choose a new password for the Shipdesk account ${user.email}.`,
        '',
        'Choose it here:',
        `${deps.issuer}/password/reset/${token}`,
        '',
        `The link works once, for ${linkLifetime(limits.ttlMs)}. Your password stays as it is until you use it.`,
        'If you did not ask for this, you can ignore this message.',
      ].join('\n'),
    });
  } catch (error) {
    // Without the mail the link is useless: undo it, so it does not count against the next attempt.
    await db.delete(passwordResets).where(eq(passwordResets.tokenHash, tokenHash));
    deps.logger.warn('password reset mail failed', { error, userId: user.id });
    throw error;
  }
  return { outcome: 'sent' };
}

/**
 * A request for an address without an active account leaves a row too, so that the per-IP limit counts it: tied to
 * no user, under the hash of a token nobody was sent.
 */
async function recordAnonymousRequest(db: Db, ip: string): Promise<void> {
  await db.insert(passwordResets).values({
    tokenHash: sha256(randomBytes(24).toString('base64url')),
    userId: null,
    ip,
    expiresAt: new Date(),
    revokedAt: new Date(),
  });
}

async function revokeOpenResets(db: Db, userId: string): Promise<void> {
  await db
    .update(passwordResets)
    .set({ revokedAt: new Date() })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt), isNull(passwordResets.revokedAt)));
}

/** The link of `token`, when it is still unused, not replaced and not expired. */
const usableLink = (token: string) =>
  and(
    eq(passwordResets.tokenHash, sha256(token)),
    isNull(passwordResets.usedAt),
    isNull(passwordResets.revokedAt),
    gt(passwordResets.expiresAt, new Date()),
  );

/** The account a link still works for, or undefined (unknown, used, replaced or expired). */
export async function openPasswordReset(db: Db, token: string): Promise<{ userId: string; email: string } | undefined> {
  const [row] = await db
    .select({ userId: users.id, email: users.email, status: users.status })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(usableLink(token));
  return row && row.status === 'active' ? { userId: row.userId, email: row.email } : undefined;
}

type ResetErrors = { password?: string; confirmPassword?: string };

/**
 * Sets the new password, once per link. Signs the account out everywhere (sessions and refresh tokens end) and
 * clears its failed sign-ins, so the new password works at once.
 */
export async function completePasswordReset(
  db: Db,
  token: string,
  input: { password: string; confirmPassword: string },
): Promise<{ outcome: 'changed'; email: string } | { outcome: 'gone' } | { outcome: 'invalid'; errors: ResetErrors }> {
  const errors: ResetErrors = {};
  const badPassword = passwordProblem(input.password);
  if (badPassword) errors.password = badPassword;
  else if (input.password !== input.confirmPassword) errors.confirmPassword = 'The two passwords do not match.';
  if (Object.keys(errors).length) return { outcome: 'invalid', errors };

  const passwordHash = await hashPassword(input.password);
  const email = await db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(usableLink(token))
      .returning({ userId: passwordResets.userId });
    if (!claimed?.userId) return undefined;
    const [user] = await tx
      .select({ email: users.email, status: users.status })
      .from(users)
      .where(eq(users.id, claimed.userId))
      .for('update');
    if (!user || user.status !== 'active') return undefined;
    await updateUserPassword(tx, claimed.userId, passwordHash);
    await revokeOpenResets(tx, claimed.userId);
    await revokeAccountArtefacts(tx, claimed.userId);
    await clearLoginFailures(tx, normaliseEmail(user.email));
    return user.email;
  });
  return email ? { outcome: 'changed', email } : { outcome: 'gone' };
}

/** Housekeeping: links and requests older than a day count for nothing any more. */
export async function purgeOldPasswordResets(db: Db): Promise<void> {
  await db.delete(passwordResets).where(lt(passwordResets.createdAt, new Date(Date.now() - 24 * HOUR_MS)));
}
