import type { FakeReply } from '../http/fake-http.ts';

/**
 * UPS publishes no request limits (they are per application, raised on request), so the fake allows what a test or
 * the demo says: `callsPerWindow` calls per fixed window, then 429 in UPS's words (10429 Too Many Requests) until
 * the window turns. One window per API (address validation, tracking).
 */

export interface FakeUpsCallLimit {
  callsPerWindow: number;
  /** Default 60 s. */
  windowMs?: number;
}

type Refuse = (status: number, code: string, message: string) => FakeReply;

/** Counts each call in the current window; the 429 to answer once the window is spent, else null. */
export function upsCallWindow(limit: FakeUpsCallLimit | null, refuse: Refuse): () => FakeReply | null {
  let windowStart = Date.now();
  let spent = 0;
  return () => {
    if (!limit) return null;
    const windowMs = limit.windowMs ?? 60_000;
    const now = Date.now();
    if (now - windowStart >= windowMs) {
      windowStart = now - ((now - windowStart) % windowMs);
      spent = 0;
    }
    if (spent >= limit.callsPerWindow) return refuse(429, '10429', 'Too Many Requests');
    spent += 1;
    return null;
  };
}
