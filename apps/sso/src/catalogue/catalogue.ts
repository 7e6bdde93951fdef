import { APP_CATALOGUE_IDS, SHIPPING_APP_ID, type SubscribedApp } from '@shipdesk/contract';
import type { SsoConfig } from '../config.ts';
import { ACCOUNT_CALLBACK_PATH } from '../provider/provider.ts';

const NAMES: Record<(typeof APP_CATALOGUE_IDS)[number], string> = {
  iam: 'Identity & Access Management',
  rule_engine: 'Shipping Rule Engine',
  multi_carrier_label: 'Multi-Carrier Labels',
  [SHIPPING_APP_ID]: 'Shipdesk',
};

/** The app catalogue: the shipping app, and its three siblings whose addresses come from the configuration. */
export function appCatalogue(config: SsoConfig): SubscribedApp[] {
  const urls: Record<(typeof APP_CATALOGUE_IDS)[number], string> = {
    iam: `${config.issuer}${ACCOUNT_CALLBACK_PATH}`,
    rule_engine: config.appUrls.ruleEngine,
    multi_carrier_label: config.appUrls.labels,
    [SHIPPING_APP_ID]: config.publicUrl,
  };
  return APP_CATALOGUE_IDS.map((id) => ({
    id,
    name: NAMES[id],
    app_logo: `${config.issuer}/logos/${id}.svg`,
    ui_url: urls[id],
  }));
}
