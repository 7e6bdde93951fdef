import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import Type from 'typebox';
import { IDEMPOTENCY_KEY_HEADER } from '@shipdesk/contract';
import type { Database, Executor } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema/index.ts';
import { HttpError, badRequest } from './http-errors.ts';

/**
 * `Idempotency-Key` for every mutating route, whichever feature it belongs to (docs/orders.md, "Idempotency"): here
 * and not in a feature because nothing in it is about orders (a key belongs to a tenant, and "the same request" is
 * its method, path, caller and body). A key is claimed by inserting its row (`idempotency_keys`, primary key tenant
 * and key) with the answer pending; a second request with the same key waits for that row's answer and replays it;
 * the same key with another request is a 422 `idempotency_key_reused`. Only successful answers are kept.
 *
 * Work comes in two shapes:
 * - one transaction (`runIdempotent`): the claim, the work and the answer commit together, so a concurrent request
 *   with the same key waits on the key's row until the first commits, and a refusal rolls the claim back with the
 *   work (a retry is judged afresh);
 * - work that calls something outside between two transactions, a carrier's label purchase (`startIdempotent`,
 *   then `answerKey` or `releaseKey`): the claim commits with the first transaction, before the outside call, so a
 *   second request finds it pending and waits for the answer instead of calling again; the answer is kept in the
 *   transaction that records the outcome, and a failure gives the key back. A pending claim left by a stopped
 *   instance is taken over after `ABANDONED_AFTER_SECONDS`.
 */

/** How long an answer is kept for replay. */
const IDEMPOTENCY_TTL_HOURS = 24;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
/** A claim pending this long was left by an instance that stopped: longer than any outside call may take. */
const ABANDONED_AFTER_SECONDS = 300;
/** How long a request waits for another one's pending answer under the same key, and how often it looks. */
const PENDING_WAIT_MS = 60_000;
const PENDING_POLL_MS = 200;

/** What an idempotent write needs from its HTTP request. */
export interface WriteRequest {
  /** The `Idempotency-Key` header, if the client sent one. */
  idempotencyKey: string | undefined;
  method: string;
  path: string;
}

/** A claimed key and the hash of the request that claimed it. */
export interface IdempotencyKey {
  key: string;
  hash: string;
}

export interface Answer<T> {
  statusCode: number;
  body: T;
}

/** An answer, and whether it is a replay: the caller then repeats no side effect outside the database. */
export type KeptAnswer<T> = Answer<T> & { replayed: boolean };

export const idempotencyHeaders = Type.Object({
  [IDEMPOTENCY_KEY_HEADER]: Type.Optional(
    Type.String({ maxLength: 255, description: 'same key and same body: the first answer is replayed (24 h)' }),
  ),
});

/** The request facts a route hands its service. */
export function writeRequest(request: FastifyRequest): WriteRequest {
  const header = request.headers[IDEMPOTENCY_KEY_HEADER];
  return {
    idempotencyKey: Array.isArray(header) ? header[0] : header,
    method: request.method,
    path: request.url.split('?')[0] ?? request.url,
  };
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

/** The key of a write (null without the header): 400 when it is not 1-255 visible ASCII characters. */
export function idempotencyKey(request: WriteRequest, userId: string, body: unknown): IdempotencyKey | null {
  const key = request.idempotencyKey;
  if (key === undefined) return null;
  if (!KEY_PATTERN.test(key)) {
    throw badRequest({ 'Idempotency-Key': 'Idempotency-Key must be 1 to 255 visible ASCII characters' });
  }
  const hash = createHash('sha256')
    .update(`${request.method} ${request.path}\n${userId}\n${canonical(body)}`)
    .digest('hex');
  return { key, hash };
}

type Claim = { kind: 'claimed' } | { kind: 'pending' } | { kind: 'replay'; answer: Answer<unknown> };

/** Claims the key in the caller's transaction; the tenant's expired keys go first. */
async function claimKey(tx: Executor, tenantId: string, key: IdempotencyKey): Promise<Claim> {
  const own = and(eq(idempotencyKeys.tenantId, tenantId), eq(idempotencyKeys.key, key.key));
  await tx
    .delete(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.tenantId, tenantId),
        lt(idempotencyKeys.createdAt, sql`now() - make_interval(hours => ${IDEMPOTENCY_TTL_HOURS})`),
      ),
    );
  // A concurrent claim of the same key waits here until the first one's transaction ends.
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
  if (existing.statusCode > 0) {
    return { kind: 'replay', answer: { statusCode: existing.statusCode, body: existing.responseBody } };
  }
  const abandoned = Date.now() - existing.createdAt.getTime() > ABANDONED_AFTER_SECONDS * 1000;
  if (!abandoned) return { kind: 'pending' };
  await tx
    .update(idempotencyKeys)
    .set({ createdAt: sql`now()` })
    .where(own);
  return { kind: 'claimed' };
}

