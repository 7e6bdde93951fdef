import type { DashboardPeriod } from '@shipdesk/contract';
import { api } from '@/lib/api/base-api';
import { statisticsFrom, type DashboardStatistics } from '../dashboard-data';

const periodPath = (endpoint: string, period: DashboardPeriod) => `call/${endpoint}/${encodeURIComponent(period)}`;

/**
 * The dashboard calls of spec 7.6. Both answers depend on the orders ('Dashboard', invalidated by order changes and
 * by the realtime hook) and on the tenant's currency and time zone ('Config', invalidated when settings are saved).
 */
const dashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The four tiles only: the cheap call, so the counts show before the charts. */
    quickDashboard: build.query<DashboardStatistics, DashboardPeriod>({
      query: (period) => periodPath('quickDashboard', period),
      transformResponse: statisticsFrom,
      providesTags: ['Dashboard', 'Config'],
    }),
    /** Everything, of which the screen reads the revenue by category and by channel. */
    dashboard: build.query<DashboardStatistics, DashboardPeriod>({
      query: (period) => periodPath('dashboard', period),
      transformResponse: statisticsFrom,
      providesTags: ['Dashboard', 'Config'],
    }),
  }),
});

export const { useQuickDashboardQuery, useDashboardQuery } = dashboardApi;
