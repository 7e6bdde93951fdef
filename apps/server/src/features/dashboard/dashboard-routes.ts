import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { DASHBOARD_PERIODS, DashboardSchema, Envelope, QuickDashboardSchema } from '@shipdesk/contract';
import { errorResponses } from '../../lib/schemas.ts';
import { createDashboardService, type DashboardServiceOptions } from './dashboard-service.ts';

// A plain string, checked by the service: an unknown period is a 400 that lists the allowed ones.
const PeriodParam = Type.Object({
  period: Type.String({ description: `${DASHBOARD_PERIODS.join(', ')} (URL-encoded, e.g. This%20Week)` }),
});

const DESCRIPTION =
  'Periods are cut in the tenant time zone: Today, This Week (Monday to Sunday) or This Month. The tiles compare ' +
  'the period so far with the same elapsed part of the previous one (yesterday, last week, last calendar month) up ' +
  'to the same wall-clock time: `comparedWith` gives that span and a label for it. The chart compares with the ' +
  'whole previous period (`range`). Open Orders are the Sales Orders placed in the period that are not fully ' +
  'shipped. Money in minor units of `currency`. What each tile counts: docs/dashboard.md.';

export const dashboardRoutes: FastifyPluginAsyncTypebox<DashboardServiceOptions> = async (app, options) => {
  const service = createDashboardService(app.db, options);
  const common = { tags: ['dashboard'], security: [{ bearerAuth: [] }], params: PeriodParam };

  app.get(
    '/call/dashboard/:period',
    {
      config: { policy: 'signed-in' },
      schema: {
        ...common,
        summary: 'Dashboard: the four tiles, revenue by category and by channel',
        description: DESCRIPTION,
        response: { 200: Envelope(DashboardSchema), ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => ({
      code: 200,
      success: true as const,
      data: await service.dashboard(request.auth!, request.params.period),
    }),
  );

  app.get(
    '/call/quickDashboard/:period',
    {
      config: { policy: 'signed-in' },
      schema: {
        ...common,
        summary: 'Dashboard tiles alone (received, open, shipped, cancelled)',
        description: DESCRIPTION,
        response: { 200: Envelope(QuickDashboardSchema), ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => ({
      code: 200,
      success: true as const,
      data: await service.quickDashboard(request.auth!, request.params.period),
    }),
  );
};