/** Keeps the answer of a claimed key, in the transaction that commits the work it answers. */
export async function answerKey(
  tx: Executor,
  tenantId: string,
  key: IdempotencyKey,
  answer: Answer<unknown>,
): Promise<void> {
  await tx
    .update(idempotencyKeys)
    .set({ statusCode: answer.statusCode, responseBody: answer.body as object })
    .where(and(eq(idempotencyKeys.tenantId, tenantId), eq(idempotencyKeys.key, key.key)));
}

/** The work failed after its claim committed: the same key may be sent again and is judged afresh. */
export async function releaseKey(tx: Executor, tenantId: string, key: IdempotencyKey): Promise<void> {
  await tx
    .delete(idempotencyKeys)
    .where(
      and(eq(idempotencyKeys.tenantId, tenantId), eq(idempotencyKeys.key, key.key), eq(idempotencyKeys.statusCode, 0)),
    );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The first transaction of a write: claims the key (when there is one), then runs `first` in the same transaction.
 * Answers the replay when the key was answered already; while another request holds the key pending, waits for it
 * (a new transaction each look) and throws `inProgress()` when it takes longer than a minute.
 */
export async function startIdempotent<R>(
  database: Database,
  tenantId: string,
  key: IdempotencyKey | null,
  first: (tx: Executor) => Promise<R>,
  inProgress: () => HttpError,
): Promise<{ kind: 'replay'; answer: Answer<unknown> } | { kind: 'started'; value: R }> {
  const deadline = Date.now() + PENDING_WAIT_MS;
  for (;;) {
    const step = await database.withTenant(tenantId, async (tx) => {
      const claim: Claim = key ? await claimKey(tx, tenantId, key) : { kind: 'claimed' };
      if (claim.kind !== 'claimed') return claim;
      return { kind: 'started' as const, value: await first(tx) };
    });
    if (step.kind !== 'pending') return step;
    if (Date.now() > deadline) throw inProgress();
    await sleep(PENDING_POLL_MS);
  }
}

/**
 * A write whose work is one transaction: the key is claimed, the work done and its answer kept in the tenant's
 * transaction. `replayed` tells the caller not to repeat side effects outside the database (realtime pushes).
 */
export async function runIdempotent<T>(
  database: Database,
  tenantId: string,
  key: IdempotencyKey | null,
  work: (tx: Executor) => Promise<Answer<T>>,
): Promise<KeptAnswer<T>> {
  const started = await startIdempotent(
    database,
    tenantId,
    key,
    async (tx) => {
      const answer = await work(tx);
      if (key) await answerKey(tx, tenantId, key, answer);
      return answer;
    },
    // Only a key left pending by the other shape (an outside call) under the very same request gets here.
    () =>
      new HttpError(409, 'The same request is still being answered; try again shortly', {
        reason: 'request_in_progress',
      }),
  );
  if (started.kind === 'replay') return { ...(started.answer as Answer<T>), replayed: true };
  return { ...started.value, replayed: false };
}
