export { subscriptionsRoutes as subscriptionsFeature } from './subscriptions-routes.ts';
