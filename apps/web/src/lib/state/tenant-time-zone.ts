import { DEFAULT_TIME_ZONE, isKnownTimeZone } from '@shipdesk/contract';
import type { RootState } from '@/lib/store-hooks';
import { useAppSelector } from '@/lib/store-hooks';

const isTimeZone = (value: unknown): value is string =>
  typeof value === 'string' && value !== '' && isKnownTimeZone(value);

/**
 * The tenant's time zone: the `time_zone` setting as last read (Settings refreshes it when it is saved, so every page
 * follows at once), else the zone start-up provisioning answered (POST /call/verifyNewUserRegister), else the
 * product default.
 */
export function selectTenantTimeZone(state: RootState): string {
  for (const query of Object.values(state.api.queries)) {
    if (query?.endpointName !== 'getConfigs' || query.status !== 'fulfilled') continue;
    const entries = query.data as Array<{ key: string; value: unknown }> | undefined;
    const saved = entries?.find((entry) => entry.key === 'time_zone')?.value;
    if (isTimeZone(saved)) return saved;
  }
  for (const mutation of Object.values(state.api.mutations)) {
    if (mutation?.endpointName !== 'verifyNewUserRegister' || mutation.status !== 'fulfilled') continue;
    const timeZone = (mutation.data as { data?: { timeZone?: unknown } } | undefined)?.data?.timeZone;
    if (isTimeZone(timeZone)) return timeZone;
  }
  return DEFAULT_TIME_ZONE;
}

export function useTenantTimeZone(): string {
  return useAppSelector(selectTenantTimeZone);
}
