import Type from 'typebox';

/** The app catalogue entry (spec section 3, "Subscribed app"). */
const SubscribedAppSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  app_logo: Type.String(),
  ui_url: Type.String(),
});
export type SubscribedApp = Type.Static<typeof SubscribedAppSchema>;

export const ProductsSchema = Type.Object({ products: Type.Array(SubscribedAppSchema) });

/** Catalogue id of this shipping app: the apps-grid lists every subscribed app but this one. */
export const SHIPPING_APP_ID = 'shipping';
export const APP_CATALOGUE_IDS = ['iam', 'rule_engine', 'multi_carrier_label', SHIPPING_APP_ID] as const;
