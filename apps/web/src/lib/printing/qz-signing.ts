import { readAuthToken } from '@/lib/storage/auth-data';

/** Where QZ Tray's certificate and signatures come from. */
export interface QzSigning {
  /** The site's certificate (PEM), or null when the server has none: QZ Tray then asks the person to allow. */
  certificate(): Promise<string | null>;
  /** The base64 signature of `request`, or null to send the call unsigned. */
  sign(request: string): Promise<string | null>;
}

interface ServerSigningOptions {
  /** Tests pass a fake server. */
  fetch?: typeof fetch;
  /** How to wait before asking again after a 429 (tests pass one that does not wait). */
  sleep?: (ms: number) => Promise<void>;
}

/** A 429 is asked again this many times, when the server says to wait no longer than LONGEST_WAIT_MS. */
const RETRIES_WHEN_LIMITED = 5;
const LONGEST_WAIT_MS = 10_000;

const sleeping = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** What the server said when it refused, in its words when it sent some. */
async function refusal(response: Response): Promise<string> {
  const fallback = 'Shipdesk could not sign the request for QZ Tray';
  try {
    const body = (await response.json()) as { message?: unknown };
    return typeof body.message === 'string' && body.message ? `${fallback}: ${body.message}` : fallback;
  } catch {
    return fallback;
  }
}

/**
 * Signing by the server (GET /call/print/certificate, POST /call/print/sign). The server signs only what QZ Tray
 * hands over (the SHA-256 of a call, in hex), passed on unchanged, and only for this app's pages: the request is a
 * same-origin POST, so the browser names the page in `Origin`. A server without a certificate answers 404
 * `printing_not_configured`; from then on nothing is signed and no signature is asked for. Signatures are limited per
 * user (a batch of labels printed one by one can reach it): a 429 waits its Retry-After and asks again.
 */
export function serverSigning(options: ServerSigningOptions = {}): QzSigning {
  const send = options.fetch ?? ((input, init) => fetch(input, init));
  const sleep = options.sleep ?? sleeping;
  let configured: boolean | null = null;

  const call = (path: string, init: RequestInit = {}): Promise<Response> => {
    const headers = new Headers(init.headers);
    const token = readAuthToken();
    if (token) headers.set('Authorization', `Bearer ${token}`);
    return send(path, { ...init, headers });
  };

  return {
    async certificate() {
      try {
        const response = await call('/call/print/certificate', { headers: { Accept: 'text/plain' } });
        configured = response.ok;
        return response.ok ? await response.text() : null;
      } catch {
        configured = false;
        return null;
      }
    },
    async sign(request) {
      if (configured === false) return null;
      for (let attempt = 0; ; attempt += 1) {
        const response = await call('/call/print/sign', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Accept: 'text/plain' },
          body: JSON.stringify({ request }),
        });
        if (response.status === 404) {
          configured = false;
          return null;
        }
        if (response.ok) return response.text();
        const waitMs = Number(response.headers.get('Retry-After') ?? '1') * 1000;
        if (response.status === 429 && attempt < RETRIES_WHEN_LIMITED && waitMs <= LONGEST_WAIT_MS) {
          await sleep(waitMs);
          continue;
        }
        throw new Error(await refusal(response));
      }
    },
  };
}
