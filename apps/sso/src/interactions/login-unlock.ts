import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Mailer } from '@shipdesk/mail-kit';
import { findUserByEmail } from '../account/accounts-repository.ts';
import { FORGOT_PASSWORD_PATH } from '../account/password-reset-routes.ts';
import type { Db } from '../db/connect.ts';
import { loginUnlocks, users } from '../db/schema.ts';
import type { Logger } from '../logger.ts';
import { sha256 } from '../organization-users/organization-users-service.ts';
import { rememberAddress, startLoginAttempt, type LoginGate, type LoginLimits } from './login-attempts.ts';

export const UNLOCK_PATH = '/login/unlock';

export interface LoginUnlockDeps {
  db: Db;
  mailer: Mailer;
  logger: Logger;
  /** The SSO's public base URL: the unlock page lives here. */
  issuer: string;
  limits: LoginLimits;
}

/** A link of `token` that is unused and not expired. */
const usableLink = (token: string) =>
  and(eq(loginUnlocks.tokenHash, sha256(token)), isNull(loginUnlocks.usedAt), gt(loginUnlocks.expiresAt, new Date()));

/**
 * Password sign-in to the account is paused for new addresses: mails its owner a link to continue, unless a link
 * is still open, so that however many attempts are refused the owner gets one mail per link lifetime. Nothing is
 * sent for an address without an active account; the page says the same either way. A failed mail is only logged:
 * the next refused attempt tries again.
 */
async function offerLoginUnlock(deps: LoginUnlockDeps, email: string): Promise<void> {
  const { db, limits } = deps;
  const user = await findUserByEmail(db, email);
  if (!user || user.status !== 'active') return;
  const token = randomBytes(24).toString('base64url');
  const tokenHash = sha256(token);
  const created = await db.transaction(async (tx) => {
    // The account's row is the lock: parallel refused attempts must not each mail a link.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
    const [open] = await tx
      .select({ email: loginUnlocks.email })
      .from(loginUnlocks)
      .where(and(eq(loginUnlocks.email, email), isNull(loginUnlocks.usedAt), gt(loginUnlocks.expiresAt, new Date())))
      .limit(1);
    if (open) return false;
    await tx.insert(loginUnlocks).values({ tokenHash, email, expiresAt: new Date(Date.now() + limits.unlockTtlMs) });
    return true;
  });
  if (!created) return;
  const minutes = Math.max(1, Math.round(limits.unlockTtlMs / 60_000));
  try {
    await deps.mailer.send({
      to: user.email,
      subject: 'Confirm it is you to sign in to Shipdesk',
      text: [
        `There were many failed attempts to sign in to the Shipdesk account ${user.email} with a wrong password.`,
        'To protect the account, signing in with the password is paused on devices and networks it has not',
        'signed in from before.',
        '',
        'If you are trying to sign in, continue here, then sign in as usual:',
        `${deps.issuer}${UNLOCK_PATH}/${token}`,
        '',
        `The link works once, for ${minutes} minute${minutes === 1 ? '' : 's'}. Where you have signed in before,`,
        'your password keeps working.',
        '',
        'If it was not you, nobody got in. If your password is short or used elsewhere, choose a new one:',
        `${deps.issuer}${FORGOT_PASSWORD_PATH}`,
      ].join('\n'),
    });
  } catch (error) {
    await db.delete(loginUnlocks).where(eq(loginUnlocks.tokenHash, tokenHash));
    deps.logger.warn('login unlock mail failed', { error, userId: user.id });
  }
}

/** The account a link still works for, or undefined (unknown, used or expired). */
export async function openLoginUnlock(db: Db, token: string): Promise<{ email: string } | undefined> {
  const [row] = await db.select({ email: loginUnlocks.email }).from(loginUnlocks).where(usableLink(token));
  return row;
}

/**
 * Uses the link, once: the account's earlier failures stop counting towards the pause, and the address the link
 * is used from becomes known for the account (the owner can sign in from there even if guessing goes on).
 */
export async function useLoginUnlock(db: Db, token: string, ip: string): Promise<{ email: string } | undefined> {
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(loginUnlocks)
      // The database's clock, as the failures it is compared with.
      .set({ usedAt: sql`now()` })
      .where(usableLink(token))
      .returning({ email: loginUnlocks.email });
    if (!claimed) return undefined;
    await rememberAddress(tx, claimed.email, ip);
    return claimed;
  });
}

/** `startLoginAttempt`; when the account is paused, its owner is offered the unlock link as well. */
export async function startGuardedLoginAttempt(deps: LoginUnlockDeps, email: string, ip: string): Promise<LoginGate> {
  const gate = await startLoginAttempt(deps.db, deps.limits, email, ip);
  if (gate.outcome === 'paused') {
    // The refusal stands without the mail; the next refused attempt offers it again.
    await offerLoginUnlock(deps, email).catch((error: unknown) => deps.logger.warn('login unlock failed', { error }));
  }
  return gate;
}
