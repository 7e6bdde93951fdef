import { createPrivateKey, createSign, X509Certificate, type KeyObject } from 'node:crypto';
import { HttpError } from '../../lib/http-errors.ts';

/** The site's certificate and private key for QZ Tray, PEM text; both unset when printing is not configured. */
export interface PrintingOptions {
  certificate: string | undefined;
  privateKey: string | undefined;
}

export interface PrintingService {
  /** The certificate QZ Tray shows the person and checks signatures with (PEM, as configured). */
  certificate(): string;
  /** `request` (what QZ Tray asks the page to sign) signed with RSA-SHA512, base64. */
  sign(request: string): string;
}

const notConfigured = () =>
  new HttpError(404, 'Printing is not set up on this server; QZ Tray asks to allow each connection', {
    reason: 'printing_not_configured',
  });

function parseKeyPair(certificate: string, privateKey: string): KeyObject {
  let key: KeyObject;
  let x509: X509Certificate;
  try {
    x509 = new X509Certificate(certificate);
  } catch {
    throw new Error('QZ_CERTIFICATE is not a PEM certificate');
  }
  try {
    key = createPrivateKey(privateKey);
  } catch {
    throw new Error('QZ_PRIVATE_KEY is not a PEM private key');
  }
  if (key.asymmetricKeyType !== 'rsa')
    throw new Error('QZ_PRIVATE_KEY must be an RSA key (QZ Tray checks RSA signatures)');
  if (!x509.checkPrivateKey(key)) throw new Error('QZ_PRIVATE_KEY does not belong to QZ_CERTIFICATE');
  return key;
}

/**
 * Signing for QZ Tray: the page hands over the certificate, then has every call signed so QZ Tray trusts the site
 * without asking each time. A pair that does not parse, or a key that is not the certificate's, stops the start.
 */
export function createPrintingService(options: PrintingOptions): PrintingService {
  const { certificate, privateKey } = options;
  if (!certificate || !privateKey) {
    return {
      certificate: () => {
        throw notConfigured();
      },
      sign: () => {
        throw notConfigured();
      },
    };
  }
  const key = parseKeyPair(certificate, privateKey);
  return {
    certificate: () => certificate,
    sign: (request) => createSign('RSA-SHA512').update(request, 'utf8').sign(key, 'base64'),
  };
}
