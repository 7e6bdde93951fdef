import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, buildTestApp, newTenantId, type TestContext } from '../test/app-helper.ts';

/** What the server writes to its log must not repeat tokens, query strings or the parameters of a failed statement. */
describe.each(backends)('logs ($name)', (backend) => {
  let t: TestContext;
  const lines: string[] = [];
  const SECRET_PARAMETER = 'Ada Lovelace, 12 St James Square';
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    t = await buildTestApp(
      backend,
      {},
      (app) => {
        app.get('/api/v1/__failing-statement', async () => {
          await app.db.db.execute(sql`SELECT ${SECRET_PARAMETER}::bigint AS customer`);
          return { ok: true };
        });
      },
      { logger: { level: 'info', stream } },
    );
  });
  afterAll(() => t.close());

  it('keeps a failed statement out of the log: its SQL, its parameters and the value PostgreSQL quotes', async () => {
    const res = await t.app.inject({ url: '/api/v1/__failing-statement', headers: await t.auth(newTenantId()) });
    expect(res.statusCode).toBe(500);
    const log = lines.join('');
    expect(log).toContain('request failed');
    expect(log).toContain('Failed SELECT statement: invalid input syntax for type bigint');
    expect(log).not.toContain('Ada Lovelace');
    expect(log).not.toContain('::bigint');
  });

  it('logs the path of a request, never its query string', async () => {
    const token = 'eyJhbGciOiJSUzI1NiJ9.secret-in-the-query.signature';
    await t.app.inject({ url: `/api/v1/configs?access_token=${token}&search=Ada` });
    const log = lines.join('');
    expect(log).toContain('/api/v1/configs');
    expect(log).not.toContain('secret-in-the-query');
    expect(log).not.toContain('search=Ada');
  });
});
