import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, newTenantId } from '../../test/app-helper.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { HttpError } from './http-errors.ts';
import {
  answerKey,
  idempotencyKey,
  releaseKey,
  runIdempotent,
  startIdempotent,
  type WriteRequest,
} from './idempotency.ts';

const request = (key: string | undefined, path = '/call/orders/1/approve/orderFlow'): WriteRequest => ({
  idempotencyKey: key,
  method: 'POST',
  path,
});
const inProgress = () => new HttpError(409, 'still in progress', { reason: 'purchase_in_progress' });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(backends)('Idempotency-Key ($name)', (backend) => {
  let database: Database;
  let cleanup: () => Promise<void>;
  const tenant = newTenantId();

  beforeAll(async () => {
    const created = await backend.createMigrated();
    cleanup = created.cleanup;
    database = await openDatabase(created.config);
    await database.migrate();
    await database.db.execute(sql`INSERT INTO tenants (id) VALUES (${tenant})`);
  });
  afterAll(async () => {
    await database?.close();
    await cleanup?.();
  });

  it('refuses a key that is not 1 to 255 visible characters, and hashes the same body the same way', () => {
    expect(() => idempotencyKey(request('has space'), 'u1', {})).toThrow(HttpError);
    expect(() => idempotencyKey(request('x'.repeat(256)), 'u1', {})).toThrow(HttpError);
    expect(idempotencyKey(request(undefined), 'u1', {})).toBeNull();
    const a = idempotencyKey(request('k'), 'u1', { a: 1, b: [1, { c: 2, d: 3 }] });
    const b = idempotencyKey(request('k'), 'u1', { b: [1, { d: 3, c: 2 }], a: 1, e: undefined });
    expect(a).toEqual(b);
    expect(idempotencyKey(request('k'), 'u2', { a: 1 })!.hash).not.toBe(
      idempotencyKey(request('k'), 'u1', { a: 1 })!.hash,
    );
  });

  describe('work in one transaction', () => {
    it('runs the work once and replays its answer for the same request; another request is a 422', async () => {
      let runs = 0;
      const work = async () => {
        runs += 1;
        return { statusCode: 201, body: { run: runs } };
      };
      const key = () => idempotencyKey(request('one-tx'), 'u1', { n: 1 });
      const first = await runIdempotent(database, tenant, key(), work);
      const again = await runIdempotent(database, tenant, key(), work);
      expect(first).toEqual({ statusCode: 201, body: { run: 1 }, replayed: false });
      expect(again).toEqual({ statusCode: 201, body: { run: 1 }, replayed: true });
      expect(runs).toBe(1);
      const other = runIdempotent(database, tenant, idempotencyKey(request('one-tx'), 'u1', { n: 2 }), work);
      await expect(other).rejects.toMatchObject({ statusCode: 422, reason: 'idempotency_key_reused' });
      expect(runs).toBe(1);
    });

    it('gives the key back with a refusal, so a retry is judged afresh', async () => {
      const key = () => idempotencyKey(request('refused'), 'u1', {});
      const refused = runIdempotent(database, tenant, key(), async () => {
        throw new HttpError(409, 'not now', { reason: 'invalid_status' });
      });
      await expect(refused).rejects.toMatchObject({ statusCode: 409 });
      const retried = await runIdempotent(database, tenant, key(), async () => ({ statusCode: 200, body: 'done' }));
      expect(retried).toEqual({ statusCode: 200, body: 'done', replayed: false });
    });

    it('runs concurrent requests with one key once: the second waits for the first and replays it', async () => {
      let runs = 0;
      const work = async () => {
        runs += 1;
        await sleep(150);
        return { statusCode: 200, body: { run: runs } };
      };
      const key = () => idempotencyKey(request('together'), 'u1', {});
      const answers = await Promise.all([
        runIdempotent(database, tenant, key(), work),
        runIdempotent(database, tenant, key(), work),
      ]);
      expect(runs).toBe(1);
      expect(answers.map((a) => a.replayed).sort()).toEqual([false, true]);
      expect(answers[0]!.body).toEqual(answers[1]!.body);
    });
  });

  describe('work that spans an outside call', () => {
    const path = '/call/orders/1/shipLabel/orderFlow';

    it('commits the claim first: a second request waits for the answer and replays it', async () => {
      const key = idempotencyKey(request('outside', path), 'u1', { label: 1 })!;
      const first = await startIdempotent(database, tenant, key, async () => 'reserved', inProgress);
      expect(first).toEqual({ kind: 'started', value: 'reserved' });
      let secondRan = false;
      const second = startIdempotent(
        database,
        tenant,
        key,
        async () => {
          secondRan = true;
          return 'reserved again';
        },
        inProgress,
      );
      // The outside call takes a while; its outcome and answer commit together.
      await sleep(450);
      await database.withTenant(tenant, (tx) => answerKey(tx, tenant, key, { statusCode: 200, body: { label: 'L1' } }));
      expect(await second).toEqual({ kind: 'replay', answer: { statusCode: 200, body: { label: 'L1' } } });
      expect(secondRan).toBe(false);
    });

    it('lets a released key be tried again, and takes over a claim left pending by a stopped instance', async () => {
      const key = idempotencyKey(request('released', path), 'u1', { label: 2 })!;
      await startIdempotent(database, tenant, key, async () => 1, inProgress);
      await database.withTenant(tenant, (tx) => releaseKey(tx, tenant, key));
      expect(await startIdempotent(database, tenant, key, async () => 2, inProgress)).toEqual({
        kind: 'started',
        value: 2,
      });
      // Still pending, but claimed ten minutes ago: its instance stopped before the answer.
      await database.db.execute(
        sql`UPDATE idempotency_keys SET created_at = now() - interval '10 minutes'
            WHERE tenant_id = ${tenant} AND key = 'released'`,
      );
      expect(await startIdempotent(database, tenant, key, async () => 3, inProgress)).toEqual({
        kind: 'started',
        value: 3,
      });
    });

    it('refuses the key for another request while it is pending', async () => {
      const key = idempotencyKey(request('pending-other', path), 'u1', { label: 3 })!;
      await startIdempotent(database, tenant, key, async () => 1, inProgress);
      const other = idempotencyKey(request('pending-other', path), 'u1', { label: 4 });
      await expect(startIdempotent(database, tenant, other, async () => 2, inProgress)).rejects.toMatchObject({
        statusCode: 422,
        reason: 'idempotency_key_reused',
      });
    });
  });
});
