import type { SubscribedApp, SuccessEnvelope } from '@shipdesk/contract';
import { api } from '@/lib/api/base-api';
import { setSubscribedApps } from '@/lib/state/user-data-slice';

/** Keeps the well-formed entries of a subscription answer's data.products. */
export function subscribedAppsFromResponse(response: unknown): SubscribedApp[] {
  const data = response && typeof response === 'object' ? (response as { data?: unknown }).data : undefined;
  const products = data && typeof data === 'object' ? (data as { products?: unknown }).products : undefined;
  if (!Array.isArray(products)) return [];
  return products.filter(
    (p): p is SubscribedApp =>
      !!p &&
      typeof p === 'object' &&
      typeof p.id === 'string' &&
      typeof p.name === 'string' &&
      typeof p.app_logo === 'string' &&
      typeof p.ui_url === 'string',
  );
}

/** GET /call/userProductSubscriptions -> userData.subscribedApps; a failure empties the list silently (spec 8). */
export const subscriptionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getUserProductSubscriptions: build.query<SuccessEnvelope<{ products: SubscribedApp[] }>, void>({
      query: () => 'call/userProductSubscriptions',
      providesTags: ['Subscription'],
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(setSubscribedApps(subscribedAppsFromResponse(data)));
        } catch {
          dispatch(setSubscribedApps([]));
        }
      },
    }),
  }),
});

export const { useLazyGetUserProductSubscriptionsQuery } = subscriptionsApi;
