import Type from 'typebox';

/**
 * The setup-guide steps (spec 2.3 leaves them "not shown"; ours, computed from the tenant's data).
 * Order matters: it is the order the popover lists them in.
 */
export const SETUP_GUIDE_STEPS = [
  { id: 'connectStore', title: 'Connect a store', route: '/stores' },
  { id: 'warehouseAddress', title: 'Set the warehouse address', route: '/settings/warehouse' },
  { id: 'shippingMethod', title: 'Add a shipping method', route: '/settings/shipping-methods' },
  { id: 'carrierMapping', title: 'Map it to a carrier method', route: '/settings/shipping-methods' },
  { id: 'labelType', title: 'Choose the label type', route: '/settings/labels' },
] as const;
export type SetupGuideStepId = (typeof SETUP_GUIDE_STEPS)[number]['id'];

export const SetupGuideSchema = Type.Object({
  steps: Type.Record(Type.String(), Type.Boolean()),
  completed: Type.Integer(),
  total: Type.Integer(),
  /** What needs the seller's attention now, e.g. a store whose sync failed or stalled. */
  problems: Type.Array(Type.Object({ step: Type.String(), message: Type.String(), route: Type.String() })),
});
export type SetupGuide = Type.Static<typeof SetupGuideSchema>;
