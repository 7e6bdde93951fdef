import { DEFAULT_TIME_ZONE, localDateTime } from '@shipdesk/contract';

/**
 * A timestamp as 'YYYY-MM-DD HH:mm:ss' in the given IANA time zone (spec section 9; default America/New_York), read
 * on the contract's wall clock, as the server reads the tenant's days. Invalid input (unparseable text, an invalid
 * Date, an unknown zone) gives '' so a table cell shows nothing rather than 'NaN-aN-aN'.
 */
export function formatDateTime(value: string | Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  try {
    return localDateTime(date, timeZone);
  } catch {
    return '';
  }
}
