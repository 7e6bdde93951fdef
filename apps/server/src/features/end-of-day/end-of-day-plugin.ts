import fp from 'fastify-plugin';
import { createEndOfDay, type EndOfDayService } from './end-of-day-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    endOfDay: EndOfDayService;
  }
}

/**
 * The end of the day (docs/end-of-day.md), on the labels' carrier accounts. No background work: a SCAN form and a
 * pickup are made while the seller waits, the carrier's answer (or refusal) being what the page shows.
 */
export const endOfDayPlugin = fp(
  async (app) => {
    app.decorate('endOfDay', createEndOfDay({ database: app.db, carriers: app.labels.carriers }));
  },
  { name: 'end-of-day', dependencies: ['db', 'labels'] },
);
