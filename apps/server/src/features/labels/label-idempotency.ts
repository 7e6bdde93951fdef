import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { idempotencyKeys } from '../../db/schema/index.ts';
import { HttpError, badRequest } from '../../lib/http-errors.ts';
import { requestHash, type IdempotentRequest } from '../orders/index.ts';

/**
 * `Idempotency-Key` for a label purchase, which calls a carrier between two transactions: the key is claimed
 * (answer pending) and committed before the carrier is asked, so a second request with the same key waits for the
 * first one's answer and replays it instead of buying again. A failed purchase gives the key back; a pending key
 * left by a stopped instance is taken over after `ABANDONED_AFTER_SECONDS`.
 */

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
const ABANDONED_AFTER_SECONDS = 300;

export type KeyClaim =
  { kind: 'claimed' } | { kind: 'pending' } | { kind: 'replay'; statusCode: number; body: unknown };

export interface LabelKey {
  key: string;
  hash: string;
}

export function labelKey(request: IdempotentRequest): LabelKey | null {
  if (request.key === undefined) return null;
  if (!KEY_PATTERN.test(request.key)) {
    throw badRequest({ 'Idempotency-Key': 'Idempotency-Key must be 1 to 255 visible ASCII characters' });
  }
  return { key: request.key, hash: requestHash(request) };
}

export async function claimKey(tx: Executor, tenantId: string, key: LabelKey): Promise<KeyClaim> {
  const own = and(eq(idempotencyKeys.tenantId, tenantId), eq(idempotencyKeys.key, key.key));
  const claimed = await tx
    .insert(idempotencyKeys)
    .values({ tenantId, key: key.key, requestHash: key.hash, statusCode: 0, responseBody: {} })
    .onConflictDoNothing({ target: [idempotencyKeys.tenantId, idempotencyKeys.key] })
    .returning({ key: idempotencyKeys.key });
  if (claimed.length > 0) return { kind: 'claimed' };
  const [existing] = await tx.select().from(idempotencyKeys).where(own).for('update');
  if (!existing || existing.requestHash !== key.hash) {
    throw new HttpError(422, 'This Idempotency-Key was used for another request', { reason: 'idempotency_key_reused' });
  }
  if (existing.statusCode > 0) return { kind: 'replay', statusCode: existing.statusCode, body: existing.responseBody };
  const abandoned = Date.now() - existing.createdAt.getTime() > ABANDONED_AFTER_SECONDS * 1000;
  if (!abandoned) return { kind: 'pending' };
  await tx
    .update(idempotencyKeys)
    .set({ createdAt: sql`now()` })
    .where(own);
  return { kind: 'claimed' };
}

export async function answerKey(
  tx: Executor,
  tenantId: string,
  key: LabelKey,
  statusCode: number,
  body: unknown,
): Promise<void> {
  await tx
    .update(idempotencyKeys)
    .set({ statusCode, responseBody: body as object })
    .where(and(eq(idempotencyKeys.tenantId, tenantId), eq(idempotencyKeys.key, key.key)));
}

/** A refused or failed purchase: the same key may be tried again and is judged afresh. */
export async function releaseKey(tx: Executor, tenantId: string, key: LabelKey): Promise<void> {
  await tx
    .delete(idempotencyKeys)
    .where(
      and(eq(idempotencyKeys.tenantId, tenantId), eq(idempotencyKeys.key, key.key), eq(idempotencyKeys.statusCode, 0)),
    );
}
