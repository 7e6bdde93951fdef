import { DEFAULT_TIME_ZONE } from '@shipdesk/contract';

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      // h23, not hour12:false: the latter renders midnight as '24' in some engines.
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * A timestamp as 'YYYY-MM-DD HH:mm:ss' in the given IANA time zone (spec section 9; default
 * America/New_York). Invalid input (unparseable text, an invalid Date, an unknown zone) gives ''
 * so a table cell shows nothing rather than 'NaN-aN-aN'.
 */
export function formatDateTime(value: string | Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = formatterFor(timeZone).formatToParts(date);
  } catch {
    return '';
  }
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  let year = part('year');
  // Years before 1 CE would need an era; the product never stores them, but keep the width fixed.
  if (year.length < 4) year = year.padStart(4, '0');
  return `${year}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}:${part('second')}`;
}
