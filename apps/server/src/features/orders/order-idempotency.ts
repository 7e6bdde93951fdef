import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { idempotencyKeys } from '../../db/schema/index.ts';
import { HttpError, badRequest } from '../../lib/http-errors.ts';

/** How long an answer is kept for replay. */
export const IDEMPOTENCY_TTL_HOURS = 24;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export interface IdempotentRequest {
  /** The `Idempotency-Key` header, if the client sent one. */
  key: string | undefined;
  /** What makes two requests "the same": method, path, caller and body. */
  method: string;
  path: string;
  userId: string;
  body: unknown;
}

export interface Answer<T> {
  statusCode: number;
  body: T;
}

/** JSON with object keys sorted, so the same body always hashes the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export function requestHash(request: Omit<IdempotentRequest, 'key'>): string {
  return createHash('sha256')
    .update(`${request.method} ${request.path}\n${request.userId}\n${canonical(request.body)}`)
    .digest('hex');
}

/**
 * Runs `work` in the tenant's transaction under an `Idempotency-Key`. The key row is claimed in the same
 * transaction as the work: a concurrent request with the same key waits on the key's unique index until the first
 * commits, then replays its answer. Only successful answers are kept; a refusal rolls back with the work, so a
 * retry is judged afresh. The same key with another request is a 422 `idempotency_key_reused`.
 *
 * `replayed` tells the caller not to repeat side effects outside the database (realtime pushes).
 */
export async function runIdempotent<T>(
  database: Database,
  tenantId: string,
  request: IdempotentRequest,
  work: (tx: Executor) => Promise<Answer<T>>,
): Promise<Answer<T> & { replayed: boolean }> {
  if (request.key !== undefined && !KEY_PATTERN.test(request.key)) {
    throw badRequest({ 'Idempotency-Key': 'Idempotency-Key must be 1 to 255 visible ASCII characters' });
  }
  return database.withTenant(tenantId, async (tx) => {
    if (request.key === undefined) return { ...(await work(tx)), replayed: false };
    const hash = requestHash(request);
    await tx
      .delete(idempotencyKeys)
      .where(
        and(
          eq(idempotencyKeys.tenantId, tenantId),
          lt(idempotencyKeys.createdAt, sql`now() - make_interval(hours => ${IDEMPOTENCY_TTL_HOURS})`),
        ),
      );
    const claimed = await tx
      .insert(idempotencyKeys)
      .values({ tenantId, key: request.key, requestHash: hash, statusCode: 0, responseBody: {} })
      .onConflictDoNothing({ target: [idempotencyKeys.tenantId, idempotencyKeys.key] })
      .returning({ key: idempotencyKeys.key });
    if (claimed.length === 0) {
      const [existing] = await tx
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.tenantId, tenantId), eq(idempotencyKeys.key, request.key)));
      if (!existing || existing.requestHash !== hash) {
        throw new HttpError(422, 'This Idempotency-Key was used for another request', {
          reason: 'idempotency_key_reused',
        });
      }
      return { statusCode: existing.statusCode, body: existing.responseBody as T, replayed: true };
    }
    const answer = await work(tx);
    await tx
      .update(idempotencyKeys)
      .set({ statusCode: answer.statusCode, responseBody: answer.body as object })
      .where(and(eq(idempotencyKeys.tenantId, tenantId), eq(idempotencyKeys.key, request.key)));
    return { ...answer, replayed: false };
  });
}
