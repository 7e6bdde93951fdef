import { tenantUnitsFrom, type ConfigEntry, type ConfigUpsert, type TenantUnits } from '@shipdesk/contract';
import type { Database } from '../../db/client.ts';
import type { ConfigRow } from '../../db/schema/index.ts';
import { validateConfigEntry } from './config-entries.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { badRequest } from '../../lib/http-errors.ts';
import { createApiKeysRepository } from './api-keys-repository.ts';
import { cqUrlProblem, systemLookup, type HostLookup } from '../../integrations/http/public-url.ts';
import { carrierAccountExists } from '../shipping/index.ts';
import { createConfigsRepository } from './configs-repository.ts';

export interface ConfigsServiceOptions {
  /** Tests answer host names without DNS. */
  lookupHost?: HostLookup;
}

/** How an entry leaves the server: time as ISO 8601 UTC. */
const toEntry = (row: ConfigRow): ConfigEntry => ({
  key: row.key,
  value: row.value,
  options: row.options ?? null,
  updated_at: row.updatedAt.toISOString(),
});

export function createConfigsService(database: Database, options: ConfigsServiceOptions = {}) {
  const repo = createConfigsRepository(database.db);
  const apiKeys = createApiKeysRepository();
  const lookupHost = options.lookupHost ?? systemLookup;

  return {
    /**
     * The tenant's entries. `bearer_token` is the working API key (api_keys), shown by its last four characters;
     * rows an older version saved under that key are not answered.
     */
    list(auth: AuthContext): Promise<ConfigEntry[]> {
      return database.withTenant(auth.tenantId, async (tx) => {
        // `product_weight_fill` is the catalogue's fill record (docs/products.md), kept here but not a setting.
        const entries = (await repo.list(auth.tenantId, tx))
          .filter((row) => row.key !== 'bearer_token' && row.key !== 'product_weight_fill')
          .map(toEntry);
        const key = await apiKeys.working(tx, auth.tenantId);
        if (key) {
          entries.push({
            key: 'bearer_token',
            value: `••••••••${key.last4}`,
            options: null,
            updated_at: key.createdAt.toISOString(),
          });
        }
        return entries.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
      });
    },

    /**
     * `GET /api/v1/configs/units`: the units the tenant's weights and sizes are shown and typed in, saved or (until
     * an Admin saves them) the warehouse country's.
     */
    units(auth: AuthContext): Promise<TenantUnits> {
      return database.withTenant(auth.tenantId, async (tx) =>
        tenantUnitsFrom((await repo.list(auth.tenantId, tx)).map(toEntry)),
      );
    },

    /**
     * `POST /call/configs/createOrUpdate`: one entry, checked against its key's shape and meaning, saved by the
     * caller. `time_zone` also moves the tenant's own zone, in the same transaction, so the two never disagree.
     */
    async createOrUpdate(auth: AuthContext, input: ConfigUpsert): Promise<ConfigEntry> {
      const checked = validateConfigEntry(input);
      if (!checked.ok) throw badRequest(checked.errors);
      const { entry } = checked;
      if (entry.key === 'cq_url') {
        const problem = await cqUrlProblem(entry.value!, lookupHost);
        if (problem) throw badRequest({ value: problem });
      }
      return database.withTenant(auth.tenantId, async (tx) => {
        if (entry.key === 'time_zone') await repo.setTenantTimeZone(auth.tenantId, entry.value!, tx);
        const account = entry.options?.defaultCarrierAccountId;
        if (entry.key === 'ship_label_app_info' && typeof account === 'string') {
          if (!(await carrierAccountExists(tx, auth.tenantId, Number(account)))) {
            throw badRequest({
              'options.defaultCarrierAccountId': 'options.defaultCarrierAccountId names no carrier account of yours',
            });
          }
        }
        return toEntry(await repo.upsert(auth.tenantId, { ...entry, updatedBy: auth.userId }, tx));
      });
    },

    /**
     * `DELETE /call/configs/{key}`: unsets a setting that has a fallback (returns_address: the ship-from then takes
     * the returns). Other keys are refused: unset, they would leave the product without what it needs.
     */
    async remove(auth: AuthContext, key: string): Promise<{ key: string; removed: boolean }> {
      if (!(REMOVABLE_KEYS as readonly string[]).includes(key)) {
        throw badRequest({ key: `key "${key}" cannot be removed; only ${REMOVABLE_KEYS.join(', ')} can` });
      }
      const removed = await database.withTenant(auth.tenantId, (tx) => repo.remove(auth.tenantId, key, tx));
      return { key, removed };
    },
  };
}

/** Settings with a fallback when unset. */
const REMOVABLE_KEYS = ['returns_address'] as const;
