import type { SourceType } from '@shipdesk/contract';
import { publicUrlProblem, systemLookup, type HostLookup } from '../../integrations/http/public-url.ts';

/**
 * The addresses of a store's settings that Shipdesk will call: its API (and token) base URLs, Magento's store URL,
 * and Shopify's shop domain. Each must be a public address, unless the operator's OUTBOUND_ALLOW_HOSTS (or the demo)
 * admits it, so a store cannot be saved pointing at loopback, the private network or the cloud metadata address.
 * The egress guard refuses such calls anyway; refusing them here says so on the field, when the store is saved.
 */
const URL_SETTINGS = ['apiBaseUrl', 'authBaseUrl', 'baseUrl'] as const;

interface StoreAddressCheck {
  allowed: (url: URL) => boolean;
  resolve?: HostLookup;
}

export async function storeAddressErrors(
  sourceType: SourceType,
  settings: Record<string, string>,
  check: StoreAddressCheck,
): Promise<Record<string, string>> {
  const errors: Record<string, string> = {};
  const options = { allowed: check.allowed, resolve: check.resolve ?? systemLookup, lenient: true };
  const verify = async (key: string, url: string) => {
    const problem = await publicUrlProblem(url, `settings.${key}`, options);
    if (problem) errors[`settings.${key}`] = problem;
  };
  for (const key of URL_SETTINGS) {
    const value = settings[key];
    if (value) await verify(key, value);
  }
  const domain = settings.shopDomain?.trim();
  if (sourceType === 'Shopify' && domain) {
    // The domain as the adapter calls it: a bare name, with or without a scheme or a path. One that is no host name
    // at all is the field check's to refuse.
    const url = URL.parse(`https://${domain.replace(/^https?:\/\//i, '').replace(/\/.*$/, '')}`);
    if (url) await verify('shopDomain', url.href);
  }
  return errors;
}
