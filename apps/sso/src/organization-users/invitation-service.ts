import { hashPassword, passwordProblem } from '../account/passwords.ts';
import type { Db } from '../db/connect.ts';
import {
  activateInvitedUser,
  claimInvitation,
  findOpenInvitation,
  revokeOpenInvitations,
  type OpenInvitation,
} from './organization-users-repository.ts';
import { sha256 } from './organization-users-service.ts';

type InvitationErrors = { name?: string; password?: string; confirmPassword?: string };

export function openInvitation(db: Db, token: string): Promise<OpenInvitation | undefined> {
  return findOpenInvitation(db, sha256(token));
}

/** The same name rule as registration. */
function nameProblem(name: string): string | undefined {
  if (!name) return 'Enter your name.';
  if (name.length > 100) return 'Use at most 100 characters for your name.';
  return undefined;
}

/**
 * Accepting an invitation: the invited user gives a name and a password and becomes active, once. The answer is
 * the field errors, `gone` when the link cannot be used any more, or `accepted`.
 */
export async function acceptInvitation(
  db: Db,
  token: string,
  input: { name: string; password: string; confirmPassword: string },
): Promise<{ outcome: 'accepted' } | { outcome: 'gone' } | { outcome: 'invalid'; errors: InvitationErrors }> {
  const name = input.name.trim();
  const errors: InvitationErrors = {};
  const badName = nameProblem(name);
  if (badName) errors.name = badName;
  const badPassword = passwordProblem(input.password);
  if (badPassword) errors.password = badPassword;
  else if (input.password !== input.confirmPassword) errors.confirmPassword = 'The two passwords do not match.';
  if (Object.keys(errors).length) return { outcome: 'invalid', errors };

  const passwordHash = await hashPassword(input.password);
  const gone = new Error('invitation gone');
  try {
    await db.transaction(async (tx) => {
      const userId = await claimInvitation(tx, sha256(token));
      // Deactivated meanwhile: the claim is undone with the transaction.
      if (!userId || !(await activateInvitedUser(tx, userId, { name, passwordHash }))) throw gone;
      await revokeOpenInvitations(tx, userId);
    });
  } catch (error) {
    if (error === gone) return { outcome: 'gone' };
    throw error;
  }
  return { outcome: 'accepted' };
}
