import { useMemo } from 'react';
import { DEFAULT_CURRENCY, DEFAULT_LOCALE, type ConfigEntry, type ConfigKey } from '@shipdesk/contract';
import { api } from './base-api.ts';

/**
 * GET /api/v1/configs (spec 7.6), asked once for every screen: Settings edits the entries, orders and the dashboard
 * read the tenant's currency from them. One cache entry, tagged 'Config', so a save in Settings refreshes them all.
 */
const tenantConfigsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getConfigs: build.query<ConfigEntry[], void>({
      query: () => 'api/v1/configs',
      transformResponse: configEntriesFrom,
      providesTags: ['Config'],
    }),
  }),
});

export const { useGetConfigsQuery } = tenantConfigsApi;

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

/** Currency and locale of the tenant (config currency_info). */
interface TenantCurrency {
  currency: string;
  locale: string;
}

/** currency_info of the entries; a value missing or malformed falls back to the product default. */
export function tenantCurrencyFrom(entries: readonly ConfigEntry[]): TenantCurrency {
  const { currencyCode, locale } = configOptions(entries, 'currency_info');
  return {
    currency: typeof currencyCode === 'string' && /^[A-Z]{3}$/.test(currencyCode) ? currencyCode : DEFAULT_CURRENCY,
    locale: typeof locale === 'string' && locale ? locale : DEFAULT_LOCALE,
  };
}

/** The configs query with its data narrowed to the tenant's currency; undefined until the configs have arrived. */
export function useTenantCurrencyQuery() {
  const result = useGetConfigsQuery();
  const { data: entries } = result;
  const data = useMemo(() => (entries ? tenantCurrencyFrom(entries) : undefined), [entries]);
  return { ...result, data };
}
