import fp from 'fastify-plugin';
import { checkOrderEvent, ordersNotifier } from '../orders/index.ts';
import { createReturnEmails, type ReturnEmails } from './return-email.ts';
import { createReturnPurchases, type ReturnPurchases } from './return-purchase-service.ts';
import { declareReturnQueues, type ReturnWork } from './returns-jobs.ts';
import { createReturns, type Returns } from './returns-service.ts';

interface ReturnsDecoration {
  purchases: ReturnPurchases;
  service: Returns;
  emails: ReturnEmails;
}

declare module 'fastify' {
  interface FastifyInstance {
    returns: ReturnsDecoration;
  }
}

/**
 * Return labels (docs/returns.md), built once per instance on the labels' carriers; their background work (settling
 * a purchase whose answer was lost, e-mailing the label to the buyer) is jobs on the one engine (returns-jobs.ts).
 */
export const returnsPlugin = fp(
  async (app) => {
    const notify = ordersNotifier(app);
    const jobs = declareReturnQueues(app.background, () => work);
    const carriers = app.labels.carriers;
    const purchases = createReturnPurchases({
      database: app.db,
      carriers,
      notify,
      log: app.log,
      jobs,
      checkEvent: checkOrderEvent,
    });
    const emails = createReturnEmails({ database: app.db, mailer: app.mailer, notify, jobs, log: app.log });
    const work: ReturnWork = {
      settle: (job) => purchases.settle(job.tenantId, job.returnId),
      email: (job, run) => emails.send(job, run),
    };
    app.decorate('returns', {
      purchases,
      service: createReturns({ database: app.db, carriers, notify, purchases }),
      emails,
    });
  },
  { name: 'returns', dependencies: ['db', 'labels', 'mailer', 'background', 'realtime'] },
);
