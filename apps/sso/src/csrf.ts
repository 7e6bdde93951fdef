import { createHmac, timingSafeEqual } from 'node:crypto';

interface Csrf {
  /** The token a form carries for `binding` (a session uid, a browser nonce): an HMAC, so nothing is stored. */
  token(binding: string): string;
  valid(binding: string, token: string | undefined): boolean;
}

/** Form tokens of one purpose (`profile`, `support`): a token of one purpose is worthless for another. */
export function createCsrf(secret: string, purpose: string): Csrf {
  const token = (binding: string) => createHmac('sha256', secret).update(`${purpose}:${binding}`).digest('base64url');
  return {
    token,
    valid(binding, given) {
      if (!given) return false;
      const expected = Buffer.from(token(binding));
      const actual = Buffer.from(given);
      return expected.length === actual.length && timingSafeEqual(expected, actual);
    },
  };
}
