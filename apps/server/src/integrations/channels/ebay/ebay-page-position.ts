import { decodePosition, encodePosition, isCount, isIsoTime } from '../page-position.ts';

/**
 * eBay pages by offset, so its position is the frozen range of modification times the window reads, how many places
 * of its result the window has covered, and how many orders the range held when the last page was read (a drop says
 * orders left it and the rest shifted back).
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

export const encodeEbayPosition: (position: EbayPosition) => string = encodePosition;

/** Null for a token this adapter did not write (a bare offset from before positions): the window starts over. */
export function decodeEbayPosition(token: string): EbayPosition | null {
  return decodePosition(token, ({ since, until, next, total }) =>
    isIsoTime(since) && isIsoTime(until) && isCount(next) && (total === null || isCount(total))
      ? { since, until, next, total }
      : null,
  );
}
