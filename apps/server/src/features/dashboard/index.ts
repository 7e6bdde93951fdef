export { dashboardRoutes as dashboardFeature } from './dashboard-routes.ts';
// The benchmarks (bench/src/dashboard.ts) time the service and check its figures with the same assembly and windows.
export { assemble, createDashboardService, salesCount } from './dashboard-service.ts';
export type { SlotTotals } from './dashboard-repository.ts';
export { BUCKET_MS, dashboardWindows, type DashboardWindows } from './dashboard-periods.ts';
