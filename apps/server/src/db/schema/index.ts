// The one schema Drizzle sees (client.ts, drizzle.config.ts): what every part shares is declared here, each feature's
// own tables in its folder as <feature>-tables.ts. A feature reads another's tables through this file.
export * from './tenancy.ts';
export * from './tenants.ts';
export * from './configs.ts';
export * from '../../features/setup-guide/setup-guide-tables.ts';
export * from '../../features/stores/stores-tables.ts';
export * from '../../features/shipping/carrier-accounts-tables.ts';
export * from '../../features/shipping/ship-methods-tables.ts';
export * from '../../features/orders/orders-tables.ts';
export * from '../../features/orders/order-counts-tables.ts';
export * from './idempotency-keys.ts';
export * from '../../features/settings/api-keys-tables.ts';
export * from '../../features/dashboard/dashboard-tables.ts';
export * from '../../features/users/access-revocations-tables.ts';
export * from '../../features/labels/labels-tables.ts';
export * from '../../features/shipping-rules/shipping-rules-tables.ts';
export * from '../../features/order-views/order-views-tables.ts';
export * from '../../features/products/products-tables.ts';
export * from '../../features/address-checks/address-checks-tables.ts';
export * from '../../features/returns/returns-tables.ts';
export * from '../../features/tracking/tracking-tables.ts';
export * from '../../features/buyer-notices/buyer-notices-tables.ts';
export * from '../../features/end-of-day/end-of-day-tables.ts';
export * from '../../features/store-reconcile/store-reconcile-tables.ts';
