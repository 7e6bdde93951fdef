import { createHash } from 'node:crypto';
import type { AccessTokens } from '../http/access-token.ts';

/**
 * Carrier tokens outlive an adapter: the server builds one per use (a connection test, later a label), and USPS counts
 * token calls against a quota of about 60 requests an hour. So each account's tokens are kept here in memory for as
 * long as what they were issued for (the API address, the client id and secret, the account they act for) stays the
 * same; changing any of those starts afresh. The token request of the client that started an account's entry serves
 * the clients after it: clients of one account differ in nothing but pacing.
 */

/** Accounts kept at most; the oldest entry goes first. */
const MAX_ACCOUNTS = 10_000;
const kept = new Map<string, { fingerprint: string; tokens: AccessTokens }>();

/** `account` is stable per account (carrier and CarrierConnection.key); `issuedFor` is what the tokens depend on. */
export function keptAccessTokens(
  account: string,
  issuedFor: readonly string[],
  create: () => AccessTokens,
): AccessTokens {
  // A digest, so the cache holds no secret in a key.
  const fingerprint = createHash('sha256').update(JSON.stringify(issuedFor)).digest('base64url');
  const found = kept.get(account);
  if (found?.fingerprint === fingerprint) return found.tokens;
  const tokens = create();
  kept.delete(account);
  kept.set(account, { fingerprint, tokens });
  if (kept.size > MAX_ACCOUNTS) kept.delete(kept.keys().next().value!);
  return tokens;
}
