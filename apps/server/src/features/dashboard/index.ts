export { dashboardRoutes as dashboardFeature } from './dashboard-routes.ts';
