import { CARRIER_NAMES, isKnownTimeZone, TRACKING_STATUS_NAMES, wallClock } from '@shipdesk/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { shipDateIn } from '../labels/index.ts';
import { createParcelProblemsRepository, type ProblemRow } from './parcel-problems-repository.ts';
import { readProblems } from './parcel-problems-service.ts';

const repo = createParcelProblemsRepository();

/** The local hour the digest goes at, and how many problems it lists (the rest are counted). */
const DIGEST_HOUR = 7;
const DIGEST_TOP = 20;

interface DigestMailer {
  send(message: { to: string; subject: string; text: string }): Promise<void>;
}

function line(problem: ProblemRow, publicUrl: string): string {
  const what =
    problem.kind === 'late'
      ? `late: promised ${problem.expectedDelivery}`
      : `${TRACKING_STATUS_NAMES[problem.status]} since ${problem.since.toISOString().slice(0, 10)}`;
  const words = problem.lastEvent ? ` "${problem.lastEvent.description}"` : '';
  return (
    `- Order ${problem.orderNumber}, ${CARRIER_NAMES[problem.carrier]} ${problem.trackingNumber}: ${what}.${words}\n` +
    `  ${publicUrl}/orders/view/${problem.orderId}`
  );
}

function message(to: string, total: number, top: ProblemRow[], publicUrl: string) {
  const more = total - top.length;
  const text = [
    `${total} parcel${total === 1 ? ' has' : 's have'} a problem (a carrier exception or past the promised day), ` +
      'oldest first:',
    '',
    ...top.map((p) => line(p, publicUrl)),
    ...(more > 0 ? ['', `... and ${more} more.`] : []),
    '',
    `All of them: ${publicUrl}/problems`,
    '',
    'You get this e-mail because you asked for it on the Problems page; switch it off there.',
  ].join('\n');
  return { to, subject: `Shipdesk: ${total} parcel${total === 1 ? '' : 's'} with a problem`, text };
}

/**
 * The daily e-mail of parcel problems (the schedule runs it every hour): each subscriber whose tenant's local hour
 * is 7 and who has not had today's gets it once. The claim (last_sent_on = today) and the send share one
 * transaction: a failed send undoes the claim for the job's retry; a second instance waits on the claimed row and
 * then finds it sent. A day with no problem sends nothing.
 */
export function createProblemDigest(deps: {
  database: Database;
  mailer: DigestMailer;
  publicUrl: string;
  log: FastifyBaseLogger;
}) {
  return async function sendDigests(now = new Date()): Promise<number> {
    let sent = 0;
    for (const subscriber of await repo.subscribers(deps.database.db)) {
      const timeZone = subscriber.timeZone && isKnownTimeZone(subscriber.timeZone) ? subscriber.timeZone : 'UTC';
      if (wallClock(now, timeZone).hour !== DIGEST_HOUR) continue;
      const today = shipDateIn(timeZone, now);
      const { tenantId, userId } = subscriber;
      sent += await deps.database.withTenant(tenantId, async (tx) => {
        const to = await repo.claim(tx, tenantId, userId, today);
        if (!to) return 0;
        const { rows, total } = await readProblems(tx, tenantId, DIGEST_TOP, null, now);
        if (total === 0) return 0;
        await deps.mailer.send(message(to, total, rows, deps.publicUrl));
        deps.log.info({ tenantId, userId, total }, 'parcel problems digest sent');
        return 1;
      });
    }
    return sent;
  };
}
