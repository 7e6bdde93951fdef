import { gt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { accessRevocations } from '../../db/schema/index.ts';

/** Who lost access: the token's issuer and subject (`sub`), and their organisation. */
export interface RevokedUser {
  issuer: string;
  subject: string;
  tenantId: string;
}

/**
 * A revocation another instance recorded may commit after one this instance has already read (`now()` is when its
 * transaction began), so each refresh reads back this far behind the newest one seen; reading a row twice is harmless.
 */
const REREAD_MS = 60_000;

const keyOf = (issuer: string, subject: string) => `${issuer}\u0000${subject}`;

/**
 * Access that ends before the access token does (deactivated users, changed roles). Checked on every request from
 * memory: this instance's own revocations count at once, other instances' from the next `refresh()` (the plugin
 * runs it every few seconds, through the engine's `everyInstance`). `onRevoked` hears of each revocation once per
 * instance, e.g. to close live sockets.
 */
export function createAccessRevocations(database: Database) {
  /** Key -> the revocation's time in seconds since the epoch (a token's `iat` is in seconds). */
  const revoked = new Map<string, number>();
  const listeners: Array<(user: RevokedUser) => void> = [];
  let newest = 0;

  /** Keeps a revocation read or written; the listeners hear of it when it is news to this instance. */
  function learn(row: { issuer: string; subject: string; tenantId: string; revokedAt: Date }): void {
    const key = keyOf(row.issuer, row.subject);
    const seconds = Math.floor(row.revokedAt.getTime() / 1000);
    newest = Math.max(newest, row.revokedAt.getTime());
    if ((revoked.get(key) ?? -1) >= seconds) return;
    revoked.set(key, seconds);
    for (const listener of listeners) listener({ issuer: row.issuer, subject: row.subject, tenantId: row.tenantId });
  }

  return {
    /** When the user's access ended (seconds since the epoch): tokens issued then or before no longer count. */
    revokedAt(issuer: string, subject: string): number | undefined {
      return revoked.get(keyOf(issuer, subject));
    },

    /** Ends the user's current access tokens, here at once and on every instance within a refresh. */
    async revoke(user: RevokedUser): Promise<void> {
      const [row] = await database.db
        .insert(accessRevocations)
        .values(user)
        .onConflictDoUpdate({
          target: [accessRevocations.issuer, accessRevocations.subject],
          set: { tenantId: user.tenantId, revokedAt: sql`now()` },
        })
        .returning();
      learn(row!);
    },

    /** Reads the revocations recorded since the last refresh (all of them the first time). */
    async refresh(): Promise<void> {
      const since = new Date(Math.max(0, newest - REREAD_MS));
      const rows = await database.db.select().from(accessRevocations).where(gt(accessRevocations.revokedAt, since));
      for (const row of rows) learn(row);
    },

    onRevoked(listener: (user: RevokedUser) => void): void {
      listeners.push(listener);
    },
  };
}
export type AccessRevocations = ReturnType<typeof createAccessRevocations>;
