/**
 * Where a pull window stands between two `listOrders` calls, carried as the page token. It is a position in the data
 * (an `updated_at` second and an entity id), not a `currentPage`: an order changed while the window is read moves to
 * the end of "updated since", and with page numbers every later order would shift back one place, the one sliding
 * onto a page already read never to be read in this window.
 */
export interface MagentoPosition {
  /** Magento's 'YYYY-MM-DD HH:MM:SS' (UTC): every order updated before it has been returned in this window. */
  since: string;
  /** While walking the orders that share the second `since` by entity id: those up to this id were returned. */
  afterId?: number;
}

const MAGENTO_SECOND = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

export function encodeMagentoPosition(position: MagentoPosition): string {
  return Buffer.from(JSON.stringify(position)).toString('base64url');
}

/** Null for a token this adapter did not write (a page number from before positions): the window starts over. */
export function decodeMagentoPosition(token: string): MagentoPosition | null {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object') return null;
  const { since, afterId } = value as Record<string, unknown>;
  if (typeof since !== 'string' || !MAGENTO_SECOND.test(since)) return null;
  if (afterId === undefined) return { since };
  return typeof afterId === 'number' && Number.isInteger(afterId) && afterId >= 0 ? { since, afterId } : null;
}
