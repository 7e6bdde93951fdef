/** The order list as each user keeps it: page size, density, columns and saved views, and the filter's services. */
export { orderViewsRoutes as orderViewsFeature } from './order-views-routes.ts';
