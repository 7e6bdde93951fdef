import type { Context } from 'koa';
import type Provider from 'oidc-provider';
import type { Db } from '../db/connect.ts';
import { findUserById, type UserRecord } from './accounts-repository.ts';

export interface SignedIn {
  user: UserRecord;
  /** Stable for the life of the SSO session: what the page forms bind their CSRF tokens to. */
  sessionUid: string;
}

/** The active user of this browser's SSO session, if any (the pages of the SSO itself, not the API). */
export async function signedInUser(ctx: Context, provider: Provider, db: Db): Promise<SignedIn | undefined> {
  const session = await provider.Session.get(ctx as never);
  if (!session.accountId) return undefined;
  const user = await findUserById(db, session.accountId);
  if (!user || user.status !== 'active') return undefined;
  return { user, sessionUid: session.uid };
}
