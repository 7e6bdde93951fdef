import { readAuthToken } from '@/lib/storage/auth-data';

/** Where QZ Tray's certificate and signatures come from. */
export interface QzSigning {
  /** The site's certificate (PEM), or null when the server has none: QZ Tray then asks the person to allow. */
  certificate(): Promise<string | null>;
  /** The base64 signature of `request`, or null to send the call unsigned. */
  sign(request: string): Promise<string | null>;
}

async function call(path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  const token = readAuthToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return fetch(path, { ...init, headers });
}

/**
 * Signing by the server (GET /call/print/certificate, POST /call/print/sign). A server without a certificate
 * answers 404 `printing_not_configured`; from then on nothing is signed and no signature is asked for.
 */
export function serverSigning(): QzSigning {
  let configured: boolean | null = null;
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
      const response = await call('/call/print/sign', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'text/plain' },
        body: JSON.stringify({ request }),
      });
      if (response.status === 404) {
        configured = false;
        return null;
      }
      if (!response.ok) throw new Error('Shipdesk could not sign the request for QZ Tray');
      return response.text();
    },
  };
}
