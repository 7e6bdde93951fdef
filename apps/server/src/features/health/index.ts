export { healthRoutes as healthFeature } from './health-routes.ts';
