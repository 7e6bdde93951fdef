export { tenantsRoutes as tenantsFeature } from './tenants-routes.ts';
export { createTenantsService, type TenantsService } from './tenants-service.ts';
