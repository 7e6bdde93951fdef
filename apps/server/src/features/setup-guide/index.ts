export { setupGuideRoutes as setupGuideFeature } from './setup-guide-routes.ts';
