export { accessRevocationsPlugin } from './access-revocations-plugin.ts';
export { usersRoutes as usersFeature } from './users-routes.ts';
