/**
 * Where a pull window stands between two `listOrders` calls, carried as the page token. It holds a position in the
 * data (a modification second and an order id) rather than a page number: an order changed while the window is read
 * moves to the end of "modified since", and with page numbers every later order would shift back one place, the one
 * sliding onto a page already read never to be read in this window.
 */
export interface BcPosition {
  /** ISO second: every order modified before it has been returned in this window. */
  since: string;
  /** While walking the orders that share the second `since` in id order: those up to this id were returned. */
  afterId?: number;
}

export function encodeBcPosition(position: BcPosition): string {
  return Buffer.from(JSON.stringify(position)).toString('base64url');
}

/** Null for a token this adapter did not write (a page number from before positions): the window starts over. */
export function decodeBcPosition(token: string): BcPosition | null {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object') return null;
  const { since, afterId } = value as Record<string, unknown>;
  if (typeof since !== 'string' || Number.isNaN(Date.parse(since))) return null;
  if (afterId === undefined) return { since };
  if (typeof afterId !== 'number' || !Number.isInteger(afterId) || afterId < 0) return null;
  return { since, afterId };
}
