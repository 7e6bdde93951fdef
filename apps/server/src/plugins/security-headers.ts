import fp from 'fastify-plugin';

interface SecurityHeadersOptions {
  /** The identity provider: the web app fetches its token endpoint and frames it for a silent sign-in. */
  oidcIssuer: string;
  /** Where the app-switcher logos come from (the SSO's catalogue). */
  ssoUrl: string;
}

const originOf = (url: string) => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/**
 * QZ Tray, the local print and scale helper (docs/printing.md), listens on these websockets of the seller's own
 * computer: wss on its secure ports for https pages, ws on the others for http pages.
 */
const QZ_TRAY_SOCKETS = ['localhost', 'localhost.qz.io']
  .flatMap((host) => [
    ...[8181, 8282, 8383, 8484].map((port) => `wss://${host}:${port}`),
    ...[8182, 8283, 8384, 8485].map((port) => `ws://${host}:${port}`),
  ])
  .join(' ');

/**
 * The web app's Content-Security-Policy: its own scripts only (Vite emits no inline script), styles inline too
 * (MUI's emotion writes <style> tags at run time), the identity provider for tokens and the silent sign-in frame,
 * blob: frames for PDF previews, QZ Tray's local sockets, and no one may frame the app.
 */
export function webAppPolicy(options: SecurityHeadersOptions): string {
  const identity = [...new Set([originOf(options.oidcIssuer), originOf(options.ssoUrl)].filter(Boolean))].join(' ');
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${identity}`,
    "font-src 'self' data:",
    `connect-src 'self' ${identity} ${QZ_TRAY_SOCKETS}`,
    `frame-src 'self' blob: ${identity}`,
    "object-src 'none'",
    "base-uri 'self'",
    `form-action 'self' ${identity}`,
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * Headers on every answer: no MIME sniffing, no framing, no full URL in the Referer to other sites. HTML pages of the
 * web app get the Content-Security-Policy; the API documentation (/docs) brings its own page and keeps it.
 */
export const securityHeadersPlugin = fp<SecurityHeadersOptions>(
  async (app, options) => {
    const policy = webAppPolicy(options);
    app.addHook('onSend', async (request, reply, payload) => {
      reply.header('x-content-type-options', 'nosniff');
      reply.header('x-frame-options', 'DENY');
      reply.header('referrer-policy', 'strict-origin-when-cross-origin');
      const type = String(reply.getHeader('content-type') ?? '');
      if (type.startsWith('text/html') && !request.url.startsWith('/docs')) {
        reply.header('content-security-policy', policy);
      }
      return payload;
    });
  },
  { name: 'security-headers' },
);
