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
