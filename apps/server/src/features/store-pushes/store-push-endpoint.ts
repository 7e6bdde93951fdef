import type { IncomingHttpHeaders } from 'node:http';
import type { PushStatus } from '@shipdesk/contract';
import type { Database } from '../../db/client.ts';
import { HttpError, notFound } from '../../lib/http-errors.ts';
import { openCredentials, sealCredentials } from '../../lib/sealed-credentials.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { pushRefused, setPushStatus } from '../stores/index.ts';
import { createEbayNotificationsRepository, type EbayNotificationStore } from './ebay-notifications-repository.ts';

/**
 * What every channel's pushed-order endpoint and setup share (docs/stores.md, "Pushes"): finding the store a URL's key
 * names, reading a header and the JSON body with every refusal counted by reason, and keeping the sealed setup.
 */

// The row reads are the same for every channel's notification setup: the store by id, and by its endpoint's key.
const repo = createEbayNotificationsRepository();

/** A header's first value (Node lower-cases incoming names, so `name` may be spelled as the platform documents it). */
export function headerValue(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

/** The `channel` store the key names, with its tenant; refused and counted when there is none (or it is archived). */
export async function pushStoreByKey(database: Database, channel: string, key: string) {
  const target = await repo.storeByKey(database.db, key);
  const store =
    target && (await database.withTenant(target.tenantId, (tx) => repo.findStore(tx, target.tenantId, target.storeId)));
  if (!target || !store || store.sourceType !== channel || store.archivedAt) {
    pushRefused(channel, 'unknown_store');
    throw notFound('No store has this webhook address');
  }
  return { tenantId: target.tenantId, store };
}

/** The push's body as JSON; a body that is not is refused as malformed, saying `what` it is. */
export function pushJson(channel: string, rawBody: Buffer, what: string): unknown {
  try {
    return JSON.parse(rawBody.toString('utf8'));
  } catch {
    pushRefused(channel, 'malformed');
    throw new HttpError(400, `${what} is not JSON`);
  }
}

/** The counts a setup's view shows, zero for any the store has not had yet. */
export function pushCountsOf(store: NonNullable<EbayNotificationStore>) {
  return {
    recorded: store.pushCounts.recorded ?? 0,
    duplicate: store.pushCounts.duplicate ?? 0,
    ignored: store.pushCounts.ignored ?? 0,
  };
}

/**
 * Merges `changed` into the store's sealed credentials (a key set to null is deleted), with the endpoint key and the
 * status when given, all under the row's lock so two setups never interleave.
 */
export const pushSetupKeeper =
  (deps: { database: Database; secrets: SecretBox }) =>
  async (
    tenantId: string,
    storeId: number,
    changed: Record<string, string | null>,
    status?: { status: PushStatus; error: string | null },
    webhookKey?: string,
  ): Promise<void> => {
    await deps.database.withTenant(tenantId, async (tx) => {
      const store = await repo.findStore(tx, tenantId, storeId, true);
      if (!store) throw notFound('Store not found');
      const credentials = openCredentials(deps.secrets, store.credentials);
      for (const [key, value] of Object.entries(changed)) {
        if (value === null) delete credentials[key];
        else credentials[key] = value;
      }
      await repo.saveSetup(tx, tenantId, storeId, {
        credentials: sealCredentials(deps.secrets, credentials),
        webhookKey: webhookKey ?? store.webhookKey,
      });
      if (status) await setPushStatus(tx, tenantId, storeId, status.status, status.error);
    });
  };
