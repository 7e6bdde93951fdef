import type { ConfigEntry, ConfigKey, ConfigUpsert, SuccessEnvelope } from '@shipdesk/contract';
import { api } from '@/lib/api/base-api';

/**
 * GET /api/v1/configs and POST /call/configs/createOrUpdate (spec 7.6). A save refreshes the
 * configs and the setup guide, whose steps (warehouse address, label type) depend on them.
 */
export const configsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getConfigs: build.query<ConfigEntry[], void>({
      query: () => 'api/v1/configs',
      transformResponse: (response: SuccessEnvelope<unknown>) => configEntriesFrom(response),
      providesTags: ['Config'],
    }),
    saveConfig: build.mutation<unknown, ConfigUpsert>({
      query: (body) => ({ url: 'call/configs/createOrUpdate', method: 'POST', body }),
      invalidatesTags: ['Config', 'SetupGuide'],
    }),
  }),
});

export const { useGetConfigsQuery, useSaveConfigMutation } = configsApi;

/** The well-formed entries of the answer; `options` may arrive as JSON text (spec 3) and is parsed. */
export function configEntriesFrom(response: unknown): ConfigEntry[] {
  const data = response && typeof response === 'object' ? (response as { data?: unknown }).data : undefined;
  if (!Array.isArray(data)) return [];
  return data.flatMap((raw): ConfigEntry[] => {
    if (!raw || typeof raw !== 'object' || typeof raw.key !== 'string') return [];
    return [
      {
        key: raw.key,
        value: typeof raw.value === 'string' ? raw.value : null,
        options: parseOptions(raw.options),
        updated_at: typeof raw.updated_at === 'string' ? raw.updated_at : '',
      },
    ];
  });
}

function parseOptions(options: unknown): Record<string, unknown> | null {
  if (typeof options === 'string') {
    try {
      return parseOptions(JSON.parse(options));
    } catch {
      return null;
    }
  }
  return options && typeof options === 'object' && !Array.isArray(options)
    ? (options as Record<string, unknown>)
    : null;
}

/** The options of one key, or an empty object when it is not stored yet. */
export function configOptions(entries: readonly ConfigEntry[] | undefined, key: ConfigKey): Record<string, unknown> {
  return entries?.find((entry) => entry.key === key)?.options ?? {};
}

/** The string at `options[field]`, or the fallback. */
export function optionString(options: Record<string, unknown>, field: string, fallback = ''): string {
  const value = options[field];
  return typeof value === 'string' ? value : fallback;
}
