/** Role ids carried in the access token (spec section 6). */
export const Role = {
  SuperAdmin: 1,
  Admin: 2,
  Manager: 3,
} as const;
export type RoleId = (typeof Role)[keyof typeof Role];
const ROLE_IDS: readonly RoleId[] = [Role.SuperAdmin, Role.Admin, Role.Manager];
export const ROLE_NAMES: Record<RoleId, string> = {
  [Role.SuperAdmin]: 'SuperAdmin',
  [Role.Admin]: 'Admin',
  [Role.Manager]: 'Manager',
};
export function isRoleId(value: unknown): value is RoleId {
  return typeof value === 'number' && (ROLE_IDS as readonly number[]).includes(value);
}

/** Order statuses of spec 4.1. */
export const ORDER_STATUSES = [
  'Draft Order',
  'Sales Order',
  'Completed',
  'Canceled',
  'Deleted',
  'Completed - Canceled Partial',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const PAYMENT_STATUSES = ['Paid', 'Unpaid', 'Terms', 'Paid Partial'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const SHIPMENT_STATUSES = ['Unshipped', 'Shipped Partial', 'Shipped Complete'] as const;
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];

/** Order events sent as part of the path (spec 4.1), and the other actions. */
export const ORDER_EVENTS = [
  'packingSlip',
  'cancel',
  'approve',
  'shipComplete',
  'processPayment',
  'shipLabel',
  'zpl',
  'delete',
  'reorder',
  'reship',
  'returnLabel',
] as const;
export type OrderEvent = (typeof ORDER_EVENTS)[number];

/** Sales-channel source types (spec section 3). */
export const SOURCE_TYPES = ['Wholesale', 'Ebay', 'AmazonSP', 'Bigcommerce', 'Walmart', 'Shopify', 'Magento'] as const;
export type SourceType = (typeof SOURCE_TYPES)[number];
