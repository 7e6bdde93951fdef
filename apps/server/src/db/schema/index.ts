export * from './tenancy.ts';
export * from './tenants.ts';
export * from './configs.ts';
export * from './setup-guide.ts';
export * from './stores.ts';
export * from './ship-methods.ts';
export * from './orders.ts';
