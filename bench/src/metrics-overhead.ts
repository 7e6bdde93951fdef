import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { withLogDefaults } from '../../apps/server/src/lib/logging.ts';
import { requestIdFor } from '../../apps/server/src/lib/request-context.ts';
import { metricsPlugin } from '../../apps/server/src/plugins/metrics.ts';
import { requestContextPlugin, RequestLogController } from '../../apps/server/src/plugins/request-logging.ts';

/**
 * What the operations hooks cost a request (docs/OPERATIONS.md "Overhead"): the same route through `inject` on
 * three apps, rounds interleaved so that other work on the machine lands on all alike:
 * - `before`: Fastify's default request logging (two lines a request), as the server logged before;
 * - `logging`: one line a request (RequestLogController), ids from `requestIdFor`, redaction;
 * - `full`: that plus the request context (preHandler) and the metrics hook (one histogram observation).
 * Logs go to a sink that drops them, at info, so their serialising is counted. CPU time, not wall time: a shared
 * machine's other work does not land in it. Keep rounds small: `inject` itself retains ~10 kB a call (Fastify 5.12,
 * light-my-request; a real HTTP loop does not), so a few hundred thousand calls exhaust the heap.
 */
const { values: args } = parseArgs({
  options: { requests: { type: 'string', default: '3000' }, rounds: { type: 'string', default: '11' } },
});
const REQUESTS = Number(args.requests);
const ROUNDS = Number(args.rounds);

const sink = () =>
  new Writable({
    write(_chunk, _encoding, done) {
      done();
    },
  });

/** Stands in for the database plugin: the metrics plugin reads only the driver's kind until it is scraped. */
const stubDb = fp(
  async (app) => {
    app.decorate('db', { kind: 'pglite', db: { execute: async () => ({ rows: [] }) } } as never);
  },
  { name: 'db' },
);

async function build(kind: 'before' | 'logging' | 'full'): Promise<FastifyInstance> {
  const app =
    kind === 'before'
      ? Fastify({ logger: withLogDefaults({ level: 'info', stream: sink() }) })
      : Fastify({
          logger: withLogDefaults({ level: 'info', stream: sink() }),
          genReqId: requestIdFor,
          logController: new RequestLogController(),
        });
  await app.register(stubDb);
  if (kind === 'full') {
    await app.register(requestContextPlugin);
    await app.register(metricsPlugin, { token: undefined, port: undefined, host: '127.0.0.1' });
  }
  app.get('/api/v1/things/:id', async (request) => ({ id: (request.params as { id: string }).id, ok: true }));
  await app.ready();
  return app;
}

/** CPU time (user and system) per request, in µs: what this process spent, whatever else the machine ran. */
async function round(app: FastifyInstance): Promise<number> {
  const started = process.cpuUsage();
  for (let i = 0; i < REQUESTS; i++) await app.inject({ url: `/api/v1/things/${i}` });
  const spent = process.cpuUsage(started);
  return (spent.user + spent.system) / REQUESTS;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const apps = { before: await build('before'), logging: await build('logging'), full: await build('full') };
for (const app of Object.values(apps)) await round(app); // warm-up
const times: Record<keyof typeof apps, number[]> = { before: [], logging: [], full: [] };
for (let r = 0; r < ROUNDS; r++) {
  for (const name of Object.keys(apps) as Array<keyof typeof apps>) times[name].push(await round(apps[name]));
}
const us = (n: number) => `${n.toFixed(2)} µs`;
const [before, logging, full] = [median(times.before), median(times.logging), median(times.full)];
console.log(`CPU per request (median of ${ROUNDS} rounds of ${REQUESTS} injects):`);
console.log(`  before  (Fastify's two log lines)          ${us(before)}`);
console.log(`  logging (one line, request id, redaction)   ${us(logging)}  (${us(logging - before)} against before)`);
console.log(
  `  full    (+ request context + metrics hook)  ${us(full)}  (${us(full - logging)} for context and metrics)`,
);
for (const app of Object.values(apps)) await app.close();
