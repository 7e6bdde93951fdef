import { DEFAULT_TIME_ZONE } from '@shipdesk/contract';
import type { RootState } from '@/lib/store-hooks';
import { useAppSelector } from '@/lib/store-hooks';

function isTimeZone(value: unknown): value is string {
  if (typeof value !== 'string' || value === '') return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/**
 * The tenant's time zone. Start-up provisions the tenant with POST /call/verifyNewUserRegister, whose answer
 * carries `timeZone`; until it has answered (or if it names no valid zone) the product default applies.
 */
export function selectTenantTimeZone(state: RootState): string {
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
