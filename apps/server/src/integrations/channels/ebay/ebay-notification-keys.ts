import type { KeyObject } from 'node:crypto';
import { ebayPublicKey } from './ebay-notification-signature.ts';

/**
 * eBay's public keys by kid, kept an hour as eBay asks (getPublicKey counts against the app's daily calls), one fetch
 * at a time per key. A kid eBay does not know is remembered as unknown for a minute, so a stream of forged kids costs
 * one call a minute each, not one per message.
 */

const KEEP_MS = 60 * 60_000;
const UNKNOWN_KEEP_MS = 60_000;
const MOST_KEYS = 1000;

interface Fetched {
  algorithm?: string;
  key?: string;
}

export interface EbayKeyCache {
  /** The key of `kid` (fetched with `fetch` when not kept), or null when eBay has none or it is not an ECDSA key. */
  get(app: string, kid: string, fetch: () => Promise<Fetched | null>): Promise<KeyObject | null>;
}

export function createEbayKeyCache(now: () => number = Date.now): EbayKeyCache {
  const kept = new Map<string, { key: KeyObject | null; until: number }>();
  const fetching = new Map<string, Promise<KeyObject | null>>();

  async function load(id: string, fetch: () => Promise<Fetched | null>): Promise<KeyObject | null> {
    const answer = await fetch();
    let key: KeyObject | null = null;
    if (answer?.key && (answer.algorithm ?? 'ECDSA').toUpperCase() === 'ECDSA') {
      try {
        key = ebayPublicKey(answer.key);
      } catch {
        key = null;
      }
    }
    if (kept.size >= MOST_KEYS) kept.delete(kept.keys().next().value!);
    kept.set(id, { key, until: now() + (key ? KEEP_MS : UNKNOWN_KEEP_MS) });
    return key;
  }

  return {
    async get(app, kid, fetch) {
      const id = `${app}\n${kid}`;
      const entry = kept.get(id);
      if (entry && entry.until > now()) return entry.key;
      let pending = fetching.get(id);
      if (!pending) {
        pending = load(id, fetch).finally(() => fetching.delete(id));
        fetching.set(id, pending);
      }
      return pending;
    },
  };
}
