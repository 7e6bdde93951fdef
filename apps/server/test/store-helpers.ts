import type { SyncRun } from '@shipdesk/contract';
import type { TestContext } from './app-helper.ts';

/** Waits for the store's newest sync run to end (succeeded, failed or stalled) and answers it. */
export async function settleSyncRun(t: TestContext, tenantId: string, storeId: string): Promise<SyncRun> {
  const headers = await t.auth(tenantId);
  for (let i = 0; i < 300; i++) {
    const res = await t.app.inject({ url: `/call/store/${storeId}/syncRuns`, headers });
    const latest: SyncRun | undefined = res.json().data.rows[0];
    if (latest && latest.state !== 'queued' && latest.state !== 'running') return latest;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('sync run did not finish');
}

/** The ship-to of the channel orders the upsert tests make (a domestic US address). */
export const CHANNEL_SHIP_TO = {
  name: 'Ida Receiver',
  company: null,
  address1: '5 Harbour Rd',
  address2: null,
  city: 'Portsmouth',
  state: 'NH',
  postalCode: '03801',
  country: 'US',
  phone: null,
  email: null,
};
