/**
 * What a Magento store keeps of its notifications among its sealed credentials: the public key of the seller's Adobe
 * Commerce Webhooks (not a secret, but kept with the store's connection so it goes where the store goes), and where
 * the endpoint is and which webhook the seller is asked to add.
 */
export const PUBLIC_KEY_KEY = 'magentoWebhookPublicKey';
export const MAGENTO_WEBHOOK_METHOD = 'observer.sales_order_save_after';

export const magentoEndpoint = (publicUrl: string, webhookKey: string) =>
  `${publicUrl.replace(/\/+$/, '')}/webhooks/magento/${webhookKey}`;
