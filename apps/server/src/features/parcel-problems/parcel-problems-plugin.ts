import fp from 'fastify-plugin';
import { ordersNotifier } from '../orders/index.ts';
import { createProblemDigest } from './parcel-problems-digest.ts';
import { createParcelProblems, type ParcelProblems } from './parcel-problems-service.ts';

interface ParcelProblemsDecoration {
  service: ParcelProblems;
  /** The digest's hourly run (the schedule's work; tests call it with their clock). Answers the e-mails sent. */
  sendDigests(now?: Date): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    parcelProblems: ParcelProblemsDecoration;
  }
}

/**
 * Parcels with a problem (docs/tracking.md, "Problems and the dashboard"): the list, "resolved", and the daily
 * e-mail to Admins who ask for it, sent by `parcel-problems-digest` on the one engine every hour.
 */
export const parcelProblemsPlugin = fp<{ publicUrl: string }>(
  async (app, options) => {
    const sendDigests = createProblemDigest({
      database: app.db,
      mailer: app.mailer,
      publicUrl: options.publicUrl,
      log: app.log,
    });
    app.background.queue<object>({
      name: 'parcel-problems-digest',
      expireInSeconds: 600,
      retryLimit: 2,
      retryDelaySeconds: 300,
      work: async () => void (await sendDigests()),
    });
    app.background.schedule('parcel-problems-digest', '0 * * * *');
    app.decorate('parcelProblems', {
      service: createParcelProblems({ database: app.db, notify: ordersNotifier(app) }),
      sendDigests,
    });
  },
  { name: 'parcel-problems', dependencies: ['db', 'mailer', 'background', 'realtime'] },
);
