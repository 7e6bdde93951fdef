import { toast } from '@/lib/toast/toast';
import type { PushStatus, Store } from '@shipdesk/contract';
import { apiErrorMessage } from '@/lib/errors';

/**
 * Turns a store's order notifications on or off and says how it went. A platform that refuses answers with the state
 * `failed` rather than an error, so that is told apart from a call that did not get through.
 */
export async function switchPush({
  platform,
  store,
  on,
  request,
  onError,
}: {
  platform: string;
  store: Store;
  on: boolean;
  request(): Promise<{ status: PushStatus }>;
  onError?(error: unknown): void;
}) {
  try {
    const next = await request();
    if (next.status === 'failed') toast.error(`${platform} refused the order notifications of ${store.name}.`);
    else toast.success(`Order notifications of ${store.name} are ${on ? 'on' : 'off'}.`);
  } catch (error) {
    onError?.(error);
    toast.error(apiErrorMessage(error, `Could not change the order notifications of ${store.name}.`));
  }
}
