import { sql } from 'drizzle-orm';
import type { TestContext } from './app-helper.ts';

type Rows<T> = { rows: T[] };

/** Waits until `check` answers something other than undefined (polling), and answers it. */
export async function waitFor<T>(
  check: () => Promise<T | undefined>,
  timeoutMs = 20_000,
  what = 'a condition',
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * A job as a killed worker leaves it: active, started an hour ago, past its expiry. pg-boss's expiry monitor fails
 * it into its retry (`retryCount` already spent: `retries`), as it would the job of a process killed mid-work.
 */
export async function strandJob(
  t: TestContext,
  queue: string,
  data: object,
  options: { singletonKey?: string; retries?: number } = {},
): Promise<string> {
  const result = (await t.app.db.db.execute(sql`
    INSERT INTO pgboss.job (name, data, state, retry_limit, retry_count, retry_delay, retry_backoff, retry_delay_max,
      expire_seconds, started_on, singleton_key, policy, dead_letter)
    SELECT name, ${JSON.stringify(data)}::jsonb, 'active', retry_limit, ${options.retries ?? 0}, retry_delay,
      retry_backoff, retry_delay_max, 1, now() - interval '1 hour', ${options.singletonKey ?? null}, policy, dead_letter
    FROM pgboss.queue WHERE name = ${queue}
    RETURNING id`)) as unknown as Rows<{ id: string }>;
  const id = result.rows[0]?.id;
  if (!id) throw new Error(`no queue ${queue}`);
  return id;
}

/** The jobs of `queue` whose data has `key` = `value`: state, retries, and seconds until they may start. */
export async function jobsOf(t: TestContext, queue: string, key: string, value: string | number) {
  const result = (await t.app.db.db.execute(sql`
    SELECT id, state, retry_count AS "retryCount",
      extract(epoch FROM start_after - now())::float AS "startsIn"
    FROM pgboss.job WHERE name = ${queue} AND data ->> ${key} = ${String(value)} ORDER BY created_on`)) as unknown as Rows<{
    id: string;
    state: string;
    retryCount: number;
    startsIn: number;
  }>;
  return result.rows;
}

/** The waiting jobs of `queue` whose data has `key` = `value` may start now (their time, as if it had come). */
export async function startNow(t: TestContext, queue: string, key: string, value: string | number): Promise<number> {
  const result = (await t.app.db.db.execute(sql`
    UPDATE pgboss.job SET start_after = now()
    WHERE name = ${queue} AND state IN ('created', 'retry') AND data ->> ${key} = ${String(value)}
    RETURNING id`)) as unknown as Rows<{ id: string }>;
  return result.rows.length;
}

/** Waits until the job `id` of `queue` has finished (completed, or failed with no retry left). */
export async function jobDone(t: TestContext, queue: string, id: string): Promise<string> {
  return waitFor(
    async () => {
      const result = (await t.app.db.db.execute(
        sql`SELECT state FROM pgboss.job WHERE name = ${queue} AND id = ${id}`,
      )) as unknown as Rows<{ state: string }>;
      const state = result.rows[0]?.state;
      return state === 'completed' || state === 'failed' ? state : undefined;
    },
    20_000,
    `job ${id} of ${queue}`,
  );
}

/**
 * Waits until the queue has no work it could do now: no job running, none waiting whose time has come. What a request
 * sent on (a re-resolution, a push, a pull's slices) has then run, so a comparison of rows sees all of it.
 */
export async function backgroundIdle(t: TestContext, timeoutMs = 20_000): Promise<void> {
  // The address checks' sweep runs on its own clock: swept now, the checks it would start are part of this wait, so
  // a later sweep finds nothing new to write unless a request since then gave it something.
  await t.app.addressChecks?.worker.sweep();
  await waitFor(
    async () => {
      const result = (await t.app.db.db.execute(sql`
        SELECT count(*)::int AS busy FROM pgboss.job
        WHERE state = 'active' OR (state IN ('created', 'retry') AND start_after <= now())`)) as unknown as Rows<{
        busy: number;
      }>;
      return result.rows[0]?.busy === 0 ? true : undefined;
    },
    timeoutMs,
    'the background work to finish',
  );
}
