import type { ConfigUpsert } from '@shipdesk/contract';
import { api } from '@/lib/api/base-api';

// The configs are read through the query every screen shares (orders and the dashboard take the currency from it).
export { configEntriesFrom, configOptions, useGetConfigsQuery } from '@/lib/api/tenant-configs';

/**
 * POST /call/configs/createOrUpdate (spec 7.6). A save refreshes the configs and the setup guide, whose steps
 * (warehouse address, label type) depend on them.
 */
const configsApi = api.injectEndpoints({
  endpoints: (build) => ({
    saveConfig: build.mutation<unknown, ConfigUpsert>({
      query: (body) => ({ url: 'call/configs/createOrUpdate', method: 'POST', body }),
      invalidatesTags: ['Config', 'SetupGuide'],
    }),
    /** DELETE /call/configs/{key}: the key unset (the returns address, which then falls back to the ship-from). */
    deleteConfig: build.mutation<unknown, 'returns_address'>({
      query: (key) => ({ url: `call/configs/${encodeURIComponent(key)}`, method: 'DELETE' }),
      invalidatesTags: ['Config'],
    }),
  }),
});

export const { useSaveConfigMutation, useDeleteConfigMutation } = configsApi;

/** The string at `options[field]`, or the fallback. */
export function optionString(options: Record<string, unknown>, field: string, fallback = ''): string {
  const value = options[field];
  return typeof value === 'string' ? value : fallback;
}
