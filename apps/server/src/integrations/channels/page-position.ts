/**
 * A pull window's position, carried between two `listOrders` calls as the page token. The token is the position's
 * JSON in base64url: opaque to the caller, safe in a query string, and told apart from the bare page numbers and
 * offsets that older tokens held, which read as no position so the window starts over.
 */
export function encodePosition(position: object): string {
  return Buffer.from(JSON.stringify(position)).toString('base64url');
}

/** The position `read` finds in the token's fields; null for a token no adapter wrote or one `read` turns down. */
export function decodePosition<T>(token: string, read: (fields: Record<string, unknown>) => T | null): T | null {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object') return null;
  return read(value as Record<string, unknown>);
}

export const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0;

export const isIsoTime = (value: unknown): value is string =>
  typeof value === 'string' && !Number.isNaN(Date.parse(value));

/**
 * A position in the data rather than a page number, for platforms that filter by "changed since" a whole second and
 * can then order by id. An order changed while the window is read moves to the end of "changed since": with page
 * numbers every later order would shift back one place, the one sliding onto a page already read never to be read
 * in this window.
 */
export interface SecondPosition {
  /** A whole second, in the platform's own form: every order changed before it has been returned in this window. */
  since: string;
  /** While walking the orders that share the second `since` in id order: those up to this id were returned. */
  afterId?: number;
}

/** The fields as a SecondPosition whose `since` is a second in the form `isSecond` accepts, else null. */
export function readSecondPosition(
  fields: Record<string, unknown>,
  isSecond: (since: string) => boolean,
): SecondPosition | null {
  const { since, afterId } = fields;
  if (typeof since !== 'string' || !isSecond(since)) return null;
  if (afterId === undefined) return { since };
  return isCount(afterId) ? { since, afterId } : null;
}
