import { SHIPPING_APP_ID, type SubscribedApp } from '@shipdesk/contract';
import { getAppConfig } from '@/config/app-config';
import { api } from '@/lib/api/base-api';
import type { ApiError } from '@/lib/errors/api-error';
import { fetchEnvelopeData, joinUrl } from '@/lib/http/fetch-json';

/** The sibling apps of the SSO's catalogue (GET {ssoUrl}/call/aml/getProducts), without this app. */
const catalogueApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAppCatalogue: build.query<SubscribedApp[], void>({
      async queryFn() {
        try {
          const data = await fetchEnvelopeData<unknown>(joinUrl(getAppConfig().ssoUrl, '/call/aml/getProducts'), {
            credentials: 'omit',
          });
          return { data: siblingApps(data) };
        } catch (error) {
          return { error: error as ApiError };
        }
      },
    }),
  }),
});

export const { useGetAppCatalogueQuery } = catalogueApi;

/** Well-formed catalogue entries from `data.products`, except the shipping app itself. */
export function siblingApps(data: unknown): SubscribedApp[] {
  const products = data && typeof data === 'object' ? (data as { products?: unknown }).products : undefined;
  if (!Array.isArray(products)) return [];
  return products.filter(
    (p): p is SubscribedApp =>
      !!p &&
      typeof p === 'object' &&
      typeof p.id === 'string' &&
      p.id !== SHIPPING_APP_ID &&
      typeof p.name === 'string' &&
      typeof p.app_logo === 'string' &&
      typeof p.ui_url === 'string',
  );
}
