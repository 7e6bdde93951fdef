import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, buildTestApp, newTenantId, type TestContext } from '../../test/app-helper.ts';

interface Line {
  level: number;
  msg: string;
  reqId?: string;
  req?: { method: string; url: string };
  res?: { statusCode: number };
  responseTime?: number;
  [field: string]: unknown;
}

const INFO = 30;
const DEBUG = 20;

/** The request log, the request id and what the jobs a request sends carry; on the app's own logger (pino). */
describe.each(backends)('request logs ($name)', (backend) => {
  let t: TestContext;
  const lines: Line[] = [];
  const tenant = newTenantId();
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const text of chunk.toString('utf8').split('\n')) if (text) lines.push(JSON.parse(text) as Line);
        done();
      },
    });
    t = await buildTestApp(
      backend,
      {},
      (app) => {
        app.post('/api/v1/__send-probe', { config: { policy: 'public' } }, async (request) => {
          const body = request.body as { n: number };
          await app.jobs.send('log-probe', { n: body.n });
          return { ok: true };
        });
      },
      { logger: { level: 'debug', stream } },
    );
  });
  afterAll(() => t.close());

  const since = (mark: number) => lines.slice(mark);
  const infoAbout = (found: Line[], path: string) =>
    found.filter((line) => line.level >= INFO && line.req?.url.startsWith(path));

  it('writes one line per request when it is answered, with its id, route, status and time', async () => {
    const mark = lines.length;
    const res = await t.app.inject({ url: '/api/v1/configs?search=Ada', headers: await t.auth(tenant) });
    const found = infoAbout(since(mark), '/api/v1/configs');
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ msg: 'request completed', req: { method: 'GET', url: '/api/v1/configs?…' } });
    expect(found[0]!.res?.statusCode).toBe(res.statusCode);
    expect(found[0]!.responseTime).toBeGreaterThan(0);
    expect(found[0]!.reqId).toMatch(/^[0-9a-f-]{36}$/);
    expect(since(mark).some((line) => line.msg === 'incoming request')).toBe(false);
  });

  it('keeps health checks at debug and every other route at info', async () => {
    const mark = lines.length;
    expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/readyz' })).statusCode).toBe(200);
    const found = since(mark).filter((line) => line.msg === 'request completed');
    expect(found.map((line) => [line.req?.url, line.level])).toEqual([
      ['/healthz', DEBUG],
      ['/readyz', DEBUG],
    ]);
    // Any other route at info: the rule is not "everything at debug".
    const other = lines.length;
    await t.app.inject({ url: '/no-such-route' });
    expect(infoAbout(since(other), '/no-such-route')).toHaveLength(1);
  });

  it("keeps a balancer's X-Request-Id when it looks like one and makes a new one otherwise", async () => {
    let mark = lines.length;
    await t.app.inject({ url: '/healthz', headers: { 'x-request-id': 'lb-0123456789abcdef' } });
    expect(since(mark).find((line) => line.req?.url === '/healthz')?.reqId).toBe('lb-0123456789abcdef');
    mark = lines.length;
    await t.app.inject({ url: '/healthz', headers: { 'x-request-id': '"}\n{"level":60,"msg":"forged' } });
    expect(since(mark).find((line) => line.req?.url === '/healthz')?.reqId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("carries the request's id into the job it sends: the job's data and the worker's log lines", async () => {
    const boss = t.app.jobs;
    await boss.createQueue('log-probe');
    const ran = new Promise<{ data: unknown }>((resolve) => {
      void boss.work('log-probe', { pollingIntervalSeconds: 0.5 }, async ([job]) => {
        t.app.log.info({ probe: (job!.data as { n: number }).n }, 'probe job ran');
        resolve(job!);
      });
    });
    const requestId = 'req-carried-0001';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/__send-probe',
      headers: { 'x-request-id': requestId },
      payload: { n: 7 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const job = await ran;
    expect(job.data).toEqual({ n: 7, requestId });
    const line = lines.find((l) => l.msg === 'probe job ran');
    expect(line).toMatchObject({ probe: 7, reqId: requestId });
    // Work started outside a request names none.
    t.app.log.info('outside any request');
    expect(lines.find((l) => l.msg === 'outside any request')?.reqId).toBeUndefined();
  });

  it('redacts credentials and personal data from whatever object a line carries', async () => {
    t.app.log.info(
      {
        password: 'pw-secret-1',
        apiKey: 'sk-secret-2',
        store: { credentials: { accessToken: 'shpat-secret-3' }, name: 'Shop' },
        customer: { email: 'ada@example.com', address: '12 St James Square' },
        headers: { authorization: 'Bearer secret-4', cookie: 'sid=secret-5' },
      },
      'something happened',
    );
    const line = lines.find((l) => l.msg === 'something happened')!;
    const text = JSON.stringify(line);
    for (const secret of ['pw-secret-1', 'sk-secret-2', 'shpat-secret-3', 'ada@example.com', 'St James', 'secret-4']) {
      expect(text).not.toContain(secret);
    }
    expect(text).not.toContain('secret-5');
    expect(line).toMatchObject({ password: '[redacted]', store: { name: 'Shop', credentials: '[redacted]' } });
  });
});
