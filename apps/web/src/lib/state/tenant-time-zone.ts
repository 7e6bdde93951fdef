import { createSelector } from '@reduxjs/toolkit';
import { DEFAULT_TIME_ZONE, isKnownTimeZone } from '@shipdesk/contract';
import type { RootState } from '@/lib/store-hooks';
import { useAppSelector } from '@/lib/store-hooks';

/** isKnownTimeZone builds an Intl.DateTimeFormat to ask; a zone's answer never changes, so each is asked once. */
const knownZones = new Map<string, boolean>();

function isKnownZoneCached(zone: string): boolean {
  let known = knownZones.get(zone);
  if (known === undefined) {
    known = isKnownTimeZone(zone);
    knownZones.set(zone, known);
  }
  return known;
}

const isTimeZone = (value: unknown): value is string =>
  typeof value === 'string' && value !== '' && isKnownZoneCached(value);

type ApiState = RootState['api'];

function tenantTimeZoneOf(queries: ApiState['queries'], mutations: ApiState['mutations']): string {
  for (const query of Object.values(queries)) {
    if (query?.endpointName !== 'getConfigs' || query.status !== 'fulfilled') continue;
    const entries = query.data as Array<{ key: string; value: unknown }> | undefined;
    const saved = entries?.find((entry) => entry.key === 'time_zone')?.value;
    if (isTimeZone(saved)) return saved;
  }
  for (const mutation of Object.values(mutations)) {
    if (mutation?.endpointName !== 'verifyNewUserRegister' || mutation.status !== 'fulfilled') continue;
    const timeZone = (mutation.data as { data?: { timeZone?: unknown } } | undefined)?.data?.timeZone;
    if (isTimeZone(timeZone)) return timeZone;
  }
  return DEFAULT_TIME_ZONE;
}

/**
 * The tenant's time zone: the `time_zone` setting as last read (Settings refreshes it when it is saved, so every page
 * follows at once), else the zone start-up provisioning answered (POST /call/verifyNewUserRegister), else the
 * product default. Memoized on the API's queries and mutations: every component that shows a date selects it on every
 * store update, and most updates (a slice's flag, a subscription) change neither.
 */
export const selectTenantTimeZone = createSelector(
  [(state: RootState) => state.api.queries, (state: RootState) => state.api.mutations],
  tenantTimeZoneOf,
);

export function useTenantTimeZone(): string {
  return useAppSelector(selectTenantTimeZone);
}
