import { useEffect, useRef } from 'react';
import { toast } from '@/lib/toast/toast';
import { api } from '@/lib/api/base-api';
import { showApiError } from '@/lib/errors';
import { STORAGE_KEYS, readItem, removeItem, writeItem } from '@/lib/storage/local-storage';

/** POST /call/bigcommerce/claimInstall: the signed-in organisation takes the install it came from. */
const marketplaceApi = api.injectEndpoints({
  endpoints: (build) => ({
    claimMarketplaceInstall: build.mutation<{ data: { storeId: string; created: boolean } }, string>({
      query: (claimToken) => ({ url: 'call/bigcommerce/claimInstall', method: 'POST', body: { claimToken } }),
      invalidatesTags: ['SetupGuide'],
    }),
  }),
});

/** /bc_redirect keeps the install's claim token until someone signs in (in this tab or the login tab it opens). */
export function rememberMarketplaceInstall(search: string): void {
  const token = new URLSearchParams(search).get('install');
  if (token) writeItem(STORAGE_KEYS.marketplaceInstall, token);
}

/**
 * After sign-in, connects the BigCommerce store the merchant installed from the marketplace to their organisation
 * (which starts its first pull), once, and says so.
 */
export function useClaimMarketplaceInstall(ready: boolean): void {
  const [claim] = marketplaceApi.useClaimMarketplaceInstallMutation();
  const tried = useRef(false);
  useEffect(() => {
    if (!ready || tried.current) return;
    const token = readItem(STORAGE_KEYS.marketplaceInstall);
    if (!token) return;
    tried.current = true;
    claim(token)
      .unwrap()
      .then((answer) => {
        removeItem(STORAGE_KEYS.marketplaceInstall);
        if (answer.data.created) toast.success('Your BigCommerce store is connected. Its orders are on their way.');
      })
      .catch((error: unknown) => {
        // An install that is gone or belongs to another organisation will not work later either.
        if ((error as { status?: number }).status === 404) removeItem(STORAGE_KEYS.marketplaceInstall);
        showApiError(error, 'Could not connect your BigCommerce store.');
      });
  }, [ready, claim]);
}
