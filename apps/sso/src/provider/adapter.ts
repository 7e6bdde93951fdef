import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Db } from '../db/connect.ts';
import { oidcPayloads } from '../db/schema.ts';

/**
 * oidc-provider's storage in the database: one row per model + id, the payload as jsonb, with the lookups it needs
 * (grant id for revocation, session uid, device user code) as indexed columns. Expired rows are invisible at once and
 * removed by `purgeExpiredPayloads`.
 */
export function dbAdapterFactory(db: Db): (model: string) => Adapter {
  return (model) => new DbAdapter(db, model);
}

const notExpired = () => or(isNull(oidcPayloads.expiresAt), gt(oidcPayloads.expiresAt, sql`now()`));

class DbAdapter implements Adapter {
  readonly #db: Db;
  readonly #model: string;

  constructor(db: Db, model: string) {
    this.#db = db;
    this.#model = model;
  }

  async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
    const expiresAt = typeof expiresIn === 'number' && expiresIn > 0 ? new Date(Date.now() + expiresIn * 1000) : null;
    const row = {
      payload,
      grantId: payload.grantId ?? null,
      userCode: payload.userCode ?? null,
      uid: payload.uid ?? null,
      expiresAt,
    };
    await this.#db
      .insert(oidcPayloads)
      .values({ model: this.#model, id, ...row })
      .onConflictDoUpdate({ target: [oidcPayloads.model, oidcPayloads.id], set: { ...row, consumedAt: null } });
  }

  async #findWhere(where: ReturnType<typeof and>): Promise<AdapterPayload | undefined> {
    const [row] = await this.#db
      .select({ payload: oidcPayloads.payload, consumedAt: oidcPayloads.consumedAt })
      .from(oidcPayloads)
      .where(and(eq(oidcPayloads.model, this.#model), where, notExpired()))
      .limit(1);
    if (!row) return undefined;
    const payload = row.payload as AdapterPayload;
    return row.consumedAt ? { ...payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) } : payload;
  }

  find(id: string): Promise<AdapterPayload | undefined> {
    return this.#findWhere(eq(oidcPayloads.id, id));
  }

  findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return this.#findWhere(eq(oidcPayloads.uid, uid));
  }

  findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return this.#findWhere(eq(oidcPayloads.userCode, userCode));
  }

  async consume(id: string): Promise<void> {
    await this.#db
      .update(oidcPayloads)
      .set({ consumedAt: sql`now()` })
      .where(and(eq(oidcPayloads.model, this.#model), eq(oidcPayloads.id, id)));
  }

  async destroy(id: string): Promise<void> {
    await this.#db.delete(oidcPayloads).where(and(eq(oidcPayloads.model, this.#model), eq(oidcPayloads.id, id)));
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.#db
      .delete(oidcPayloads)
      .where(and(eq(oidcPayloads.model, this.#model), eq(oidcPayloads.grantId, grantId)));
  }
}

/** Revokes every artefact of a grant (codes, tokens) and the grant itself. */
export async function revokeGrant(db: Db, grantId: string): Promise<void> {
  await db
    .delete(oidcPayloads)
    .where(or(eq(oidcPayloads.grantId, grantId), and(eq(oidcPayloads.model, 'Grant'), eq(oidcPayloads.id, grantId))));
}

/**
 * Revokes everything the provider holds for one account: its sessions, grants, codes and refresh tokens. JWT access
 * tokens are not stored and live until they expire (ACCESS_TOKEN_TTL); refreshing them fails from now on.
 */
export async function revokeAccountArtefacts(db: Db, accountId: string): Promise<void> {
  const grants = await db
    .select({ id: oidcPayloads.id })
    .from(oidcPayloads)
    .where(and(eq(oidcPayloads.model, 'Grant'), sql`${oidcPayloads.payload}->>'accountId' = ${accountId}`));
  for (const grant of grants) await revokeGrant(db, grant.id);
  await db.delete(oidcPayloads).where(sql`${oidcPayloads.payload}->>'accountId' = ${accountId}`);
}

export async function purgeExpiredPayloads(db: Db): Promise<void> {
  await db.delete(oidcPayloads).where(lt(oidcPayloads.expiresAt, sql`now()`));
}
