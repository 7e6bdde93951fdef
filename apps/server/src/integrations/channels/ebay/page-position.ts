/**
 * Where a pull window stands between two `listOrders` calls, carried as the page token: the frozen range of
 * modification times the window reads, how many places of its result the window has covered, and how many orders the
 * range held when the last page was read (a drop says orders left it and the rest shifted back).
 */
export interface EbayPosition {
  /** ISO: the window's start (lastmodifieddate from). */
  since: string;
  /** ISO: the window's fixed end (lastmodifieddate to). */
  until: string;
  /** Places of the result covered so far: the next page starts here unless the result shrank. */
  next: number;
  /** The result's `total` on the last page read; null when eBay did not say. */
  total: number | null;
}

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;
const isTime = (value: unknown): value is string => typeof value === 'string' && !Number.isNaN(Date.parse(value));

export function encodeEbayPosition(position: EbayPosition): string {
  return Buffer.from(JSON.stringify(position)).toString('base64url');
}

/** Null for a token this adapter did not write (a bare offset from before positions): the window starts over. */
export function decodeEbayPosition(token: string): EbayPosition | null {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object') return null;
  const { since, until, next, total } = value as Record<string, unknown>;
  if (!isTime(since) || !isTime(until) || !isCount(next) || !(total === null || isCount(total))) return null;
  return { since, until, next, total };
}
