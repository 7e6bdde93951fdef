import fp from 'fastify-plugin';
import { ordersNotifier } from '../orders/index.ts';
import { createBuyerNoticeSender, type TrackingLinks } from './buyer-notice-send.ts';
import { declareBuyerNoticeQueues, type BuyerNoticeWork } from './buyer-notices-jobs.ts';
import { createBuyerNotices, type BuyerNotices } from './buyer-notices-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    buyerNotices: BuyerNotices & { sender: BuyerNoticeWork };
  }
}

/**
 * Buyer e-mails (docs/buyer-notices.md): the settings and previews, and their sending as jobs on the one engine
 * (buyer-notices-jobs.ts); labels and tracking queue them through `queueBuyerNotice`.
 */
export const buyerNoticesPlugin = fp<TrackingLinks>(
  async (app, options) => {
    const queue = declareBuyerNoticeQueues(app.background, () => sender);
    const sender = createBuyerNoticeSender({
      database: app.db,
      mailer: app.mailer,
      notify: ordersNotifier(app),
      log: app.log,
      links: options,
      sendJob: (job) => queue.send(job),
    });
    app.decorate('buyerNotices', { ...createBuyerNotices({ database: app.db, links: options }), sender });
  },
  { name: 'buyer-notices', dependencies: ['db', 'mailer', 'background', 'realtime'] },
);
