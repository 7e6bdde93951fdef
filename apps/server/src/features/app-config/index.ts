export { appConfigRoutes as appConfigFeature } from './app-config-routes.ts';
